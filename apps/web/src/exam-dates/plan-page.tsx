import { Alert, Anchor, Badge, Button, Group, NumberInput, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { FormCard } from '../components/form-card';
import { showFailure, showSuccess } from '../components/toasts';
import { parsePositiveId } from '../lib/parse-positive-id';
import { paths } from '../lib/paths';
import { usePlan, usePlanSettings, useReadiness, useSavePlanSettings } from './api';
import { examDateMessages } from './messages';
import { ReadinessPanel } from './readiness-panel';
import { useStartTodayAndGo } from './use-start-today';

const m = examDateMessages.plan;

function SettingsForm() {
  const settings = usePlanSettings();
  const save = useSavePlanSettings();
  const [minutes, setMinutes] = useState<number | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  if (!settings.data) return null;
  const currentMinutes = minutes ?? settings.data.daily_minutes;
  const currentTarget = target ?? Math.round(settings.data.target_recall * 100);
  return (
    <FormCard
      aria-label={m.settings}
      onSubmit={() =>
        save.mutate(
          { daily_minutes: currentMinutes, target_recall: currentTarget / 100 },
          { onSuccess: () => showSuccess(m.saved), onError: (error) => showFailure(m.saveFailed, error) },
        )
      }
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label={m.minutesLabel}
          value={currentMinutes}
          min={5}
          max={600}
          step={5}
          onChange={(value) => setMinutes(typeof value === 'number' ? value : null)}
          w={160}
        />
        <NumberInput
          label={m.targetLabel}
          value={currentTarget}
          min={70}
          max={97}
          onChange={(value) => setTarget(typeof value === 'number' ? value : null)}
          w={160}
        />
        <Button type="submit" loading={save.isPending} style={{ minHeight: 44 }}>
          {m.save}
        </Button>
      </Group>
    </FormCard>
  );
}

export function PlanPage() {
  const code = parsePositiveId(useParams().examDateCode) ?? 0;
  const plan = usePlan(code);
  const readiness = useReadiness(code);
  const start = useStartTodayAndGo();
  useDocumentTitle(plan.data ? m.title(plan.data.exam_date.title) : examDateMessages.menu);

  if (plan.isPending) return <Skeleton height={320} radius="md" />;
  if (plan.isError || !plan.data) return <Alert color="red">{m.loadFailed}</Alert>;
  const { exam_date: exam, days, today, left_out: leftOut, scope } = plan.data;
  const most = Math.max(1, ...days.map((day) => day.minutes));

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.dashboard.calendar.getHref()} size="sm">
        {m.back}
      </Anchor>
      <Group gap="sm" wrap="wrap">
        <Badge color="red.9" variant="filled" size="lg">
          {examDateMessages.dDay(exam.days_left)}
        </Badge>
        <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
          {m.title(exam.title)}
        </Title>
      </Group>
      <Text c="gray.7">
        {exam.date}
        {exam.time ? ` ${exam.time}` : ''} · {exam.subject_name} · {m.scope(scope.seen, scope.problems)}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="today-title" bg="blue.0">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="today-title">
              {m.today}
            </Title>
            <Text data-testid="today-summary">{today.problem_uids.length > 0 ? m.todaySummary(today.new, today.review, today.minutes) : m.nothingToday}</Text>
            {today.problem_uids.length > 0 && (
              <Button size="md" style={{ minHeight: 44, alignSelf: 'flex-start' }} loading={start.pending} onClick={() => start.run(code)}>
                {m.start}
              </Button>
            )}
          </Stack>
        </Paper>
        {readiness.data ? <ReadinessPanel readiness={readiness.data} /> : <Skeleton height={160} radius="md" />}
      </SimpleGrid>
      {(leftOut.new > 0 || leftOut.review > 0) && (
        <Alert color="orange" variant="light" data-testid="plan-left-out">
          {m.leftOut(leftOut.new, leftOut.review, leftOut.minutes)}
        </Alert>
      )}
      <section aria-labelledby="days-title">
        <Title order={2} fz="lg" id="days-title" mb="sm">
          {m.days}
        </Title>
        <Table.ScrollContainer minWidth={320}>
          <Table striped verticalSpacing="xs" data-testid="plan-days">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.day}</Table.Th>
                <Table.Th ta="right">{m.fresh}</Table.Th>
                <Table.Th ta="right">{m.review}</Table.Th>
                <Table.Th ta="right">{m.minutes}</Table.Th>
                <Table.Th w="35%" visibleFrom="sm" aria-hidden />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.map((day) => (
                <Table.Tr key={day.date}>
                  <Table.Td>{day.date.slice(5)}</Table.Td>
                  <Table.Td ta="right">{day.new}</Table.Td>
                  <Table.Td ta="right">{day.review}</Table.Td>
                  <Table.Td ta="right">{Math.round(day.minutes)}</Table.Td>
                  <Table.Td visibleFrom="sm" aria-hidden>
                    <div style={{ height: 8, borderRadius: 4, background: 'var(--mantine-color-blue-6)', width: `${(day.minutes / most) * 100}%` }} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </section>
      <section aria-label={m.settings}>
        <Title order={2} fz="lg" mb="sm">
          {m.settings}
        </Title>
        <SettingsForm />
      </section>
    </Stack>
  );
}
