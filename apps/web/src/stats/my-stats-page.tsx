import type { ReactNode } from 'react';
import '@mantine/charts/styles.css';
import { Alert, Anchor, Button, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { StatsMe, TestStats } from '@qbank/shared/stats';
import { Link } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { PageLoader } from '../components/page-loader';
import { errorMessage } from '../lib/api-client';
import { paths } from '../lib/paths';
import { useCompactLayout } from '../lib/use-compact-layout';
import { ActivityChart } from './activity-chart';
import { useMyStats } from './api';
import { statsMessages } from './messages';
import { SubjectChart } from './subject-chart';
import { TestPercentileText } from './test-percentile';
import { SectionCard } from '../components/section-card';

const m = statsMessages.myStats;

/**
 * 내 학습 통계: where the member stands, from their own answers only. `bottom`: what the router
 * composes under the figures (the memory model's report of the exam calendar, issue 29).
 */
export function MyStatsPage({ bottom }: { bottom?: ReactNode } = {}) {
  useDocumentTitle(`${m.title} · qbank`);
  const stats = useMyStats();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{m.title}</Title>
        <Text c="gray.7" size="sm">
          {m.intro}
        </Text>
      </div>
      {stats.isPending ? (
        <PageLoader />
      ) : stats.isError ? (
        <Alert color="red" role="alert" title={m.loadFailed}>
          {errorMessage(stats.error, m.loadFailed)}
        </Alert>
      ) : stats.data.totals.answered === 0 && stats.data.by_day.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <EmptyState>{m.empty}</EmptyState>
          <Button component={Link} to={paths.exams.getHref()}>
            {m.emptyAction}
          </Button>
        </Stack>
      ) : (
        <StatsBody stats={stats.data} />
      )}
      {bottom}
    </Stack>
  );
}

function StatsBody({ stats }: { stats: StatsMe }) {
  const { totals } = stats;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label={m.answered} value={String(totals.answered)} note={totals.self_judged > 0 ? m.selfJudged(totals.self_judged) : undefined} />
        <Figure label={m.correct} value={String(totals.correct)} />
        <Figure label={m.correctRate} value={totals.answered > 0 ? statsMessages.percent(totals.correct / totals.answered) : statsMessages.dash} />
        <Figure label={m.streak} value={m.streakDays(stats.streak_days)} />
      </SimpleGrid>
      {stats.by_subject.length > 0 && <SubjectChart subjects={stats.by_subject} />}
      <ActivityChart days={stats.by_day} today={stats.today} />
      {stats.by_test.length > 0 && <TestList tests={stats.by_test} />}
    </>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string | undefined }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={700} fz="xl" data-testid={`stats-figure-${label}`}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="gray.7">
          {note}
        </Text>
      )}
    </Paper>
  );
}

function TestList({ tests }: { tests: TestStats[] }) {
  const compact = useCompactLayout();
  const score = (t: TestStats) => m.scoreOf(t.correct, t.answered, t.problem_count);
  return (
    <SectionCard titleId="stats-tests-title" title={m.byTest}>
      <Text size="sm" c="gray.7">
        {m.percentileHint}
      </Text>
      {compact ? (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {tests.map((t) => (
            <li key={t.test_code}>
              <Anchor component={Link} to={paths.testSolve.getHref(t.test_code)} style={{ overflowWrap: 'anywhere' }}>
                {t.test_name}
              </Anchor>
              <Text size="sm" c="gray.7">
                {score(t)}
              </Text>
              <Text size="sm" c="gray.7" data-testid="stats-test-percentile">
                {m.percentile}: <TestPercentileText testCode={t.test_code} completed={t.completed} />
              </Text>
            </li>
          ))}
        </Stack>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{m.test}</Table.Th>
              <Table.Th>{m.score}</Table.Th>
              <Table.Th>{m.correctRate}</Table.Th>
              <Table.Th>{m.percentile}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tests.map((t) => (
              <Table.Tr key={t.test_code}>
                <Table.Td>
                  <Anchor component={Link} to={paths.testSolve.getHref(t.test_code)}>
                    {t.test_name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{score(t)}</Table.Td>
                <Table.Td>{t.answered > 0 ? statsMessages.percent(t.correct / t.answered) : statsMessages.dash}</Table.Td>
                <Table.Td data-testid="stats-test-percentile">
                  <TestPercentileText testCode={t.test_code} completed={t.completed} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </SectionCard>
  );
}
