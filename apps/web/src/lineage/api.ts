import type {
  BankSearchResponse,
  KeyConflictListResponse,
  LineageCount,
  LineageLinkRequest,
  LineageProgressResponse,
  LineageRelation,
  LineageSuggestionsResponse,
  SimilarProblemsResponse,
} from '@qbank/shared/lineage';
import type { Problem } from '@qbank/shared/problems';
import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { createUidBatcher } from '../lib/batch-by-uid';

// The schemas come through loaders (lib/api-client.ts, decision 050): the card's 출제 N회 badge and
// a class's recurrence line are drawn by the shell's card slots (app/providers.tsx), so this module
// is part of the first screen, and a static import here put zod and the lineage schemas in the
// shell's entry chunk (~35 kB gzip over the 150 kB first-screen budget, bench/web-assets.mjs).

// 출제 이력 (issue 28). Query keys come only from `lineageKeys`; a lead's decision refetches every
// lineage read (it changes the badges of every member at once).
export const lineageKeys = {
  all: ['lineage'] as const,
  summary: (uid: number) => [...lineageKeys.all, 'summary', uid] as const,
  problem: (uid: number) => [...lineageKeys.all, 'problem', uid] as const,
  content: (uid: number) => [...lineageKeys.all, 'content', uid] as const,
  search: (q: string, subjectCode: number | undefined, year: number | undefined, page: number) =>
    [...lineageKeys.all, 'search', q, subjectCode ?? null, year ?? null, page] as const,
  progress: () => [...lineageKeys.all, 'progress'] as const,
  suggestions: (subjectCode: number | undefined, page: number) => [...lineageKeys.all, 'suggestions', subjectCode ?? null, page] as const,
  keyConflicts: (subjectCode: number | undefined, page: number) => [...lineageKeys.all, 'key-conflicts', subjectCode ?? null, page] as const,
  similar: (text: string, subjectCode: number | undefined) => [...lineageKeys.all, 'similar', text, subjectCode ?? null] as const,
  classRecurrence: (classCode: number) => [...lineageKeys.all, 'class', classCode] as const,
};

/** A stem shorter than this finds too little to be worth asking about (similar-problems-panel.tsx). */
export const SIMILAR_MIN_CHARS = 10;

/**
 * The editor's live suggestions (issue 28 item 6): the past problems most like the stem being
 * written. The text is in the key, so a newer text is a new query; the one it replaces loses its
 * observer and its request is aborted (the signal), while its list stays shown until the new one comes.
 */
export function useSimilarProblems(text: string, subjectCode: number | undefined) {
  return useQuery({
    queryKey: lineageKeys.similar(text, subjectCode),
    queryFn: ({ signal }) =>
      apiRequest<SimilarProblemsResponse>('/v1/problem/similar', {
        query: { text, subject_code: subjectCode },
        schema: () => import('@qbank/shared/lineage').then((m) => m.similarProblemsResponseSchema),
        signal,
      }),
    enabled: text.length >= SIMILAR_MIN_CHARS,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    select: (data) => data.problems,
  });
}

/** A past problem's whole content, to start a new one from ("이 문제에서 시작"). */
export function fetchProblemContent(queryClient: QueryClient, problemUid: number): Promise<Problem> {
  return queryClient
    .fetchQuery({
      queryKey: lineageKeys.content(problemUid),
      queryFn: ({ signal }) =>
        apiRequest(`/v1/problem/${problemUid}`, { schema: () => import('@qbank/shared/problems').then((m) => m.problemResponseSchema), signal }),
      staleTime: 60_000,
    })
    .then((data) => data.problem);
}

/** How much of a lecture class recurs (decision 190): its problems and those asked twice or more. */
export const classRecurrenceQueryOptions = (classCode: number) =>
  queryOptions({
    queryKey: lineageKeys.classRecurrence(classCode),
    queryFn: ({ signal }) =>
      apiRequest(`/v1/lineages/class/${classCode}`, { schema: () => import('@qbank/shared/lineage').then((m) => m.classRecurrenceResponseSchema), signal }),
    staleTime: 60_000,
  });

export function useClassRecurrence(classCode: number) {
  return useQuery(classRecurrenceQueryOptions(classCode));
}

export const BANK_SEARCH_PAGE_SIZE = 20;

