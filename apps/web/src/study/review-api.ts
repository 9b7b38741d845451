import { reviewCountResponseSchema, reviewDeckResponseSchema, reviewRatingResponseSchema, type ReviewRating } from '@qbank/shared/review';
import type { Problem } from '@qbank/shared/problems';
import { useMutation, useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiRequest, isApiRequestError } from '../lib/api-client';
import { problemQueryOptions } from '../problems/api';

// The calls of the review deck. Query keys come only from `reviewKeys`.

export const reviewKeys = {
  all: ['review'] as const,
  deck: () => [...reviewKeys.all, 'deck'] as const,
  count: () => [...reviewKeys.all, 'count'] as const,
};

/** The due cards, read once per visit: the screen works through that list. */
export function useReviewDeck() {
  return useQuery({
    queryKey: reviewKeys.deck(),
    queryFn: ({ signal }) => apiRequest('/v1/study/review', { schema: reviewDeckResponseSchema, signal }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    // Asked even when the browser says it is offline: the service worker answers with the deck it
    // last read (decision 054). The answers themselves go through the answer queue (answering/api.ts).
    networkMode: 'offlineFirst',
  });
}

/**
 * A deck problem as the screen has it: loading (paused: asked offline and not kept), ready, gone
 * (deleted or no longer visible since the deck was built: skipped) or failed (ask again).
 */
export type DeckProblem =
  { state: 'loading'; paused: boolean } | { state: 'ready'; problem: Problem } | { state: 'gone' } | { state: 'failed'; error: unknown; retry: () => void };

function deckProblem(read: UseQueryResult<Problem | null>): DeckProblem {
  if (read.isSuccess) return read.data ? { state: 'ready', problem: read.data } : { state: 'gone' };
  if (read.isError)
    return isApiRequestError(read.error) && read.error.status === 404
      ? { state: 'gone' }
      : { state: 'failed', error: read.error, retry: () => void read.refetch() };
  return { state: 'loading', paused: read.fetchStatus === 'paused' };
}

// Outside the component: useQueries keeps its combined result while the reads do not change.
const deckProblems = (reads: UseQueryResult<Problem | null>[]) => reads.map(deckProblem);

/**
 * The deck's problems, in its order: the deck carries card data only, each problem is the shared
 * read of GET /v1/problem?uid=N (decision 205). All are asked as soon as the deck arrives, so
 * after one visit online the service worker has the whole deck for the subway (decision 054).
 */
export function useReviewProblems(problemUids: readonly number[]): DeckProblem[] {
  return useQueries({
    queries: problemUids.map((uid) => ({
      ...problemQueryOptions(uid),
      // As the deck: read once per visit, and asked offline too (the worker answers from its cache).
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
      networkMode: 'offlineFirst' as const,
    })),
    combine: deckProblems,
  });
}

export function useReviewCount(enabled = true) {
  return useQuery({
    queryKey: reviewKeys.count(),
    queryFn: ({ signal }) => apiRequest('/v1/study/review/count', { schema: reviewCountResponseSchema, signal }).then((data) => data.due_count),
    enabled,
  });
}

export function useRateReview() {
  return useMutation({
    mutationFn: ({ problemUid, rating }: { problemUid: number; rating: ReviewRating }) =>
      apiRequest(`/v1/study/review/${problemUid}/rating`, { method: 'PUT', body: { rating }, schema: reviewRatingResponseSchema }),
  });
}
