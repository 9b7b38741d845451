import { Alert, Grid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { choiceKeyToValue } from '@qbank/shared/answers';
import { ERROR_CODES } from '@qbank/shared/error-codes';
import { isSelfJudgedType, type Attempt } from '@qbank/shared/solve';
import { PROBLEM_TYPES, type Problem } from '@qbank/shared/problems';
import { IconAlertCircle } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { BookmarkModal } from '../boxes/bookmark-modal';
import { PageLoader } from '../components/page-loader';
import { errorMessage, isApiRequestError } from '../lib/api-client';
import { useLoginSession } from '../lib/login-session';
import { paths } from '../lib/paths';
import { useReleaseServerPaint } from '../lib/server-paint';
import { messages } from './messages';
import { useRestartRun, useSolveProblems, useSolveProgress, useSolveTest } from './api';
import { NotePanel } from '../notes/note-panel';
import { solveLookOf, StatusGridColumn } from '../answering/components/answer-grid';
import { AnswerTopBar } from '../answering/components/answer-top-bar';
import { ProblemNavigation } from '../answering/components/problem-navigation';
import { ProblemView } from '../answering/components/problem-view';
import { ShortcutHelpModal } from '../answering/components/shortcut-help-modal';
import { LoadFailedCard, StateCard } from '../answering/components/state-card';
import { ResumeModal } from './components/resume-modal';
import { TestPercentile } from '../stats/test-percentile';
import { choiceOptions, judge, score, type AnswerResult, type Shortcut } from '../answering/answer-model';
import { useSelfJudgment } from '../answering/self-judgment-api';
import { selfJudgeMessages as sj } from '../answering/self-judge-messages';
import { useAnswerRecording } from '../answering/use-answer-recording';
import { handleShortcut, useAnswerShortcuts } from '../answering/use-answer-shortcuts';
import { useDeckScreen } from '../answering/use-deck-screen';
import { useQueuedAnswers } from '../answering/use-queued-answers';
import { firstUnanswered, resultsFromAttempts } from './solve-order';
import { useWrongNotes } from './use-solve-box';
import { ImportantButton } from './components/important-button';
import { parseTestCode, testFromState } from './solve-params';
import '../answering/answering.css';

const m = messages.solve;
const am = messages.answering;

/** /tests/:testCode/solve — solve an exam's problems one by one, with progress kept on the server. */
export function SolvePage() {
  const params = useParams();
  const testCode = parseTestCode(params.testCode);
  if (testCode === null) {
    return (
      <Stack gap="md">
        <AnswerTopBar
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
  // A new exam is a new screen: nothing of the last one's screen state carries over.
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
  const login = useLoginSession();
  const memberCode = login.status === 'signed-in' ? login.user.code : null;
  const selfJudgment = useSelfJudgment();

  const test = stateTest ?? testQuery.data ?? null;
  const title = test?.test_name ?? messages.titles.testSolve;
  useDocumentTitle(messages.app.pageTitle(title));
  const listHref = paths.testProblems.getHref(testCode);

  const problems = useMemo(() => problemsQuery.data ?? [], [problemsQuery.data]);
  const [decision, setDecision] = useState<Decision>('pending');
  const [results, setResults] = useState<ReadonlyMap<number, AnswerResult>>(new Map());
  const [index, setIndex] = useState(0);
  const [retrying, setRetrying] = useState<ReadonlySet<number>>(new Set());
  const { explanation, setExplanation, helpOpen, setHelpOpen, boxesOpen, setBoxesOpen, announcement, setAnnouncement, tokenRef, resultRef, articleRef, view } =
    useDeckScreen(false);
  const focusResultNext = useRef(false);
  const queued = useQueuedAnswers(memberCode, testCode);

  // The earlier answers of the current run, offered to continue (decision 015).
  // Answers made offline and not sent yet are the latest: they show over the server's record.
  const prior = useMemo(() => {
    const merged = new Map(resultsFromAttempts(progressQuery.data?.attempts ?? [], problems));
    for (const answer of queued ?? []) {
      if (!problems.some((p) => p.uid === answer.problem_uid)) continue;
      merged.set(answer.problem_uid, {
        answer: answer.answer,
        correct: answer.local_correct,
        save: 'queued',
        token: 0,
        attemptCode: null,
        judgedBy: 'machine',
      });
    }
    return merged;
  }, [progressQuery.data, problems, queued]);
  // The screen (the number grid of up to 120 and the first problem) is drawn in a deferred render,
  // which React slices and can interrupt, rather than inside the update that brings the last of
  // its reads, which React renders in one piece: on a phone that was the page's longest task
  // (decision 060). The loader stays until that render is done.
  const loading = useDeferredValue(problemsQuery.isPending || progressQuery.isPending || queued === null);
  const needsPrompt = !loading && decision === 'pending' && prior.size > 0;
  const solving = !loading && problems.length > 0 && !needsPrompt;

  const current: Problem | undefined = solving ? problems[Math.min(index, problems.length - 1)] : undefined;
  const position = current ? problems.indexOf(current) + 1 : 0;
  const options = useMemo(() => (current ? choiceOptions(current) : null), [current]);
  const currentResult = current ? results.get(current.uid) : undefined;
  const answering = current !== undefined && (!currentResult || retrying.has(current.uid));
  const currentScore = score(results, problems);

  const boxes = useWrongNotes();

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

  function updateResult(uid: number, token: number, change: Partial<AnswerResult>) {
    setResults((prev) => {
      const result = prev.get(uid);
      if (!result || result.token !== token) return prev; // a newer answer has taken its place
      return new Map(prev).set(uid, { ...result, ...change });
    });
  }

  function announceResult(problem: Problem, correct: boolean) {
    const pos = problems.indexOf(problem) + 1;
    // An essay or slide answer the key does not match word for word waits for the member's verdict.
    setAnnouncement(isSelfJudgedType(problem.type) && !correct ? sj.awaitingAnnouncement(pos) : am.resultAnnouncement(pos, correct));
  }

  /** Records the member's own verdict on a recorded answer; a refusal puts the screen back. */
  function sendVerdict(uid: number, token: number, attemptCode: number, correct: boolean, before: Pick<AnswerResult, 'correct' | 'judgedBy'>) {
    selfJudgment.mutate(
      { attemptCode, isCorrect: correct },
      {
        onError: (error) => {
          updateResult(uid, token, before);
          notifications.show({ color: 'red', title: sj.saveFailed, message: errorMessage(error, sj.saveFailed) });
        },
      },
    );
  }

  /** The server recorded the answer (now, or later from the offline queue): its verdict wins. */
  function recorded({ uid, token }: { uid: number; token: number }, local: boolean, attempt: Attempt, verdict: boolean | undefined) {
    const problem = problems.find((p) => p.uid === uid);
    if (verdict !== undefined) {
      // The member judged the essay before it was recorded: their verdict goes with it.
      updateResult(uid, token, { save: 'saved', attemptCode: attempt.code });
      sendVerdict(uid, token, attempt.code, verdict, { correct: attempt.is_correct, judgedBy: attempt.judged_by });
      return;
    }
    updateResult(uid, token, { correct: attempt.is_correct, save: 'saved', attemptCode: attempt.code, judgedBy: attempt.judged_by });
    if (!problem) return;
    if (attempt.is_correct !== local) announceResult(problem, attempt.is_correct);
    if (!attempt.is_correct && !isSelfJudgedType(problem.type)) boxes.addToWrongNotes(uid);
  }

  function notRecorded({ uid, token }: { uid: number; token: number }, local: boolean, code?: string) {
    if (code === ERROR_CODES.problemVoided) {
      // Voided since the screen was loaded: the answer is not judged; the problem, read again, says so.
      setResults((prev) => (prev.get(uid)?.token === token ? new Map([...prev].filter(([key]) => key !== uid)) : prev));
      void problemsQuery.refetch();
      return;
    }
    const problem = problems.find((p) => p.uid === uid);
    updateResult(uid, token, { save: 'failed' });
    if (problem && !local && !isSelfJudgedType(problem.type)) boxes.addToWrongNotes(uid);
  }

  // Kept first, then sent, and sent again under the same client_id when the connection returns (decision 041).
  const recording = useAnswerRecording('solve', memberCode, queued, () => ({ kind: 'solve', test_code: testCode }), {
    onRecorded: recorded,
    onNotRecorded: notRecorded,
    onKept: ({ uid, token }) => updateResult(uid, token, { save: 'queued' }),
  });

  function answer(problem: Problem, value: string, fromPointer: boolean) {
    const token = ++tokenRef.current;
    const local = judge(problem, value);
    setResults((prev) => new Map(prev).set(problem.uid, { answer: value, correct: local, save: 'saving', token, attemptCode: null, judgedBy: 'machine' }));
    setRetrying((prev) => {
      if (!prev.has(problem.uid)) return prev;
      const next = new Set(prev);
      next.delete(problem.uid);
      return next;
    });
    announceResult(problem, local);
    focusResultNext.current = fromPointer;
    // Kept in the queue first, then sent: made offline, it waits there and goes when the connection returns.
    recording.submit({ uid: problem.uid, token }, value, local);
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
    // The record may have arrived since this screen was last drawn.
    const attemptCode = recording.recordedCode({ uid: problem.uid, token: result.token }, result.attemptCode);
    if (attemptCode !== null) sendVerdict(problem.uid, result.token, attemptCode, correct, before);
    // The answer is still on its way (or waiting offline): the verdict follows it once recorded.
    else if (result.save === 'saving' || result.save === 'queued') recording.verdictLater({ uid: problem.uid, token: result.token }, correct);
    // Otherwise the answer itself was not saved: the verdict stays on this screen.
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
        const value = current && answering && current.is_voided !== 1 ? choiceKeyToValue(key, options) : null;
        if (current && value) answer(current, value, false);
      },
    });

  useAnswerShortcuts(solving && !helpOpen && !boxesOpen, onShortcut);

  // After a click on an option the option list is replaced by the result: focus goes there.
  useEffect(() => {
    if (!focusResultNext.current) return;
    focusResultNext.current = false;
    resultRef.current?.focus();
  }, [results, resultRef]);

  // A new problem starts at its top, also when the last one was long (phones).
  const currentUid = current?.uid;
  useEffect(() => {
    const article = articleRef.current;
    if (currentUid === undefined || !article) return;
    if (article.getBoundingClientRect().top < 0) article.scrollIntoView({ block: 'start' });
  }, [currentUid, articleRef]);

  const testMissing = stateTest === null && isApiRequestError(testQuery.error) && testQuery.error.status === 404;
  // The server's drawing of this page (decision 067) gives way once the screen is drawn here too.
  useReleaseServerPaint(testMissing || problemsQuery.isError || !loading);

  let content;
  if (testMissing) {
    content = <StateCard text={m.testNotFound} href={paths.exams.getHref()} label={m.backToExams} />;
  } else if (problemsQuery.isError) {
    content = (
      <LoadFailedCard
        title={m.loadFailed}
        reason={errorMessage(problemsQuery.error, m.loadFailed)}
        retryLabel={m.reload}
        onRetry={() => void problemsQuery.refetch()}
      />
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
              {...view}
              problem={current}
              position={position}
              options={options}
              result={currentResult}
              answering={answering}
              important={<ImportantButton problemUid={current.uid} />}
              onAnswer={(value) => answer(current, value, true)}
              onRetry={() => retry(current.uid)}
              onJudgeSelf={(correct) => judgeSelf(current, correct)}
              footer={<NotePanel key={current.uid} problemUid={current.uid} />}
            />
            <ProblemNavigation position={position} total={problems.length} onPrevious={() => go(index - 1)} onNext={() => go(index + 1)} />
          </Stack>
        </Grid.Col>
        <StatusGridColumn problems={problems} lookOf={solveLookOf(results)} current={position - 1} onSelect={go}>
          {/* The percentile scores the objective problems: shown once each has a saved answer. */}
          <TestPercentile
            testCode={testCode}
            answeredAll={problems.every((p) => p.type !== PROBLEM_TYPES.multipleChoice || p.is_voided === 1 || results.get(p.uid)?.save === 'saved')}
          />
        </StatusGridColumn>
      </Grid>
    );
  }

  return (
    <Stack gap="md" className="qbank-solve">
      <AnswerTopBar
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
