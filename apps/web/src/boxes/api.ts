import { okResponseSchema } from '@qbank/shared/auth';
import { problemResponseSchema } from '@qbank/shared/problems';
import {
  BOOKMARK_BATCH_MAX,
  boxesResponseSchema,
  boxProblemsResponseSchema,
  boxResponseSchema,
  solveBoxesResponseSchema,
  type CreateBoxRequest,
} from '@qbank/shared/boxes';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { createUidBatcher } from '../lib/batch-by-uid';

// The member's boxes (bookmark folders). Every call needs an approved member and works on the
// member's own boxes only. Query keys come only from `boxKeys`; mutations invalidate by key:
// making or deleting a box the whole `boxes` key, putting a problem in or out the keys it touches.

/** The library's server-side filters (`GET /v1/box/{id}/problem`); empty means "any". */
export interface BoxProblemFilters {
  subject_code?: number | undefined;
  year?: number | undefined;
  /** 1 multiple choice, 2 subjective, 4 slide. */
  type?: 1 | 2 | 4 | undefined;
  q?: string | undefined;
}

export const boxKeys = {
  all: ['boxes'] as const,
  list: () => [...boxKeys.all, 'list'] as const,
  forProblem: (problemUid: number) => [...boxKeys.all, 'list', { problem_uid: problemUid }] as const,
  problems: (boxId: number, filters: BoxProblemFilters) => [...boxKeys.all, 'problems', boxId, normalizeFilters(filters)] as const,
  problem: (problemUid: number) => [...boxKeys.all, 'problem', problemUid] as const,
  bookmarked: (problemUid: number) => [...boxKeys.all, 'bookmarked', problemUid] as const,
};

function normalizeFilters(filters: BoxProblemFilters): BoxProblemFilters {
  const out: BoxProblemFilters = {};
  if (filters.subject_code) out.subject_code = filters.subject_code;
  if (filters.year) out.year = filters.year;
  if (filters.type) out.type = filters.type;
  const q = filters.q?.trim();
  if (q) out.q = q;
  return out;
}

export const boxesQueryOptions = () =>
  queryOptions({
    queryKey: boxKeys.list(),
    queryFn: ({ signal }) => apiRequest('/v1/box', { schema: boxesResponseSchema, signal }),
    select: (data) => data.boxes,
  });

/** The boxes with `has_problem` for one problem (the bookmark modal and solve mode). */
export const problemBoxesQueryOptions = (problemUid: number) =>
  queryOptions({
    queryKey: boxKeys.forProblem(problemUid),
    queryFn: ({ signal }) => apiRequest('/v1/box', { query: { problem_uid: problemUid }, schema: boxesResponseSchema, signal }),
    select: (data) => data.boxes,
  });

// The stars of a list's cards ask within one tick: one `GET /v1/box?problem_uids=…` answers them all.
const loadBookmarked = createUidBatcher<true>(BOOKMARK_BATCH_MAX, async (uids) => {
  const data = await apiRequest('/v1/box', { query: { problem_uids: uids.join(',') }, schema: boxesResponseSchema });
  return new Map((data.bookmarked_uids ?? []).map((uid) => [uid, true as const]));
});

/** Whether the problem sits in any of the member's boxes (the bookmark star). */
export const bookmarkedQueryOptions = (problemUid: number) =>
  queryOptions({
    queryKey: boxKeys.bookmarked(problemUid),
    queryFn: async () => (await loadBookmarked(problemUid)) ?? false,
    // Fresh for 30 s: a list asks for a chunk's stars before its cards are drawn (prefetchBookmarks),
    // and a card drawn a moment later must not ask again. Box changes invalidate boxKeys.all.
    staleTime: 30_000,
  });

/** A list's chunk of problems asks for all its stars at once, before its cards are drawn. */
export function prefetchBookmarks(queryClient: QueryClient, problemUids: readonly number[]): void {
  for (const uid of problemUids) void queryClient.prefetchQuery(bookmarkedQueryOptions(uid));
}

