import { Box, Text } from '@mantine/core';
import { useMyTestStats } from './api';
import { statsMessages } from './messages';

const m = statsMessages.percentile;

/** My first-pass score on the exam and its percentile in my grade, once I have answered every scored problem. */
export function TestPercentile({ testCode, answeredAll }: { testCode: number; answeredAll: boolean }) {
  const stats = useMyTestStats(testCode, answeredAll);
  if (!answeredAll || !stats.data || !stats.data.completed) return null;
  const { correct, scored_count: scored, percentile, peers, min_peers: minPeers } = stats.data;
  return (
    <Box component="section" aria-label={m.title} bg="blue.0" p="sm" mt="sm" style={{ borderRadius: 'var(--mantine-radius-sm)' }} data-testid="test-percentile">
      <Text fw={700} size="sm" c="blue.9">
        {m.title}
      </Text>
      <Text size="sm">{m.score(correct, scored)}</Text>
      <Text size="sm">
        {percentile !== null ? m.percentile(String(Math.round(percentile)), peers) : peers > 0 ? m.waiting(minPeers, peers) : m.noGrade}
      </Text>
    </Box>
  );
}
