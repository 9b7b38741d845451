import { Alert, Button, Grid, Group, Modal, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { SessionDetail } from '@qbank/shared/study';
import { IconCloudUpload, IconFlag, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BookmarkModal } from '../boxes/bookmark-modal';
import { PageLoader } from '../components/page-loader';
import { NotePanel } from '../notes/note-panel';
import { errorMessage, isApiRequestError } from '../lib/api-client';
import type { QueuedAnswer } from '../lib/offline-data';
import { paths } from '../lib/paths';
import { commonMessages as messages } from '../common/messages';
import { choiceOptions } from '../answering/answer-model';
import { StatusGridColumn } from '../answering/components/answer-grid';
import { BackLinkButton } from '../answering/components/back-link-button';
import { AddToBoxButton } from '../answering/components/add-to-box-button';
import { AnswerArea } from '../answering/components/answer-area';
import { HighlightableStem } from '../answering/components/highlightable-stem';
import { ProblemNavigation } from '../answering/components/problem-navigation';
import { ReviewBeforeFinish } from '../annotations/review-before-finish';
import { useAnnotationSync, useMarkedProblems, useMarkToggle } from '../annotations/api';
import { ProblemTools } from '../answering/components/problem-tools';
import { RatingPanel } from '../ratings/rating-panel';
import { LoadFailedCard } from '../answering/components/state-card';
import { VoidedProblem } from '../answering/components/voided-problem';
import { useAnswerShortcuts } from '../answering/use-answer-shortcuts';
import { useQueuedAnswersWhere } from '../answering/use-queued-answers';
import { useLoginSession } from '../lib/login-session';
import { keepForOffline } from '../offline/save-api';
import { useOnline } from '../lib/use-online';
import { useFinishStudySession, useStudySession } from './api';
import { studyMessages } from './messages';
import { ResultView } from './result-view';
import { SessionCountdown } from './session-countdown';
import { sessionLookOf } from './session-grid';
import { SessionHelpButton, SessionShortcutHelp } from './session-help';
import { PauseButton, PausedCard, useSessionPause } from './session-pause';
import { Reveal } from './session-reveal';
import { serverSkewMs } from './session-clock';
import { useSessionAnswers } from './use-session-answers';
import '../answering/answering.css';

const m = studyMessages.session;

/** /study/sessions/:sessionCode — the running session, or its result once finished. */
export function SessionPage() {
  const params = useParams();
  const code = Number(params.sessionCode);
  const valid = Number.isInteger(code) && code > 0;
  useDocumentTitle(messages.app.pageTitle(studyMessages.titles.session));
  const member = useLoginSession();
  const memberCode = member.status === 'signed-in' ? member.user.code : null;
  const query = useStudySession(valid ? code : 0, memberCode);
  // Answers an earlier visit left waiting (made offline) show over the session's last read.
  const queued = useQueuedAnswersWhere(memberCode, `session:${code}`, (answer) => answer.kind === 'session' && answer.session_code === code);
  // Whether this visit showed the session running: its result then comes from 끝내기 (or time up).
  const [sawRunning, setSawRunning] = useState(false);
  if (query.data && !query.data.result && !sawRunning) setSawRunning(true);

  if (!valid || (query.isError && isApiRequestError(query.error) && query.error.status === 404)) {
    return <StateCard text={m.notFound} />;
  }
  // A failed re-read (offline, after finishing) keeps the screen it has.
  if (query.isError && !query.data) {
    return <LoadFailedCard title={m.loadFailed} reason={errorMessage(query.error, m.loadFailed)} retryLabel={m.reload} onRetry={() => void query.refetch()} />;
  }
  if (!query.data || queued === null) return <PageLoader />;
  const detail = query.data;
  return (
    <Stack gap="md" className="qbank-solve">
      <Header detail={detail} />
      {detail.result ? (
        <ResultView detail={detail} justFinished={sawRunning} />
      ) : (
        <RunningSession key={detail.session.code} detail={detail} queued={queued} memberCode={memberCode} />
      )}
    </Stack>
  );
}

function StateCard({ text }: { text: string }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm" align="flex-start">
        <Text>{text}</Text>
        <Button component={Link} to={paths.studyNew.getHref()} className="qbank-solve-target">
          {m.toBuilder}
        </Button>
      </Stack>
    </Paper>
  );
}

function Header({ detail }: { detail: SessionDetail }) {
  const { session } = detail;
  return (
    <Paper component="header" withBorder radius="md" p="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <BackLinkButton to={paths.studySessions.getHref()} iconSize={18} style={{ flexShrink: 0 }}>
            {m.exit}
          </BackLinkButton>
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {m.heading(session.mode, session.total)}
          </Title>
        </Group>
        {/* What it was drawn from, as the list of sessions says it. */}
        <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }} data-testid="session-what">
          {studyMessages.history.whatLine(session.scope_names, session.filter)}
        </Text>
      </Group>
    </Paper>
  );
}

