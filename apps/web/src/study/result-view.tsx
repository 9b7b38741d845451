import { Accordion, Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SessionDetail } from '@qbank/shared/study';
import { IconAlertCircle, IconBan, IconCheck, IconNotebook, IconPlus, IconRefresh, IconX } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../lib/api-client';
import { paths } from '../lib/paths';
import { choiceOptions } from '../solve/solve-model';
import { VoidedProblem } from '../solve/components/voided-problem';
import { useRetrySession, useSaveWrongNotes } from './api';
import { studyMessages } from './messages';
import { gridStatus, type GridStatus } from './session-grid';
import { ProblemBody, Reveal, type KnownAnswer } from './session-problem';

const m = studyMessages.result;

/** The result of a finished session: score, time, every problem's verdict, and what to do next. */
export function ResultView({ detail }: { detail: SessionDetail }) {
  const navigate = useNavigate();
  const { session, problems } = detail;
  const result = detail.result!;
  const retry = useRetrySession(session.code);
  const notes = useSaveWrongNotes(session.code);
  const answers = new Map<number, KnownAnswer>(detail.answers.map((answer) => [answer.problem_uid, answer]));
  // The server's retry set: counted problems not answered right (a voided one is no miss).
  const misses = problems.filter((problem) => problem.is_voided !== 1 && answers.get(problem.uid)?.is_correct !== true).length;
  const percent = result.total === 0 ? 0 : Math.round((result.correct / result.total) * 100);

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="result-heading">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} id="result-heading" size="h3">
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
          {misses === 0 ? (
            <Text fw={700} c="teal.9">
              {m.allRight}
            </Text>
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
                <Button variant="default" className="qbank-solve-target" leftSection={<IconNotebook size={18} aria-hidden />} loading={notes.isPending} onClick={() => notes.mutate()}>
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
              {m.wrongNotesDone(notes.data.added, notes.data.total)}
            </Alert>
          )}
          {(retry.isError || notes.isError) && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {retry.isError ? errorMessage(retry.error, m.retryFailed) : errorMessage(notes.error, m.wrongNotesFailed)}
            </Alert>
          )}
          <Group gap="xs">
            <Button component={Link} to={paths.studyNew.getHref()} variant="light" className="qbank-solve-target" leftSection={<IconPlus size={18} aria-hidden />}>
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
        <Accordion variant="separated" radius="md" multiple>
          {problems.map((problem, index) => {
            const known = answers.get(problem.uid);
            const status = gridStatus(known, problem);
            return (
              <Accordion.Item key={problem.uid} value={String(problem.uid)} data-status={status}>
                <Accordion.Control icon={<ResultIcon status={status} />}>
                  <Text fw={700} span>
                    {`${index + 1}. `}
                  </Text>
                  <Text span>{status === 'voided' ? studyMessages.session.gridStatus.voided : studyMessages.session[status === 'correct' ? 'correct' : status === 'wrong' ? 'wrong' : 'unanswered']}</Text>
                  <Text size="sm" c="gray.7" lineClamp={1}>
                    {studyMessages.session.examLine(problem.test_name, problem.no)} · {problem.question_text}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="md">
                    <ProblemBody problem={problem} position={index + 1} />
                    {status === 'voided' ? (
                      <VoidedProblem problem={problem} position={index + 1} answer={known?.answer} reveal />
                    ) : (
                      <Reveal problem={problem} position={index + 1} options={choiceOptions(problem)} known={known} />
                    )}
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

function ResultIcon({ status }: { status: GridStatus }) {
  if (status === 'correct') return <IconCheck size={18} color="var(--mantine-color-teal-9)" aria-hidden />;
  if (status === 'voided') return <IconBan size={18} color="var(--mantine-color-gray-7)" aria-hidden />;
  return <IconX size={18} color="var(--mantine-color-red-9)" aria-hidden />;
}
