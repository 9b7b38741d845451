import { queryOptions, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ANNOTATIONS_BATCH_MAX, type Annotation, type Highlight } from '@qbank/shared/annotations';
import { apiRequest } from '../lib/api-client';
import { createUidBatcher } from '../lib/batch-by-uid';
import { flushHighlights, sendHighlights, waitingHighlights, type PendingHighlights } from './highlight-queue';

// The member's strikes, highlights and review marks per problem (issue 30 items 1–3, decision
// 165). A session's problems are read in one call; each change shows at once (optimistic) and is
// saved by its own call. Query keys come only from annotationKeys.

export const annotationKeys = {
  all: ['annotations'] as const,
  problem: (problemUid: number) => [...annotationKeys.all, 'problem', problemUid] as const,
};

const responseSchema = () => import('@qbank/shared/annotations').then((module) => module.annotationResponseSchema);

const loadAnnotation = createUidBatcher<Annotation>(ANNOTATIONS_BATCH_MAX, async (uids) => {
  const schema = (await import('@qbank/shared/annotations')).annotationsResponseSchema;
  const data = await apiRequest('/v1/annotations', { query: { problem_uids: uids.join(',') }, schema });
  return new Map(data.annotations.map((annotation) => [annotation.problem_uid, annotation]));
});

const empty = (problemUid: number): Annotation => ({ problem_uid: problemUid, struck: [], highlights: [], marked: false, update_time: '' });

/** The stored annotation, with highlights still waiting on this device laid over it. */
async function readAnnotation(problemUid: number): Promise<Annotation> {
  const stored = (await loadAnnotation(problemUid)) ?? empty(problemUid);
  const waiting = waitingHighlights(problemUid);
  return waiting ? { ...stored, highlights: waiting.highlights } : stored;
}

export const annotationQueryOptions = (problemUid: number) =>
  queryOptions({ queryKey: annotationKeys.problem(problemUid), queryFn: () => readAnnotation(problemUid), staleTime: 30_000 });

export function useAnnotation(problemUid: number, enabled = true) {
  return useQuery({ ...annotationQueryOptions(problemUid), enabled });
}

/** A session asks for all its problems' annotations at once. */
export function prefetchAnnotations(queryClient: QueryClient, problemUids: readonly number[]): void {
  for (const uid of problemUids) void queryClient.prefetchQuery(annotationQueryOptions(uid));
}

/** Which of a session's problems are marked 다시 보기 (its grid, 제출 전 확인): one batched read for all. */
export function useMarkedProblems(problemUids: readonly number[]): ReadonlySet<number> {
  return useQueries({
    queries: problemUids.map((uid) => annotationQueryOptions(uid)),
    combine: (results) => new Set(problemUids.filter((_, index) => results[index]?.data?.marked)),
  });
}

function useAnnotationChange<T>(problemUid: number, apply: (current: Annotation, value: T) => Annotation, save: (value: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const key = annotationKeys.problem(problemUid);
  return useMutation({
    mutationFn: save,
    onMutate: async (value: T) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Annotation>(key);
      queryClient.setQueryData<Annotation>(key, apply(before ?? empty(problemUid), value));
      return { before };
    },
    onError: (_error, _value, context) => {
      if (context) queryClient.setQueryData(key, context.before);
    },
  });
}

export function useSetStrikes(problemUid: number) {
  return useAnnotationChange(
    problemUid,
    (current, options: number[]) => ({ ...current, struck: [...options].sort((a, b) => a - b) }),
    (options) => apiRequest(`/v1/problem/${problemUid}/strikes`, { method: 'PUT', body: { options }, schema: responseSchema }),
  );
}

export function useSetMark(problemUid: number) {
  return useAnnotationChange(
    problemUid,
    (current, marked: boolean) => ({ ...current, marked }),
    (marked) => apiRequest(`/v1/problem/${problemUid}/mark`, { method: 'PUT', body: { marked }, schema: responseSchema }),
  );
}

/** 나중에 다시 보기 of one problem and its switch (the button, and the M key of the session screen). */
export function useMarkToggle(problemUid: number, enabled = true) {
  const { data } = useAnnotation(problemUid, enabled);
  const save = useSetMark(problemUid);
  const marked = data?.marked ?? false;
  return { marked, toggle: () => save.mutate(!marked) };
}

const putHighlights = (problemUid: number, change: PendingHighlights) =>
  apiRequest(`/v1/problem/${problemUid}/highlights`, { method: 'PUT', body: change, schema: responseSchema });

/** Highlights never fail on screen: without a connection they wait on this device (highlight-queue.ts). */
export function useSetHighlights(problemUid: number) {
  return useAnnotationChange(
    problemUid,
    (current, highlights: Highlight[]) => ({ ...current, highlights }),
    (highlights) => sendHighlights(problemUid, { highlights, changed_at: new Date().toISOString() }, putHighlights),
  );
}

/** Sends highlights made offline once the connection is back (and when a screen opens). */
export function useHighlightSync(): void {
  useEffect(() => {
    const flush = () => void flushHighlights(putHighlights);
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, []);
}