export const boxProblemsQueryOptions = (boxId: number, filters: BoxProblemFilters) =>
  queryOptions({
    queryKey: boxKeys.problems(boxId, filters),
    queryFn: ({ signal }) => apiRequest(`/v1/box/${boxId}/problem`, { query: { ...normalizeFilters(filters) }, schema: boxProblemsResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** The whole problem behind a box row, for the library's detail modal. */
export const libraryProblemQueryOptions = (problemUid: number) =>
  queryOptions({
    queryKey: boxKeys.problem(problemUid),
    queryFn: ({ signal }) => apiRequest(`/v1/problem/${problemUid}`, { schema: problemResponseSchema, signal }),
    select: (data) => data.problem,
  });

export function useLibraryProblem(problemUid: number | null) {
  return useQuery({ ...libraryProblemQueryOptions(problemUid ?? 0), enabled: problemUid !== null });
}

export function useBoxes() {
  return useQuery(boxesQueryOptions());
}

export function useProblemBoxes(problemUid: number, enabled = true) {
  return useQuery({ ...problemBoxesQueryOptions(problemUid), enabled });
}

export function useBookmarked(problemUid: number) {
  return useQuery(bookmarkedQueryOptions(problemUid));
}

export function useBoxProblems(boxId: number | null, filters: BoxProblemFilters) {
  return useQuery({ ...boxProblemsQueryOptions(boxId ?? 0, filters), enabled: boxId !== null });
}

function useInvalidateBoxes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: boxKeys.all });
}

export function useCreateBox() {
  const invalidate = useInvalidateBoxes();
  return useMutation({
    mutationFn: (body: CreateBoxRequest) => apiRequest('/v1/box', { method: 'POST', body, schema: boxResponseSchema }),
    onSuccess: invalidate,
  });
}

export function useDeleteBox() {
  const invalidate = useInvalidateBoxes();
  return useMutation({
    mutationFn: (boxId: number) => apiRequest(`/v1/box/${boxId}`, { method: 'DELETE', schema: okResponseSchema }),
    onSuccess: invalidate,
  });
}

export interface BoxProblemChange {
  boxId: number;
  problemUid: number;
}

/**
 * After a problem goes in or out of a box: refetch what shows it (that problem's boxes, the
 * plain list, that box's problems) and only mark the other problems' box lists stale — a page of
 * problem cards must not refetch twenty stars for one click.
 */
function useRefetchAfterChange() {
  const queryClient = useQueryClient();
  return (change: BoxProblemChange) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: boxKeys.list(), refetchType: 'none' }),
      queryClient.invalidateQueries({ queryKey: boxKeys.list(), exact: true }),
      queryClient.invalidateQueries({ queryKey: boxKeys.forProblem(change.problemUid) }),
      queryClient.invalidateQueries({ queryKey: boxKeys.bookmarked(change.problemUid) }),
      queryClient.invalidateQueries({ queryKey: [...boxKeys.all, 'problems', change.boxId] }),
    ]);
}

export function useAddToBox() {
  const refetch = useRefetchAfterChange();
  return useMutation({
    mutationFn: ({ boxId, problemUid }: BoxProblemChange) => apiRequest(`/v1/box/${boxId}/problem/${problemUid}`, { method: 'POST', schema: okResponseSchema }),
    onSettled: (_data, _error, change) => refetch(change),
  });
}

export function useRemoveFromBox() {
  const refetch = useRefetchAfterChange();
  return useMutation({
    mutationFn: ({ boxId, problemUid }: BoxProblemChange) =>
      apiRequest(`/v1/box/${boxId}/problem/${problemUid}`, { method: 'DELETE', schema: okResponseSchema }),
    onSettled: (_data, _error, change) => refetch(change),
  });
}

/** Solve mode's 중요 문제 and 오답 노트 boxes, created by the server on first use. */
export function useSolveBoxes(enabled = true) {
  return useQuery({
    queryKey: [...boxKeys.all, 'solve-boxes'] as const,
    queryFn: () => apiRequest('/v1/box/solve-boxes', { method: 'POST', schema: solveBoxesResponseSchema }),
    enabled,
    staleTime: Infinity,
  });
}