/** The whole bank's search, grouped by lineage, a page of groups at a time. */
export function useBankSearch(q: string, subjectCode: number | undefined, year: number | undefined, page: number) {
  return useQuery({
    queryKey: lineageKeys.search(q, subjectCode, year, page),
    queryFn: ({ signal }) =>
      apiRequest<BankSearchResponse>('/v1/search', {
        query: { q, page, limit: BANK_SEARCH_PAGE_SIZE, subject_code: subjectCode, year },
        schema: () => import('@qbank/shared/lineage').then((m) => m.bankSearchResponseSchema),
        signal,
      }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

// The badges of a list's chunk go out as one call (decision 068), like the notes and dispute badges.
const SUMMARY_BATCH_MAX = 200;
const loadSummary = createUidBatcher<LineageCount>(SUMMARY_BATCH_MAX, async (uids) => {
  const { summaries } = await apiRequest('/v1/lineages/summary', {
    query: { uids: uids.join(',') },
    schema: () => import('@qbank/shared/lineage').then((m) => m.lineageCountsResponseSchema),
  });
  return new Map(summaries.map((summary) => [summary.uid, summary]));
});

export const lineageSummaryQueryOptions = (problemUid: number) =>
  queryOptions({ queryKey: lineageKeys.summary(problemUid), queryFn: () => loadSummary(problemUid), staleTime: 60_000 });

/** The badge's figures; null when the problem appeared once. */
export function useLineageSummary(problemUid: number) {
  return useQuery(lineageSummaryQueryOptions(problemUid));
}

/**
 * The badges of the problems the server draws (app/server-paint.tsx), in one call of this drawing's
 * own: the batcher's queue is shared by the process, and two members' drawings must not share it.
 * A problem asked once gets null, so the card knows it has no badge instead of asking again.
 */
export async function fetchLineageSummariesInto(queryClient: QueryClient, problemUids: readonly number[]): Promise<void> {
  if (problemUids.length === 0) return;
  const { summaries } = await apiRequest('/v1/lineages/summary', {
    query: { uids: problemUids.join(',') },
    schema: () => import('@qbank/shared/lineage').then((m) => m.lineageCountsResponseSchema),
  });
  const byUid = new Map(summaries.map((summary) => [summary.uid, summary]));
  for (const uid of problemUids) queryClient.setQueryData(lineageKeys.summary(uid), byUid.get(uid) ?? null);
}

/** A list's chunk of problems asks for all its badges at once, before its cards are drawn. */
export function prefetchLineageSummaries(queryClient: QueryClient, problemUids: readonly number[]): void {
  for (const uid of problemUids) void queryClient.prefetchQuery(lineageSummaryQueryOptions(uid));
}

export const problemLineageQueryOptions = (problemUid: number) =>
  queryOptions({
    queryKey: lineageKeys.problem(problemUid),
    queryFn: ({ signal }) =>
      apiRequest(`/v1/problem/${problemUid}/lineage`, { schema: () => import('@qbank/shared/lineage').then((m) => m.problemLineageResponseSchema), signal }),
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
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest(`/v1/problem/${uid}`, { schema: () => import('@qbank/shared/problems').then((m) => m.problemResponseSchema), signal }),
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
      apiRequest(`/v1/lineage/links/${decision}`, {
        method: 'POST',
        body,
        schema: () => import('@qbank/shared/lineage').then((m) => m.problemLineageResponseSchema),
      }),
    onSuccess: refetch,
  });
}

export function useSplitProblem() {
  const refetch = useRefetchLineages();
  return useMutation({
    mutationFn: (problemUid: number) =>
      apiRequest(`/v1/problem/${problemUid}/lineage/split`, {
        method: 'POST',
        schema: () => import('@qbank/shared/lineage').then((m) => m.problemLineageResponseSchema),
      }),
    onSuccess: refetch,
  });
}

// ---------------------------------------------------------------- the lead's 출제 이력 관리 (decision 203)

export const LINEAGE_QUEUE_PAGE_SIZE = 10;
/** How often the run's progress is asked for while problems wait. */
const PROGRESS_POLL_MS = 2_000;

/** The whole-bank run's progress, asked again every 2 s while the queue holds problems. */
export function useLineageProgress() {
  return useQuery({
    queryKey: lineageKeys.progress(),
    queryFn: ({ signal }) =>
      apiRequest('/v1/lineages/progress', { schema: () => import('@qbank/shared/lineage').then((m) => m.lineageProgressResponseSchema), signal }),
    refetchInterval: (query) => ((query.state.data?.waiting ?? 0) > 0 ? PROGRESS_POLL_MS : false),
  });
}

export function useRunWholeBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/v1/lineages/run', { method: 'POST', schema: () => import('@qbank/shared/lineage').then((m) => m.lineageProgressResponseSchema) }),
    onSuccess: (progress: LineageProgressResponse) => queryClient.setQueryData(lineageKeys.progress(), progress),
  });
}

export function useLineageSuggestions(subjectCode: number | undefined, page: number) {
  return useQuery({
    queryKey: lineageKeys.suggestions(subjectCode, page),
    queryFn: ({ signal }) =>
      apiRequest<LineageSuggestionsResponse>('/v1/lineage/suggestions', {
        query: { subject_code: subjectCode, page, limit: LINEAGE_QUEUE_PAGE_SIZE },
        schema: () => import('@qbank/shared/lineage').then((m) => m.lineageSuggestionsResponseSchema),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useKeyConflictList(subjectCode: number | undefined, page: number) {
  return useQuery({
    queryKey: lineageKeys.keyConflicts(subjectCode, page),
    queryFn: ({ signal }) =>
      apiRequest<KeyConflictListResponse>('/v1/lineage/key-conflicts', {
        query: { subject_code: subjectCode, page, limit: LINEAGE_QUEUE_PAGE_SIZE },
        schema: () => import('@qbank/shared/lineage').then((m) => m.keyConflictListResponseSchema),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Undoes a lead's decision on a pair (the queue's 되돌리기). */
export function useResetDecision() {
  const refetch = useRefetchLineages();
  return useMutation({
    mutationFn: (body: { problem_a: number; problem_b: number }) =>
      apiRequest('/v1/lineage/links/reset', {
        method: 'POST',
        body,
        schema: () => import('@qbank/shared/lineage').then((m) => m.problemLineageResponseSchema),
      }),
    onSuccess: refetch,
  });
}

export function useMergeLineages() {
  const refetch = useRefetchLineages();
  return useMutation({
    mutationFn: (body: { problem_a: number; problem_b: number; relation: LineageRelation }) =>
      apiRequest('/v1/lineages/merge', { method: 'POST', body, schema: () => import('@qbank/shared/lineage').then((m) => m.problemLineageResponseSchema) }),
    onSuccess: refetch,
  });
}
