import { Accordion, Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Problem } from '@qbank/shared/problems';
import type { SessionDetail } from '@qbank/shared/study';
import { IconAlertCircle, IconBan, IconCheck, IconHelpCircle, IconNotebook, IconPlus, IconRefresh, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../lib/api-client';
import { paths } from '../lib/paths';
import { choiceOptions } from '../answering/answer-model';
import { ProblemStemBlock } from '../answering/components/problem-stem';
import { VoidedProblem } from '../answering/components/voided-problem';
import { useSelfJudgment } from '../answering/self-judgment-api';
import { RatingPanel } from '../ratings/rating-panel';
import { selfJudgeMessages as sj } from '../answering/self-judge-messages';
import { studyKeys, useRetryStudySession, useSaveWrongNotes } from './api';
import { studyMessages } from './messages';
import { gridStatus, type GridStatus } from './session-grid';
import { Reveal, takesMemberVerdict, type KnownAnswer } from './session-reveal';

const m = studyMessages.result;

/** The member's 맞음 / 틀림 on the result's text answers (decision 075): shown at once, then the result is read again. */
function useResultVerdicts(detail: SessionDetail) {
  const queryClient = useQueryClient();
  const selfJudgment = useSelfJudgment();
  const [given, setGiven] = useState<ReadonlyMap<number, boolean>>(new Map());
  const answers = new Map<number, KnownAnswer>(
    detail.answers.map((answer) => {
      const verdict = given.get(answer.problem_uid);
      return [answer.problem_uid, verdict === undefined ? answer : { ...answer, is_correct: verdict, judged_by: 'self' as const }];
    }),
  );
  function judge(problem: Problem, correct: boolean) {
    const known = answers.get(problem.uid);
    if (!known?.code || !takesMemberVerdict(problem, known)) return;
    const forget = () =>
      setGiven((previous) => {
        const next = new Map(previous);
        next.delete(problem.uid);
        return next;
      });
    setGiven((previous) => new Map(previous).set(problem.uid, correct));
    selfJudgment.mutate(
      { attemptCode: known.code, isCorrect: correct },
      {
        // The score, the misses and the list count the verdict: read them again.
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: [...studyKeys.all, 'sessions'] });
          void queryClient.invalidateQueries({ queryKey: studyKeys.studySession(detail.session.code) }).then(forget);
        },
        onError: (error) => {
          forget();
          notifications.show({ color: 'red', title: sj.saveFailed, message: errorMessage(error, sj.saveFailed) });
        },
      },
    );
  }
  return { answers, judge };
}

const STATUS_ICON: Record<GridStatus, typeof IconCheck> = {
  correct: IconCheck,
  wrong: IconX,
  unjudged: IconHelpCircle,
  answered: IconX,
  unanswered: IconX,
  voided: IconBan,
};
const STATUS_COLOR: Record<GridStatus, string> = {
  correct: 'teal-9',
  wrong: 'red-9',
  unjudged: 'yellow-9',
  answered: 'red-9',
  unanswered: 'red-9',
  voided: 'gray-7',
};

/**
 * The result of a finished session: score, time, every problem's verdict, and what to do next.
 * `justFinished`: the member finished it on this screen, so the page starts over at the result's
 * heading (the top of the page, with the focus there for a screen reader).
 */
