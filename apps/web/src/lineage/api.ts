import type {
  BankSearchResponse,
  KeyConflictListResponse,
  LineageLinkRequest,
  LineageProgressResponse,
  LineageRelation,
  LineageSuggestionsResponse,
  SimilarProblemsResponse,
} from '@qbank/shared/lineage';
import type { Problem } from '@qbank/shared/problems';
import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { lineageKeys, type BankSearchFilters } from './card-api';

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

export const BANK_SEARCH_PAGE_SIZE = 20;

/** The whole bank's search, grouped by lineage, a page of groups at a time. */
export function useBankSearch(q: string, filters: BankSearchFilters, page: number) {
  return useQuery({
    queryKey: lineageKeys.search(q, filters, page),
    queryFn: ({ signal }) =>
      apiRequest<BankSearchResponse>('/v1/search', {
        query: { q, page, limit: BANK_SEARCH_PAGE_SIZE, subject_code: filters.subjectCode, year: filters.year, exam_type: filters.examType },
        schema: () => import('@qbank/shared/lineage').then((m) => m.bankSearchResponseSchema),
        signal,
      }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
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
