import { Alert, Button, Grid, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { choiceKeyToValue } from '@qbank/shared/answers';
import { isSelfJudgedType } from '@qbank/shared/solve';
import { idParam } from '@qbank/shared/paging';
import { PROBLEM_TYPES, type Problem } from '@qbank/shared/problems';
import { testSummarySchema, type TestSummary } from '@qbank/shared/tests';
import { IconAlertCircle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { BookmarkModal } from '../boxes/bookmark-modal';
import { PageLoader } from '../components/page-loader';
import { errorMessage, isApiRequestError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { messages } from './messages';
import { useRecordAttempt, useRestartRun, useSolveProblems, useSolveProgress, useSolveTest, useSelfJudgment } from './api';
import { NotePanel } from '../notes/note-panel';
import { solveLookOf, StatusGrid } from './components/number-grid';
import { ProblemView } from './components/problem-view';
import { ResumeModal } from './components/resume-modal';
import { ShortcutHelpModal } from './components/shortcut-help-modal';
import { LoadFailedCard, StateCard } from './components/state-card';
import { SolveTopBar } from './components/solve-top-bar';
import { TestPercentile } from '../stats/test-percentile';
import { selfJudgeMessages as sj } from './self-judge-messages';
import {
  choiceOptions,
  firstUnanswered,
  judge,
  resultsFromAttempts,
  score,
  type Shortcut,
  type SolveResult,
} from './solve-model';
import { useSolveBox } from './use-solve-box';
import { handleShortcut, useSolveShortcuts } from './use-solve-shortcuts';
import './solve.css';

const m = messages.solve;

/** A code from the URL; null when it is not a positive integer. */
function parseTestCode(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const parsed = idParam.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The exam handed over by the problem list (navigation state), when it is this exam. */
function testFromState(state: unknown, testCode: number): TestSummary | null {
  const raw = typeof state === 'object' && state !== null ? (state as Record<string, unknown>).test : undefined;
  const parsed = testSummarySchema.safeParse(raw);
  return parsed.success && parsed.data.test_code === testCode ? parsed.data : null;
}

/** /tests/:testCode/solve — solve an exam's problems one by one, with progress kept on the server. */
export function SolvePage() {
  const params = useParams();
  const testCode = parseTestCode(params.testCode);
  if (testCode === null) {
    return (
      <Stack gap="md">
        <SolveTopBar
          title={messages.titles.testSolve}
          exitHref={paths.exams.getHref()}
          position={0}
          total={0}
          score={null}
          explanation={false}
          onToggleExplanation={() => {}}
          onHelp={() => {}}
        />
        <StateCard text={m.testNotFound} href={paths.exams.getHref()} label={m.backToExams} />
      </Stack>
    );
  }
  // A new exam is a new session: nothing of the last one's screen state carries over.
  return <SolveScreen key={testCode} testCode={testCode} />;
}

type Decision = 'pending' | 'resumed' | 'restarted';

function SolveScreen({ testCode }: { testCode: number }) {
  const location = useLocation();
  const stateTest = useMemo(() => testFromState(location.state, testCode), [location.state, testCode]);
  const testQuery = useSolveTest(testCode, stateTest === null);
  const problemsQuery = useSolveProblems(testCode);
  const progressQuery = useSolveProgress(testCode);
  const restart = useRestartRun(testCode);
  const record = useRecordAttempt();
  const selfJudgment = useSelfJudgment();

  const test = stateTest ?? testQuery.data ?? null;
  const title = test?.test_name ?? messages.titles.testSolve;
  useDocumentTitle(messages.app.pageTitle(title));
  const listHref = paths.testProblems.getHref(testCode);

  const problems = useMemo(() => problemsQuery.data ?? [], [problemsQuery.data]);
  const [decision, setDecision] = useState<Decision>('pending');
  const [results, setResults] = useState<ReadonlyMap<number, SolveResult>>(new Map());
  const [index, setIndex] = useState(0);
  const [retrying, setRetrying] = useState<ReadonlySet<number>>(new Set());
  const [explanation, setExplanation] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [boxesOpen, setBoxesOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const tokenRef = useRef(0);
  const resultRef = useRef<HTMLDivElement>(null);
  const articleRef = useRef<HTMLDivElement>(null);
  const focusResultNext = useRef(false);

  // The earlier answers of the current run, offered to continue (decision 015).
  const prior = useMemo(
    () => resultsFromAttempts(progressQuery.data?.attempts ?? [], problems),
    [progressQuery.data, problems],
  );
  const loading = problemsQuery.isPending || progressQuery.isPending;
  const needsPrompt = !loading && decision === 'pending' && prior.size > 0;
  const solving = !loading && problems.length > 0 && !needsPrompt;

  const current: Problem | undefined = solving ? problems[Math.min(index, problems.length - 1)] : undefined;
  const position = current ? problems.indexOf(current) + 1 : 0;
  const options = useMemo(() => (current ? choiceOptions(current) : null), [current]);
  const currentResult = current ? results.get(current.uid) : undefined;
  const answering = current !== undefined && (!currentResult || retrying.has(current.uid));
  const currentScore = score(results, problems);

  const boxes = useSolveBox(current?.uid ?? null);

  function resume() {
    setResults(new Map(prior));
    setIndex(firstUnanswered(problems, prior));
    setDecision('resumed');
  }

  function startOver() {
    restart.mutate(undefined, {
      onSuccess: () => {
        setResults(new Map());
        setRetrying(new Set());
        setIndex(0);
        setDecision('restarted');
      },
    });
  }

  function updateResult(uid: number, token: number, change: Partial<SolveResult>) {
    setResults((prev) => {
      const result = prev.get(uid);
      if (!result || result.token !== token) return prev; // a newer answer has taken its place
      return new Map(prev).set(uid, { ...result, ...change });
    });
  }

  function answer(problem: Problem, value: string, fromPointer: boolean) {
    const token = ++tokenRef.current;
    const local = judge(problem, value);
    const pos = problems.indexOf(problem) + 1;
    // An essay or slide answer the key does not match word for word waits for the member's verdict.
    const selfJudged = isSelfJudgedType(problem.type);
    const announce = (correct: boolean) =>
      setAnnouncement(selfJudged && !correct ? sj.awaitingAnnouncement(pos) : m.resultAnnouncement(pos, correct));
    setResults((prev) =>
      new Map(prev).set(problem.uid, { answer: value, correct: local, save: 'saving', token, attemptCode: null, judgedBy: 'machine' }),
    );
    setRetrying((prev) => {
      if (!prev.has(problem.uid)) return prev;
      const next = new Set(prev);
      next.delete(problem.uid);
      return next;
    });
    announce(local);
    focusResultNext.current = fromPointer;

    record.mutateAsync({ problem_uid: problem.uid, answer: value }).then(
      (attempt) => {
        // The server's verdict is the recorded one; it wins when it differs.
        updateResult(problem.uid, token, { correct: attempt.is_correct, save: 'saved', attemptCode: attempt.code, judgedBy: attempt.judged_by });
        if (attempt.is_correct !== local) announce(attempt.is_correct);
        if (!attempt.is_correct && !selfJudged) boxes.addToWrongNotes(problem.uid);
      },
      () => {
        updateResult(problem.uid, token, { save: 'failed' });
        if (!local && !selfJudged) boxes.addToWrongNotes(problem.uid);
      },
    );
  }

  /** 맞음 / 틀림 on an essay or slide answer: shown at once, recorded on the server as 'self'. */
  function judgeSelf(problem: Problem, correct: boolean) {
    const result = results.get(problem.uid);
    if (!result || !isSelfJudgedType(problem.type)) return;
    if (result.judgedBy === 'machine' && result.correct) return; // word for word the key: nothing to judge
    const before = { correct: result.correct, judgedBy: result.judgedBy };
    updateResult(problem.uid, result.token, { correct, judgedBy: 'self' });
    setAnnouncement(sj.announcement(problems.indexOf(problem) + 1, correct));
    if (!correct) boxes.addToWrongNotes(problem.uid);
    if (result.attemptCode === null) return; // the answer itself was not saved: the verdict stays on this screen
    selfJudgment.mutate(
      { attemptCode: result.attemptCode, isCorrect: correct },
      {
        onError: (error) => {
          updateResult(problem.uid, result.token, before);
          notifications.show({ color: 'red', title: sj.saveFailed, message: errorMessage(error, sj.saveFailed) });
        },
      },
    );
  }

  function retry(uid: number) {
    setRetrying((prev) => new Set(prev).add(uid));
  }

  function go(next: number) {
    setIndex(Math.max(0, Math.min(problems.length - 1, next)));
  }

  const onShortcut = (shortcut: Shortcut) =>
    handleShortcut(shortcut, {
      previous: () => go(index - 1),
      next: () => go(index + 1),
      toggleExplanation: () => setExplanation((on) => !on),
      help: () => setHelpOpen(true),
      judgeSelf: (correct) => {
        if (current && !answering) judgeSelf(current, correct);
      },
      choose: (key) => {
        const value = current && answering ? choiceKeyToValue(key, options) : null;
        if (current && value) answer(current, value, false);
      },
    });

  useSolveShortcuts(solving && !helpOpen && !boxesOpen, onShortcut);

  // After a click on an option the option list is replaced by the result: focus goes there.
  useEffect(() => {
    if (!focusResultNext.current) return;
    focusResultNext.current = false;
    resultRef.current?.focus();
  }, [results]);

  // A new problem starts at its top, also when the last one was long (phones).
  const currentUid = current?.uid;
  useEffect(() => {
    const article = articleRef.current;
    if (currentUid === undefined || !article) return;
    if (article.getBoundingClientRect().top < 0) article.scrollIntoView({ block: 'start' });
  }, [currentUid]);

  const testMissing = stateTest === null && isApiRequestError(testQuery.error) && testQuery.error.status === 404;

  let content;
  if (testMissing) {
    content = <StateCard text={m.testNotFound} href={paths.exams.getHref()} label={m.backToExams} />;
  } else if (problemsQuery.isError) {
    content = (
      <LoadFailedCard title={m.loadFailed} reason={errorMessage(problemsQuery.error, m.loadFailed)} retryLabel={m.reload} onRetry={() => void problemsQuery.refetch()} />
    );
  } else if (loading) {
    content = <PageLoader />;
  } else if (problems.length === 0) {
    content = <StateCard text={m.empty} href={listHref} label={m.backToList} />;
  } else if (current) {
    content = (
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md" ref={articleRef} style={{ scrollMarginTop: '1rem' }}>
            <ProblemView
              problem={current}
              position={position}
              options={options}
              result={currentResult}
              answering={answering}
              explanation={explanation}
              important={boxes.important}
              onAnswer={(value) => answer(current, value, true)}
              onRetry={() => retry(current.uid)}
              onJudgeSelf={(correct) => judgeSelf(current, correct)}
              onOpenBoxes={() => setBoxesOpen(true)}
              resultRef={resultRef}
              footer={<NotePanel key={current.uid} problemUid={current.uid} />}
            />
            <Group justify="space-between" gap="sm">
              <Button
                variant="default"
                className="qbank-solve-target"
                leftSection={<IconChevronLeft size={18} aria-hidden />}
                aria-keyshortcuts="ArrowLeft"
                disabled={position <= 1}
                onClick={() => go(index - 1)}
              >
                {m.previous}
              </Button>
              <Button
                className="qbank-solve-target"
                rightSection={<IconChevronRight size={18} aria-hidden />}
                aria-keyshortcuts="ArrowRight"
                disabled={position >= problems.length}
                onClick={() => go(index + 1)}
              >
                {m.next}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="sm">
            <StatusGrid problems={problems} lookOf={solveLookOf(results)} current={position - 1} onSelect={go} />
          </Paper>
          {/* The percentile scores the objective problems: shown once each has a saved answer. */}
          <TestPercentile testCode={testCode} answeredAll={problems.every((p) => p.type !== PROBLEM_TYPES.multipleChoice || results.get(p.uid)?.save === 'saved')} />
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <Stack gap="md" className="qbank-solve">
      <SolveTopBar
        title={title}
        exitHref={listHref}
        position={position}
        total={solving ? problems.length : 0}
        score={solving ? currentScore : null}
        explanation={explanation}
        onToggleExplanation={() => setExplanation((on) => !on)}
        onHelp={() => setHelpOpen(true)}
      />
      {progressQuery.isError && !problemsQuery.isError && (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          <Text size="sm" c="dark.9">
            {m.progressFailed}
          </Text>
        </Alert>
      )}
      {content}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <ShortcutHelpModal opened={helpOpen} onClose={() => setHelpOpen(false)} />
      <ResumeModal
        opened={needsPrompt}
        answered={prior.size}
        restarting={restart.isPending}
        restartFailed={restart.isError}
        onResume={resume}
        onRestart={startOver}
      />
      {current && <BookmarkModal problemUid={current.uid} opened={boxesOpen} onClose={() => setBoxesOpen(false)} />}
    </Stack>
  );
}
