import { Paper, Text } from '@mantine/core';
import { LoadFailedCard } from '../answering/components/state-card';
import { PageLoader } from '../components/page-loader';
import { errorMessage } from '../lib/api-client';
import type { DeckProblem } from './review-api';
import { reviewMessages as m } from './review-messages';

/** In place of a problem not loaded yet, gone since the deck was built, or failed to load. */
export function ProblemNotShown({ read }: { read: DeckProblem }) {
  if (read.state === 'failed') {
    return <LoadFailedCard title={m.problemLoadFailed} reason={errorMessage(read.error, m.problemLoadFailed)} retryLabel={m.reload} onRetry={read.retry} />;
  }
  const notice = read.state === 'gone' ? m.problemGone : read.state === 'loading' && read.paused ? m.problemWaitsForConnection : null;
  if (notice === null) return <PageLoader />;
  return (
    <Paper withBorder radius="md" p="xl">
      <Text ta="center" fw={600} data-testid="review-problem-notice">
        {notice}
      </Text>
    </Paper>
  );
}
