import { Box, Text } from '@mantine/core';
import type { MyTestStats } from '@qbank/shared/stats';
import { useMyTestStats } from './api';
import { statsMessages } from './messages';

const m = statsMessages.percentile;

/** The percentile's sentence: the value among the grade's completers, or why there is none yet. */
function percentileText({ percentile, peers, min_peers: minPeers }: Pick<MyTestStats, 'percentile' | 'peers' | 'min_peers'>): string {
  return percentile !== null ? m.percentile(String(Math.round(percentile)), peers) : peers > 0 ? m.waiting(minPeers, peers) : m.noGrade;
}

/**
 * The percentile of an exam in 내 학습 통계's list (issue 26 item 11): asked only for an exam the
 * member completed in solve mode, from the same endpoint and cache entry as solve mode's panel.
 */
export function TestPercentileText({ testCode, completed }: { testCode: number; completed: boolean }) {
  const stats = useMyTestStats(testCode, completed);
  if (!completed) return <>{statsMessages.myStats.notCompleted}</>;
  if (!stats.data) return <>{statsMessages.dash}</>;
  return <>{stats.data.completed ? percentileText(stats.data) : statsMessages.myStats.notCompleted}</>;
}

/** My first-pass score on the exam and its percentile in my grade, once I have answered every scored problem. */
export function TestPercentile({ testCode, answeredAll }: { testCode: number; answeredAll: boolean }) {
  const stats = useMyTestStats(testCode, answeredAll);
  if (!answeredAll || !stats.data || !stats.data.completed) return null;
  const { correct, scored_count: scored } = stats.data;
  return (
    <Box component="section" aria-label={m.title} bg="blue.0" p="sm" mt="sm" style={{ borderRadius: 'var(--mantine-radius-sm)' }} data-testid="test-percentile">
      <Text fw={700} size="sm" c="blue.9">
        {m.title}
      </Text>
      <Text size="sm">{m.score(correct, scored)}</Text>
      <Text size="sm">{percentileText(stats.data)}</Text>
    </Box>
  );
}
