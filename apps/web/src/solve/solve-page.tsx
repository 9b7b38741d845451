import { Alert, Button, Grid, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { choiceKeyToValue } from '@qbank/shared/answers';
import { SOLVE_BOX_SLOTS } from '@qbank/shared/boxes';
import { idParam } from '@qbank/shared/paging';
import type { Problem } from '@qbank/shared/problems';
import { testSummarySchema, type TestSummary } from '@qbank/shared/tests';
import { IconAlertCircle, IconArrowLeft, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useAddToBox, useProblemBoxes, useRemoveFromBox, useSolveBoxes } from '../boxes/api';
import { BookmarkModal } from '../boxes/bookmark-modal';
import { PageLoader } from '../components/page-loader';
import { errorMessage, isApiRequestError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { messages } from './messages';
import { useRecordAttempt, useRestartRun, useSolveProblems, useSolveProgress, useSolveTest } from './api';
import { NumberGrid } from './components/number-grid';
import { ProblemView } from './components/problem-view';
import { ResumeModal } from './components/resume-modal';
import { ShortcutHelpModal } from './components/shortcut-help-modal';
import { SolveTopBar } from './components/solve-top-bar';
import {
  choiceOptions,
  firstUnanswered,
  judge,
  resultsFromAttempts,
  score,
  type Shortcut,
  type SolveResult,
} from './solve-model';
import { useSolveShortcuts } from './use-solve-shortcuts';
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
    setResults((prev) => new Map(prev).set(problem.uid, { answer: value, correct: local, save: 'saving', token }));
    setRetrying((prev) => {
      if (!prev.has(problem.uid)) return prev;
      const next = new Set(prev);
      next.delete(problem.uid);
      return next;
    });
    setAnnouncement(m.resultAnnouncement(pos, local));
    focusResultNext.current = fromPointer;

    record.mutateAsync({ problem_uid: problem.uid, answer: value }).then(
      (attempt) => {
        // The server's verdict is the recorded one; it wins when it differs.
        updateResult(problem.uid, token, { correct: attempt.is_correct, save: 'saved' });
        if (attempt.is_correct !== local) setAnnouncement(m.resultAnnouncement(pos, attempt.is_correct));
        if (!attempt.is_correct) boxes.addToWrongNotes(problem.uid);
      },
      () => {
        updateResult(problem.uid, token, { save: 'failed' });
        if (!local) boxes.addToWrongNotes(problem.uid);
      },
    );
  }

  function retry(uid: number) {
    setRetrying((prev) => new Set(prev).add(uid));
  }

  function go(next: number) {
    setIndex(Math.max(0, Math.min(problems.length - 1, next)));
  }

  function onShortcut(shortcut: Shortcut) {
    switch (shortcut.kind) {
      case 'previous':
        go(index - 1);
        break;
      case 'next':
        go(index + 1);
        break;
      case 'toggleExplanation':
        setExplanation((on) => !on);
        break;
      case 'help':
        setHelpOpen(true);
        break;
      case 'choose': {
        if (!current || !answering) return;
        const value = choiceKeyToValue(shortcut.key, options);
        if (value) answer(current, value, false);
        break;
      }
    }
  }

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
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={m.loadFailed} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(problemsQuery.error, m.loadFailed)}</Text>
          <Button variant="default" className="qbank-solve-target" onClick={() => void problemsQuery.refetch()}>
            {m.reload}
          </Button>
        </Stack>
      </Alert>
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
              onOpenBoxes={() => setBoxesOpen(true)}
              resultRef={resultRef}
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
            <NumberGrid problems={problems} results={results} current={position - 1} onSelect={go} />
          </Paper>
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

/**
 * Solve mode's two boxes (DESIGN.md §5): ★ 중요 toggles the problem in the member's 중요 문제 box;
 * a wrong answer puts it in 오답 노트 (said once per visit). Both boxes are the member's own server
 * boxes, made by the server the first time they are needed.
 */
function useSolveBox(problemUid: number | null) {
  const solveBoxes = useSolveBoxes(false);
  const problemBoxes = useProblemBoxes(problemUid ?? 0, problemUid !== null);
  const add = useAddToBox();
  const remove = useRemoveFromBox();
  const [pending, setPending] = useState<{ uid: number; checked: boolean } | null>(null);
  const inWrongNotes = useRef(new Set<number>());
  const toldWrongNotes = useRef(false);
  const latest = useRef(solveBoxes);
  useEffect(() => {
    latest.current = solveBoxes;
  });

  async function ensureBoxes() {
    const known = latest.current.data;
    if (known) return known;
    const fetched = await latest.current.refetch();
    if (!fetched.data) throw fetched.error ?? new Error(m.bookmarkAddFailed);
    return fetched.data;
  }

  const importantBox = problemBoxes.data?.find((box) => box.solve_slot === SOLVE_BOX_SLOTS.important);
  const waiting = pending !== null && pending.uid === problemUid;
  const checked = waiting ? pending.checked : importantBox?.has_problem === true;

  async function toggleImportant() {
    if (problemUid === null || waiting) return;
    const uid = problemUid;
    const next = !checked;
    setPending({ uid, checked: next });
    try {
      const { important } = await ensureBoxes();
      if (next) await add.mutateAsync({ boxId: important.code, problemUid: uid });
      else await remove.mutateAsync({ boxId: important.code, problemUid: uid });
      notifications.show({ color: 'teal', message: next ? m.bookmarkAdded : m.bookmarkRemoved });
    } catch (error) {
      const failed = next ? m.bookmarkAddFailed : m.bookmarkRemoveFailed;
      notifications.show({ color: 'red', title: failed, message: errorMessage(error, failed) });
    } finally {
      setPending(null);
    }
  }

  function addToWrongNotes(uid: number) {
    if (inWrongNotes.current.has(uid)) return;
    inWrongNotes.current.add(uid);
    void (async () => {
      try {
        const { wrong } = await ensureBoxes();
        await add.mutateAsync({ boxId: wrong.code, problemUid: uid });
        if (!toldWrongNotes.current) {
          toldWrongNotes.current = true;
          notifications.show({ color: 'blue', title: m.wrongNoteAdded, message: m.wrongNoteAddedText });
        }
      } catch (error) {
        inWrongNotes.current.delete(uid); // the next wrong answer tries again
        notifications.show({ color: 'red', title: m.wrongNoteFailed, message: errorMessage(error, m.wrongNoteFailed) });
      }
    })();
  }

  return {
    important: { checked, busy: waiting, onToggle: () => void toggleImportant() },
    addToWrongNotes,
  };
}

function StateCard({ text, href, label }: { text: string; href: string; label: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="md">
        <Text ta="center" fw={600}>
          {text}
        </Text>
        <Button
          component={Link}
          to={href}
          variant="default"
          className="qbank-solve-target"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {label}
        </Button>
      </Stack>
    </Paper>
  );
}
