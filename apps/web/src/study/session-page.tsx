import { Alert, Badge, Button, Grid, Group, Modal, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { SessionDetail } from '@qbank/shared/study';
import { IconAlertCircle, IconArrowLeft, IconChevronLeft, IconChevronRight, IconFlag, IconFolderPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BookmarkModal } from '../boxes/bookmark-modal';
import { PageLoader } from '../components/page-loader';
import { NotePanel } from '../notes/note-panel';
import { errorMessage, isApiRequestError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { commonMessages as messages } from '../common/messages';
import { choiceOptions } from '../solve/solve-model';
import { useSolveShortcuts } from '../solve/use-solve-shortcuts';
import { LoadFailedCard } from '../solve/components/state-card';
import { studyKeys, useAnswer, useFinishSession, useSession } from './api';
import { studyMessages } from './messages';
import { ResultView } from './result-view';
import { SessionCountdown } from './session-countdown';
import { StatusGridColumn } from '../solve/components/number-grid';
import { sessionLookOf } from './session-grid';
import { AnswerArea, ProblemBody, Reveal, type KnownAnswer } from './session-problem';
import '../solve/solve.css';

const m = studyMessages.session;

/** /study/sessions/:sessionCode — the running session, or its result once finished. */
export function SessionPage() {
  const params = useParams();
  const code = Number(params.sessionCode);
  const valid = Number.isInteger(code) && code > 0;
  useDocumentTitle(messages.app.pageTitle(studyMessages.titles.session));
  const query = useSession(valid ? code : 0);

  if (!valid || (query.isError && isApiRequestError(query.error) && query.error.status === 404)) {
    return <StateCard text={m.notFound} />;
  }
  if (query.isError) {
    return <LoadFailedCard title={m.loadFailed} reason={errorMessage(query.error, m.loadFailed)} retryLabel={m.reload} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) return <PageLoader />;
  const detail = query.data;
  return (
    <Stack gap="md" className="qbank-solve">
      <Header detail={detail} />
      {detail.result ? <ResultView detail={detail} /> : <RunningSession key={detail.session.code} detail={detail} />}
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
          <Button component={Link} to={paths.studySessions.getHref()} variant="default" className="qbank-solve-target" leftSection={<IconArrowLeft size={18} aria-hidden />} style={{ flexShrink: 0 }}>
            {m.exit}
          </Button>
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {m.heading(session.mode, session.total)}
          </Title>
        </Group>
        <Badge variant="light" size="lg" radius="sm">
          {studyMessages.filterLabels[session.filter as keyof typeof studyMessages.filterLabels] ?? session.filter}
        </Badge>
      </Group>
    </Paper>
  );
}

function RunningSession({ detail }: { detail: SessionDetail }) {
  const queryClient = useQueryClient();
  const { session, problems } = detail;
  const timed = session.mode === 'timed';
  const [answers, setAnswers] = useState<Map<number, KnownAnswer>>(() => new Map(detail.answers.map((answer) => [answer.problem_uid, answer])));
  // A session resumes where the student left off: the first problem not answered yet.
  const [index, setIndex] = useState(() => Math.max(0, problems.findIndex((problem) => !answers.has(problem.uid))));
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [boxesOpen, setBoxesOpen] = useState(false);
  const [timeUp, setTimeUp] = useState(false);
  const [skewMs] = useState(() => Date.parse(detail.server_time) - Date.now());
  const answer = useAnswer(session.code);
  const finish = useFinishSession(session.code);
  const articleRef = useRef<HTMLDivElement>(null);

  const problem = problems[index];
  const options = useMemo(() => (problem ? choiceOptions(problem) : null), [problem]);
  const known = problem ? answers.get(problem.uid) : undefined;
  const revealed = !timed && known !== undefined;
  const unanswered = problems.filter((p) => !answers.has(p.uid)).length;

  function go(next: number) {
    if (next < 0 || next >= problems.length) return;
    setIndex(next);
    articleRef.current?.scrollIntoView?.({ block: 'start' });
  }

  function submit(value: string) {
    if (!problem || answer.isPending) return;
    answer.mutate(
      { problem_uid: problem.uid, answer: value },
      {
        onSuccess: (saved) => setAnswers((previous) => new Map(previous).set(saved.problem_uid, saved)),
        // Time ran out or the session was finished elsewhere: read it again (it shows the result).
        onError: (error) => {
          if (isApiRequestError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: studyKeys.session(session.code) });
        },
      },
    );
  }

  useSolveShortcuts(!confirmOpen && !boxesOpen && !timeUp, (shortcut) => {
    if (shortcut.kind === 'previous') go(index - 1);
    else if (shortcut.kind === 'next') go(index + 1);
    else if (shortcut.kind === 'choose' && options && !revealed) {
      const option = options.find((candidate) => candidate.key === shortcut.key);
      if (option) submit(option.value);
    }
  });

  if (!problem) return <StateCard text={m.notFound} />;
  const position = index + 1;

  return (
    <>
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700} aria-live="polite">
            <VisuallyHidden component="span">{m.positionLabel} </VisuallyHidden>
            <span>{m.position(position, problems.length)}</span>
          </Text>
          <Text size="sm" c="gray.7">
            {m.answered(answers.size, problems.length)}
          </Text>
          {timed && session.ends_at && (
            <SessionCountdown
              endsAt={session.ends_at}
              skewMs={skewMs}
              onElapsed={() => {
                setTimeUp(true);
                // Finishing is idempotent and ends at ends_at at the latest; it then reads the result.
                finish.mutate();
              }}
            />
          )}
          <Button color="dark" className="qbank-solve-target" leftSection={<IconFlag size={18} aria-hidden />} onClick={() => setConfirmOpen(true)}>
            {m.finish}
          </Button>
        </Group>
      </Paper>
      {timeUp && (
        <Alert color="yellow" variant="light" role="status">
          {m.timeUp}
        </Alert>
      )}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md" ref={articleRef} style={{ scrollMarginTop: '1rem' }}>
            <Paper component="article" aria-labelledby={`session-problem-${problem.uid}`} withBorder radius="md" p="md">
              <Stack gap="md">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Title order={2} size="h3" id={`session-problem-${problem.uid}`}>
                      {m.problemHeading(position)}
                    </Title>
                    <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {m.examLine(problem.test_name, problem.no)}
                    </Text>
                  </Stack>
                  <Button
                    variant="default"
                    className="qbank-solve-target"
                    aria-haspopup="dialog"
                    style={{ flexShrink: 0 }}
                    leftSection={<IconFolderPlus size={18} aria-hidden />}
                    onClick={() => setBoxesOpen(true)}
                  >
                    {m.addToBox}
                  </Button>
                </Group>
                <ProblemBody problem={problem} position={position} />
                {revealed ? (
                  <Reveal problem={problem} position={position} options={options} known={known} />
                ) : (
                  <>
                    <AnswerArea problem={problem} options={options} current={known?.answer} busy={answer.isPending || timeUp} onAnswer={submit} />
                    {timed && known && (
                      <Text size="sm" c="blue.9" fw={600} role="status" data-testid="session-saved">
                        {m.saved}
                      </Text>
                    )}
                  </>
                )}
                <NotePanel key={problem.uid} problemUid={problem.uid} />
                {answer.isError && !(isApiRequestError(answer.error) && answer.error.status === 409) && (
                  <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
                    {errorMessage(answer.error, m.answerFailed)}
                  </Alert>
                )}
              </Stack>
            </Paper>
            <Group justify="space-between" gap="sm">
              <Button variant="default" className="qbank-solve-target" leftSection={<IconChevronLeft size={18} aria-hidden />} aria-keyshortcuts="ArrowLeft" disabled={position <= 1} onClick={() => go(index - 1)}>
                {m.previous}
              </Button>
              {position < problems.length ? (
                <Button className="qbank-solve-target" rightSection={<IconChevronRight size={18} aria-hidden />} aria-keyshortcuts="ArrowRight" onClick={() => go(index + 1)}>
                  {m.next}
                </Button>
              ) : (
                <Button color="dark" className="qbank-solve-target" leftSection={<IconFlag size={18} aria-hidden />} onClick={() => setConfirmOpen(true)}>
                  {m.finish}
                </Button>
              )}
            </Group>
          </Stack>
        </Grid.Col>
        <StatusGridColumn problems={problems} lookOf={sessionLookOf(answers)} current={index} onSelect={go} />
      </Grid>
      <BookmarkModal problemUid={problem.uid} opened={boxesOpen} onClose={() => setBoxesOpen(false)} />
      <Modal opened={confirmOpen} onClose={() => setConfirmOpen(false)} title={m.finishConfirmTitle} centered>
        <Stack gap="md">
          <Text>{m.finishConfirm(unanswered)}</Text>
          {finish.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(finish.error, m.loadFailed)}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" className="qbank-solve-target" onClick={() => setConfirmOpen(false)}>
              {m.cancel}
            </Button>
            <Button color="dark" className="qbank-solve-target" loading={finish.isPending} onClick={() => finish.mutate()}>
              {m.finishConfirmYes}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
