import {
  disputeCommentResponseSchema,
  disputeResponseSchema,
  disputesResponseSchema,
  disputeSummaryResponseSchema,
  problemDisputesResponseSchema,
  type CreateDisputeRequest,
  type DisputeCommentRequest,
  type DisputeStatus,
  type ProblemDisputeSummary,
  type RulingRequest,
  unvoidResponseSchema,
} from '@qbank/shared/disputes';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { createUidBatcher } from '../lib/batch-by-uid';

// Answer-key disputes. Query keys come only from `disputeKeys`; every change refetches all
// dispute data (a ruling changes the problem's badges, the queue and the counts at once) and
// the problems themselves (an accepted ruling changes the key).

export const disputeKeys = {
  all: ['disputes'] as const,
  summary: (uid: number) => [...disputeKeys.all, 'summary', uid] as const,
  problem: (uid: number) => [...disputeKeys.all, 'problem', uid] as const,
  list: (status: DisputeStatus | undefined, page: number) => [...disputeKeys.all, 'list', status ?? 'all', page] as const,
};

// The viewers show a page of problems at once: summaries asked for within one tick go out as one call.
const SUMMARY_BATCH_MAX = 200;
const loadSummary = createUidBatcher<ProblemDisputeSummary>(SUMMARY_BATCH_MAX, async (uids) => {
  const { summaries } = await apiRequest('/v1/disputes/summary', { query: { problem_uids: uids.join(',') }, schema: disputeSummaryResponseSchema });
  return new Map(summaries.map((summary) => [summary.problem_uid, summary]));
});

const disputeSummaryQueryOptions = (problemUid: number) =>
  queryOptions({ queryKey: disputeKeys.summary(problemUid), queryFn: () => loadSummary(problemUid), staleTime: 30_000 });

export function useDisputeSummary(problemUid: number) {
  return useQuery(disputeSummaryQueryOptions(problemUid));
}

/** A list's chunk of problems asks for all its summaries at once, before its cards are drawn. */
export function prefetchDisputeSummaries(queryClient: QueryClient, problemUids: readonly number[]): void {
  for (const uid of problemUids) void queryClient.prefetchQuery(disputeSummaryQueryOptions(uid));
}

export function useProblemDisputes(problemUid: number, enabled: boolean) {
  return useQuery({
    queryKey: disputeKeys.problem(problemUid),
    queryFn: ({ signal }) => apiRequest(`/v1/problem/${problemUid}/disputes`, { schema: problemDisputesResponseSchema, signal }),
    select: (data) => data.disputes,
    enabled,
  });
}

export function useDisputes(status: DisputeStatus | undefined, page: number, limit = 20) {
  return useQuery({
    queryKey: disputeKeys.list(status, page),
    queryFn: ({ signal }) => apiRequest('/v1/disputes', { query: { status, page, limit }, schema: disputesResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The lead menu's badge: how many disputes wait for a ruling. */
export function useOpenDisputeCount(enabled: boolean) {
  return useQuery({
    queryKey: disputeKeys.list('open', 0),
    queryFn: ({ signal }) => apiRequest('/v1/disputes', { query: { status: 'open', page: 1, limit: 1 }, schema: disputesResponseSchema, signal }),
    select: (data) => data.total,
    enabled,
    staleTime: 60_000,
  });
}

function useRefetchDisputes(ruling = false) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: disputeKeys.all }),
      // Problems (their key and 문항 무효) and solve progress (re-judged answers) follow a ruling.
      ...(ruling ? [queryClient.invalidateQueries({ queryKey: ['problems'] }), queryClient.invalidateQueries({ queryKey: ['solve'] })] : []),
    ]);
  };
}

export function useFileDispute(problemUid: number) {
  const refetch = useRefetchDisputes();
  return useMutation({
    mutationFn: (body: CreateDisputeRequest) => apiRequest(`/v1/problem/${problemUid}/disputes`, { method: 'POST', body, schema: disputeResponseSchema }),
    onSuccess: refetch,
  });
}

export function useSupportDispute() {
  const refetch = useRefetchDisputes();
  return useMutation({
    mutationFn: (code: number) => apiRequest(`/v1/disputes/${code}/support`, { method: 'POST', schema: disputeResponseSchema }),
    onSuccess: refetch,
  });
}

export function useCommentDispute() {
  const refetch = useRefetchDisputes();
  return useMutation({
    mutationFn: ({ code, body }: { code: number; body: DisputeCommentRequest }) =>
      apiRequest(`/v1/disputes/${code}/comments`, { method: 'POST', body, schema: disputeCommentResponseSchema }),
    onSuccess: refetch,
  });
}

export function useRuleDispute() {
  const refetch = useRefetchDisputes(true);
  return useMutation({
    mutationFn: ({ code, body }: { code: number; body: RulingRequest }) =>
      apiRequest(`/v1/disputes/${code}/ruling`, { method: 'POST', body, schema: disputeResponseSchema }),
    onSuccess: refetch,
  });
}

/** A lead undoes a voiding: the problem counts in scoring again (its badges and scores follow). */
export function useUnvoidProblem() {
  const refetch = useRefetchDisputes(true);
  return useMutation({
    mutationFn: (problemUid: number) => apiRequest(`/v1/problem/${problemUid}/unvoid`, { method: 'POST', schema: unvoidResponseSchema }),
    onSuccess: refetch,
  });
}
