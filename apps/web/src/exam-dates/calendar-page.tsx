import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ExamDate } from '@qbank/shared/exam-dates';
import { Link } from 'react-router';
import { showFailure, showSuccess } from '../components/toasts';
import { paths } from '../lib/paths';
import { useDeleteExamDate, useExamDates, useReadiness } from './api';
import { ExamDateForm } from './exam-date-form';
import { examDateMessages as m } from './messages';
import { useStartTodayAndGo } from './use-start-today';

function ExamRow({ exam }: { exam: ExamDate }) {
  const readiness = useReadiness(exam.code);
  const remove = useDeleteExamDate();
  const start = useStartTodayAndGo();
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="exam-date-row">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge color={exam.days_left <= 3 ? 'red.9' : 'blue.8'} variant="filled">
            {m.dDay(exam.days_left)}
          </Badge>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {exam.title}
          </Text>
          <Badge variant="light" color={exam.grade === null ? 'gray' : 'teal'}>
            {exam.grade === null ? m.private : m.published(exam.grade)}
          </Badge>
        </Group>
        <Text size="sm" c="gray.7">
          {exam.date}
          {exam.time ? ` ${exam.time}` : ''} · {exam.subject_name}
        </Text>
        {readiness.data && (
          <Text fw={600} c="blue.9" aria-label={m.predictedLabel(readiness.data.predicted)}>
            {m.predicted(readiness.data.predicted)}
          </Text>
        )}
        <Group gap="sm" wrap="wrap">
          <Button size="sm" style={{ minHeight: 40 }} loading={start.pending} onClick={() => start.run(exam.code)}>
            {m.today}
          </Button>
          <Anchor component={Link} to={paths.studyPlan.getHref(exam.code)} fw={600} size="sm">
            {m.openPlan}
          </Anchor>
          {exam.editable && (
            <Button
              size="sm"
              variant="subtle"
              color="red.8"
              loading={remove.isPending}
              onClick={() => {
                if (!window.confirm(m.removeConfirm(exam.title))) return;
                remove.mutate(exam.code, { onSuccess: () => showSuccess(m.removed), onError: (error) => showFailure(m.removeFailed, error) });
              }}
            >
              {m.remove}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** /dashboard/calendar: the upcoming exams with their predictions, and the form to add one. */
export function CalendarPage() {
  useDocumentTitle(m.calendarTitle);
  const list = useExamDates();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {m.calendarTitle}
        </Title>
        <Text c="gray.7" mt={4}>
          {m.calendarIntro}
        </Text>
      </div>
      {list.isPending ? (
        <Skeleton height={120} radius="md" />
      ) : list.isError ? (
        <Alert color="red">{m.loadFailed}</Alert>
      ) : list.data.length === 0 ? (
        <Paper withBorder radius="md" p="lg" bg="gray.0">
          <Text c="gray.7" ta="center">
            {m.empty}
          </Text>
        </Paper>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.data.map((exam) => (
            <ExamRow key={exam.code} exam={exam} />
          ))}
        </Stack>
      )}
      <ExamDateForm />
    </Stack>
  );
}
