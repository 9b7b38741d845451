import { lineageCountsResponseSchema, problemLineageResponseSchema, type LineageCount, type LineageLinkRequest } from '@qbank/shared/lineage';
import { problemResponseSchema, type Problem } from '@qbank/shared/problems';
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { createUidBatcher } from '../lib/batch-by-uid';

// 출제 이력 (issue 28). Query keys come only from `lineageKeys`; a lead's decision refetches every
// lineage read (it changes the badges of every member at once).
export const lineageKeys = {
  all: ['lineage'] as const,
  summary: (uid: number) => [...lineageKeys.all, 'summary', uid] as const,
  problem: (uid: number) => [...lineageKeys.all, 'problem', uid] as const,
  content: (uid: number) => [...lineageKeys.all, 'content', uid] as const,
};

// The badges of a list's chunk go out as one call (decision 068), like the notes and dispute badges.
const SUMMARY_BATCH_MAX = 200;
const loadSummary = createUidBatcher<LineageCount>(SUMMARY_BATCH_MAX, async (uids) => {
  const { summaries } = await apiRequest('/v1/lineages/summary', { query: { uids: uids.join(',') }, schema: lineageCountsResponseSchema });
  return new Map(summaries.map((summary) => [summary.uid, summary]));
});

export const lineageSummaryQueryOptions = (problemUid: number) =>
  queryOptions({ queryKey: lineageKeys.summary(problemUid), queryFn: () => loadSummary(problemUid), staleTime: 60_000 });

/** The badge's figures; null when the problem appeared once. */
export function useLineageSummary(problemUid: number) {
  return useQuery(lineageSummaryQueryOptions(problemUid));
}

/** A list's chunk of problems asks for all its badges at once, before its cards are drawn. */
export function prefetchLineageSummaries(queryClient: QueryClient, problemUids: readonly number[]): void {
  for (const uid of problemUids) void queryClient.prefetchQuery(lineageSummaryQueryOptions(uid));
}

export const problemLineageQueryOptions = (problemUid: number) =>
  queryOptions({
    queryKey: lineageKeys.problem(problemUid),
    queryFn: ({ signal }) => apiRequest(`/v1/problem/${problemUid}/lineage`, { schema: problemLineageResponseSchema, signal }),
    select: (data) => data.lineage,
  });

export function useProblemLineage(problemUid: number) {
  return useQuery(problemLineageQueryOptions(problemUid));
}

/** The members' stems, options and keys, for the panel's keys and word diffs. */
export function useLineageContents(problemUids: readonly number[]) {
  return useQueries({
    queries: problemUids.map((uid) => ({
      queryKey: lineageKeys.content(uid),
      queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest(`/v1/problem/${uid}`, { schema: problemResponseSchema, signal }),
      select: (data: { problem: Problem }) => data.problem,
      staleTime: 60_000,
    })),
  });
}

function useRefetchLineages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: lineageKeys.all });
}

export function useDecideLink() {
  const refetch = useRefetchLineages();
  return useMutation({
    mutationFn: ({ decision, ...body }: LineageLinkRequest & { decision: 'confirm' | 'reject' }) =>
      apiRequest(`/v1/lineage/links/${decision}`, { method: 'POST', body, schema: problemLineageResponseSchema }),
    onSuccess: refetch,
  });
}

export function useSplitProblem() {
  const refetch = useRefetchLineages();
  return useMutation({
    mutationFn: (problemUid: number) => apiRequest(`/v1/problem/${problemUid}/lineage/split`, { method: 'POST', schema: problemLineageResponseSchema }),
    onSuccess: refetch,
  });
}
