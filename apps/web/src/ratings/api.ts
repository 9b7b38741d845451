import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RATINGS_BATCH_MAX, type RatingRequest, type RatingSummary } from '@qbank/shared/ratings';
import { apiRequest } from '../lib/api-client';
import { createUidBatcher } from '../lib/batch-by-uid';

// Ratings of problems: the member's own, everyone's figures (batched per page of problems) and the
// leads' queue of problems called erroneous. Query keys come only from ratingKeys.

export const ratingKeys = {
  all: ['ratings'] as const,
  mine: (problemUid: number) => [...ratingKeys.all, 'mine', problemUid] as const,
  summary: (problemUid: number) => [...ratingKeys.all, 'summary', problemUid] as const,
  flagged: (page: number) => [...ratingKeys.all, 'flagged', page] as const,
};

const ratingSchema = () => import('@qbank/shared/ratings').then((module) => module.ratingResponseSchema);

const loadSummary = createUidBatcher<RatingSummary>(RATINGS_BATCH_MAX, async (uids) => {
  const schema = (await import('@qbank/shared/ratings')).ratingSummariesResponseSchema;
  const data = await apiRequest('/v1/ratings/summary', { query: { problem_uids: uids.join(',') }, schema });
  return new Map(data.summaries.map((summary) => [summary.problem_uid, summary]));
});

export const ratingSummaryQueryOptions = (problemUid: number) =>
  queryOptions({ queryKey: ratingKeys.summary(problemUid), queryFn: () => loadSummary(problemUid), staleTime: 60_000 });

/** Everyone's figures of a problem (asked for together with the other problems on screen). */
export function useRatingSummary(problemUid: number) {
  return useQuery(ratingSummaryQueryOptions(problemUid));
}

export const myRatingQueryOptions = (problemUid: number) =>
  queryOptions({
    queryKey: ratingKeys.mine(problemUid),
    queryFn: ({ signal }) => apiRequest(`/v1/problem/${problemUid}/rating`, { signal, schema: ratingSchema }),
  });

export function useMyRating(problemUid: number, enabled = true) {
  return useQuery({ ...myRatingQueryOptions(problemUid), enabled });
}

export function useRate(problemUid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: RatingRequest) => apiRequest(`/v1/problem/${problemUid}/rating`, { method: 'PUT', body: rating, schema: ratingSchema }),
    onSuccess: (data) => {
      queryClient.setQueryData(ratingKeys.mine(problemUid), data);
      queryClient.setQueryData(ratingKeys.summary(problemUid), data.summary);
    },
  });
}

const flaggedSchema = () => import('@qbank/shared/ratings').then((module) => module.flaggedResponseSchema);

export function useFlaggedProblems(page: number) {
  return useQuery({
    queryKey: ratingKeys.flagged(page),
    queryFn: ({ signal }) => apiRequest('/v1/ratings/flagged', { signal, query: { page, limit: 20 }, schema: flaggedSchema }),
    placeholderData: keepPreviousData,
  });
}