export function ResultView({ detail, justFinished = false }: { detail: SessionDetail; justFinished?: boolean }) {
  const navigate = useNavigate();
  const { session, problems } = detail;
  const result = detail.result!;
  const retry = useRetryStudySession(session.code);
  const notes = useSaveWrongNotes(session.code);
  const { answers, judge } = useResultVerdicts(detail);
  const statusOf = (problem: Problem) => gridStatus(problem, answers.get(problem.uid));
  // The server's retry set: a text answer waiting for the member's verdict is no miss until they
  // say 틀림, and a voided problem is none at all.
  const misses = problems.filter((problem) => !['correct', 'unjudged', 'voided'].includes(statusOf(problem))).length;
  const judged = result.total - result.pending;
  const percent = judged <= 0 ? 0 : Math.round((result.correct / judged) * 100);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The problems opened: only they ask for the member's rating (one request per problem opened).
  const [opened, setOpened] = useState<string[]>([]);

  useEffect(() => {
    if (!justFinished) return;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [justFinished]);

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="result-heading">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} id="result-heading" size="h3" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
              {m.heading}
            </Title>
            <Badge size="lg" variant="light">
              {studyMessages.modeLabels[session.mode]}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
            <Text fw={800} fz="xl" data-testid="result-score">
              {m.score(result.correct, result.total)}
            </Text>
            <Text fw={700}>{m.percent(percent)}</Text>
            <Text fw={700}>{m.time(studyMessages.duration(result.seconds))}</Text>
          </SimpleGrid>
          <Text size="sm" c="gray.7">
            {m.answered(result.answered, result.total)}
          </Text>
          {result.pending > 0 && (
            <Alert color="yellow" variant="light" icon={<IconHelpCircle aria-hidden />} data-testid="result-pending">
              {m.pending(result.pending)}
            </Alert>
          )}
          {misses === 0 ? (
            result.pending === 0 && (
              <Text fw={700} c="teal.9">
                {m.allRight}
              </Text>
            )
          ) : (
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                <Button
                  className="qbank-solve-target"
                  leftSection={<IconRefresh size={18} aria-hidden />}
                  loading={retry.isPending}
                  onClick={() => retry.mutate({}, { onSuccess: (next) => void navigate(paths.studySession.getHref(next.code)) })}
                >
                  {m.retry(misses)}
                </Button>
                <Button
                  variant="default"
                  className="qbank-solve-target"
                  leftSection={<IconNotebook size={18} aria-hidden />}
                  loading={notes.isPending}
                  onClick={() => notes.mutate()}
                >
                  {m.wrongNotes}
                </Button>
              </SimpleGrid>
              <Text size="sm" c="gray.7">
                {m.retryHint}
              </Text>
            </Stack>
          )}
          {notes.isSuccess && (
            <Alert color="teal" variant="light" icon={<IconCheck aria-hidden />} role="status">
              {m.wrongNotesDone(notes.data.added, notes.data.total)}{' '}
              <Anchor component={Link} to={`${paths.dashboard.library.getHref()}?box=${notes.data.box_code}`} fw={700}>
                {m.openWrongNotes}
              </Anchor>
            </Alert>
          )}
          {(retry.isError || notes.isError) && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {retry.isError ? errorMessage(retry.error, m.retryFailed) : errorMessage(notes.error, m.wrongNotesFailed)}
            </Alert>
          )}
          <Group gap="xs">
            <Button
              component={Link}
              to={paths.studyNew.getHref()}
              variant="light"
              className="qbank-solve-target"
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {m.newSession}
            </Button>
            <Button component={Link} to={paths.studySessions.getHref()} variant="subtle" className="qbank-solve-target">
              {m.history}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <section aria-labelledby="result-problems">
        <Title order={2} size="h4" id="result-problems" mb="xs">
          {m.perProblem}
        </Title>
        <Accordion variant="separated" radius="md" multiple value={opened} onChange={setOpened}>
          {problems.map((problem, index) => {
            const known = answers.get(problem.uid);
            const status = statusOf(problem);
            const StatusIcon = STATUS_ICON[status];
            return (
              <Accordion.Item key={problem.uid} value={String(problem.uid)} data-status={status}>
                <Accordion.Control icon={<StatusIcon size={18} color={`var(--mantine-color-${STATUS_COLOR[status]})`} aria-hidden />}>
                  <Text fw={700} span>
                    {`${index + 1}. `}
                  </Text>
                  <Text span>
                    {status === 'unjudged'
                      ? sj.awaiting
                      : status === 'voided'
                        ? studyMessages.session.gridStatus.voided
                        : studyMessages.session[status === 'correct' ? 'correct' : status === 'wrong' ? 'wrong' : 'unanswered']}
                  </Text>
                  <Text size="sm" c="gray.7" lineClamp={1}>
                    {studyMessages.session.examLine(problem.test_name, problem.no)} · {problem.question_text}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="md">
                    <ProblemStemBlock problem={problem} position={index + 1} />
                    {status === 'voided' ? (
                      <VoidedProblem problem={problem} position={index + 1} answer={known?.answer} reveal />
                    ) : (
                      <Reveal
                        problem={problem}
                        position={index + 1}
                        options={choiceOptions(problem)}
                        known={known}
                        onJudgeSelf={(correct) => judge(problem, correct)}
                      />
                    )}
                    {/* 이 문제 평가 after a timed session too: a problem answered can be rated (decision 167). */}
                    {known && opened.includes(String(problem.uid)) && <RatingPanel problemUid={problem.uid} />}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      </section>
    </Stack>
  );
}