/** What keeps a session from finishing now: no connection, or the last try failed. */
function FinishBlockers({ online, error }: { online: boolean; error: unknown }) {
  return (
    <>
      {!online && (
        <Alert color="orange" variant="light" role="status" icon={<IconWifiOff aria-hidden />}>
          {m.finishOffline}
        </Alert>
      )}
      {error !== null && online && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(error, m.loadFailed)}
        </Alert>
      )}
    </>
  );
}

function RunningSession({ detail, queued, memberCode }: { detail: SessionDetail; queued: QueuedAnswer[]; memberCode: number | null }) {
  const { session, problems } = detail;
  const timed = session.mode === 'timed';
  const online = useOnline();
  const [skewMs] = useState(() => serverSkewMs(detail.server_time));
  const { answers, submit: submitAnswer, judgeSelf } = useSessionAnswers(detail, queued, memberCode, skewMs);
  // A session resumes where the student left off: the first problem not answered yet.
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      problems.findIndex((problem) => problem.is_voided !== 1 && !answers.has(problem.uid)),
    ),
  );
  const [confirmOpen, setConfirmOpen] = useState(false);
  // 제출 전 확인 of a timed session (issue 30 item 3).
  const [reviewOpen, setReviewOpen] = useState(false);
  const [boxesOpen, setBoxesOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  // Tutor mode pauses on this device; a timed session's clock is the server's (decision 184).
  const { paused, setPaused } = useSessionPause(session.code, !timed);
  const [timeUp, setTimeUp] = useState(false);
  const finish = useFinishStudySession(session.code, memberCode);
  const articleRef = useRef<HTMLDivElement>(null);
  const problemHeadingRef = useRef<HTMLHeadingElement>(null);

  // The session starts (or resumes, also from a pause) at its problem: the focus goes there, not left on the builder's button.
  useEffect(() => {
    problemHeadingRef.current?.focus({ preventScroll: true });
  }, [paused]);

  // Read online, the session keeps its pictures for the subway (decision 054).
  useEffect(() => {
    if (navigator.onLine) void keepForOffline(`/v1/study/sessions/${session.code}`, problems).catch(() => undefined);
  }, [session.code, problems]);

  // Time ran out: finishing (idempotent, ending at ends_at at the latest) reads the result, at once
  // or, offline, when the connection returns; the answers kept meanwhile go first.
  const { mutate: finishNow, isPending: finishing } = finish;
  useEffect(() => {
    if (timeUp && online && !finishing) finishNow();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per time-up and per return of the connection
  }, [timeUp, online]);

  const problem = problems[index];
  const options = useMemo(() => (problem ? choiceOptions(problem) : null), [problem]);
  const known = problem ? answers.get(problem.uid) : undefined;
  const revealed = !timed && known !== undefined;
  // 문항 무효 takes no answer and counts nowhere (decision 079), as in the server's figures.
  const counted = problems.filter((p) => p.is_voided !== 1);
  const unanswered = counted.filter((p) => !answers.has(p.uid)).length;
  const voided = problem?.is_voided === 1;
  const mark = useMarkToggle(problem?.uid ?? 0, problem !== undefined);
  const marked = useMarkedProblems(problems.map((p) => p.uid));

  function go(next: number) {
    if (next < 0 || next >= problems.length) return;
    setIndex(next);
    articleRef.current?.scrollIntoView?.({ block: 'start' });
  }

  function submit(value: string) {
    if (!problem || timeUp) return;
    submitAnswer(problem, value);
  }

  useAnnotationSync();
  useAnswerShortcuts(!confirmOpen && !reviewOpen && !boxesOpen && !helpOpen && !paused && !timeUp, (shortcut) => {
    if (shortcut.kind === 'help') setHelpOpen(true);
    else if (shortcut.kind === 'mark' && problem) mark.toggle();
    else if (shortcut.kind === 'previous') go(index - 1);
    else if (shortcut.kind === 'next') go(index + 1);
    else if (shortcut.kind === 'choose' && options && !revealed && !voided) {
      const option = options.find((candidate) => candidate.key === shortcut.key);
      if (option) submit(option.value);
    } else if (shortcut.kind === 'judgeSelf' && problem && revealed) judgeSelf(problem, shortcut.correct);
  });

  if (!problem) return <StateCard text={m.notFound} />;
  // Paused, nothing of the problem is on the page: no stem, options, passage or grid.
  if (paused) return <PausedCard onResume={() => setPaused(false)} />;
  const position = index + 1;
  const askToFinish = () => (timed ? setReviewOpen(true) : setConfirmOpen(true));

  return (
    <>
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700} aria-live="polite">
            <VisuallyHidden component="span">{m.positionLabel} </VisuallyHidden>
            <span>{m.position(position, problems.length)}</span>
          </Text>
          <Text size="sm" c="gray.7">
            {m.answered(counted.filter((p) => answers.has(p.uid)).length, counted.length)}
          </Text>
          {timed && session.ends_at && <SessionCountdown endsAt={session.ends_at} skewMs={skewMs} onElapsed={() => setTimeUp(true)} />}
          {!timed && <PauseButton onPause={() => setPaused(true)} />}
          <SessionHelpButton onOpen={() => setHelpOpen(true)} />
          <FinishButton onFinish={askToFinish} />
        </Group>
      </Paper>
      {timeUp && (
        <Alert color="yellow" variant="light" role="status">
          {online ? m.timeUp : m.timeUpOffline}
        </Alert>
      )}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md" ref={articleRef} style={{ scrollMarginTop: '1rem' }}>
            <Paper component="article" aria-labelledby={`session-problem-${problem.uid}`} withBorder radius="md" p="md">
              <Stack gap="md">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Title order={2} size="h3" id={`session-problem-${problem.uid}`} ref={problemHeadingRef} tabIndex={-1} style={{ outline: 'none' }}>
                      {m.problemHeading(position)}
                    </Title>
                    <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {m.examLine(problem.test_name, problem.no)}
                    </Text>
                  </Stack>
                  <AddToBoxButton style={{ flexShrink: 0 }} onClick={() => setBoxesOpen(true)} />
                </Group>
                <ProblemTools markUid={problem.uid} />
                <HighlightableStem key={problem.uid} problem={problem} position={position} />
                {known?.pending === 'queued' && <QueuedNote />}
                {voided ? (
                  <VoidedProblem problem={problem} position={position} answer={known?.answer} reveal={!timed} />
                ) : revealed ? (
                  <>
                    <Reveal problem={problem} position={position} options={options} known={known} onJudgeSelf={(correct) => judgeSelf(problem, correct)} />
                    <RatingPanel problemUid={problem.uid} />
                  </>
                ) : (
                  <>
                    <AnswerArea problem={problem} options={options} current={known?.answer} changeable busy={timeUp} onAnswer={submit} />
                    {timed && known && known.pending !== 'queued' && (
                      <Text size="sm" c="blue.9" fw={600} role="status" data-testid="session-saved">
                        {m.saved}
                      </Text>
                    )}
                  </>
                )}
                <NotePanel key={problem.uid} problemUid={problem.uid} />
              </Stack>
            </Paper>
            <ProblemNavigation
              position={position}
              total={problems.length}
              onPrevious={() => go(index - 1)}
              onNext={() => go(index + 1)}
              last={<FinishButton onFinish={askToFinish} />}
            />
          </Stack>
        </Grid.Col>
        <StatusGridColumn problems={problems} lookOf={sessionLookOf(answers, marked)} current={index} onSelect={go} />
      </Grid>
      <BookmarkModal problemUid={problem.uid} opened={boxesOpen} onClose={() => setBoxesOpen(false)} />
      <SessionShortcutHelp opened={helpOpen} onClose={() => setHelpOpen(false)} />
      {timed && (
        <ReviewBeforeFinish
          opened={reviewOpen}
          onClose={() => setReviewOpen(false)}
          problems={problems.map((p, i) => ({ position: i + 1, problemUid: p.uid, answered: answers.has(p.uid) || p.is_voided === 1 }))}
          onGo={(position) => go(position - 1)}
          onFinish={() => finish.mutate()}
          finishing={finish.isPending}
          canFinish={online}
          notice={<FinishBlockers online={online} error={finish.isError ? finish.error : null} />}
        />
      )}
      <Modal opened={confirmOpen} onClose={() => setConfirmOpen(false)} title={m.finishConfirmTitle} centered>
        <Stack gap="md">
          <Text>{m.finishConfirm(unanswered)}</Text>
          <FinishBlockers online={online} error={finish.isError ? finish.error : null} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" className="qbank-solve-target" onClick={() => setConfirmOpen(false)}>
              {m.cancel}
            </Button>
            <Button color="dark" className="qbank-solve-target" loading={finish.isPending} disabled={!online} onClick={() => finish.mutate()}>
              {m.finishConfirmYes}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** An answer kept on this device: it goes to the server when the connection returns, whose verdict then shows. */
function FinishButton({ onFinish }: { onFinish: () => void }) {
  return (
    <Button color="dark" className="qbank-solve-target" leftSection={<IconFlag size={18} aria-hidden />} onClick={onFinish}>
      {m.finish}
    </Button>
  );
}

function QueuedNote() {
  return (
    <Text size="sm" c="orange.9" fw={600} role="status" title={m.queuedHint} data-testid="session-queued">
      <IconCloudUpload size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginInlineEnd: 4 }} />
      {m.queued}
    </Text>
  );
}
