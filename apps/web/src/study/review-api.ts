import { reviewCountResponseSchema, reviewDeckResponseSchema, reviewRatingResponseSchema, type ReviewRating } from '@qbank/shared/review';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

// The calls of the review deck. Query keys come only from `reviewKeys`.

export const reviewKeys = {
  all: ['review'] as const,
  deck: () => [...reviewKeys.all, 'deck'] as const,
  count: () => [...reviewKeys.all, 'count'] as const,
};

/** The due problems, read once per visit: the screen works through that list. */
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
