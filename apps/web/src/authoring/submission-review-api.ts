import { reviewCountsResponseSchema, reviewHistoryResponseSchema, reviewResponseSchema, type ReviewRequest } from '@qbank/shared/submission-review';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

// Review of submitted slots. A review changes the slot's history, the exam's counts and lists,
// and the student's /dashboard/my list: every authoring query is refetched.

export const submissionReviewKeys = {
  history: (uid: number) => ['authoring', 'review-history', uid] as const,
  counts: (testCode: number) => ['authoring', 'review-counts', testCode] as const,
};

export function useReviewHistory(uid: number) {
  return useQuery({
    queryKey: submissionReviewKeys.history(uid),
    queryFn: ({ signal }) => apiRequest(`/v1/problem/${uid}/reviews`, { schema: reviewHistoryResponseSchema, signal }),
    select: (data) => data.steps,
  });
}

export function useReviewCounts(testCode: number, enabled: boolean) {
  return useQuery({
    queryKey: submissionReviewKeys.counts(testCode),
    queryFn: ({ signal }) => apiRequest('/v1/problem/review-counts', { query: { test_code: testCode }, schema: reviewCountsResponseSchema, signal }),
    select: (data) => data.counts,
    enabled,
  });
}

export function useReviewSubmission(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewRequest) => apiRequest(`/v1/problem/${uid}/review`, { method: 'POST', body, schema: reviewResponseSchema }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['authoring'] }), queryClient.invalidateQueries({ queryKey: ['my-problems'] })]),
  });
}
