import { queryOptions, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ANNOTATIONS_BATCH_MAX, type Annotation, type Highlight } from '@qbank/shared/annotations';
import { apiRequest, isApiRequestError } from '../lib/api-client';
import { createUidBatcher } from '../lib/batch-by-uid';
import { flushChanges, sendChange, waitingParts, type AnnotationParts, type PendingChange } from './annotation-queue';

// The member's strikes, highlights and review marks per problem (issue 30 items 1–3, decision
// 165). A session's problems are read in one call; each change shows at once (optimistic) and is
// saved by its own call, through the queue that keeps it when there is no connection (decision
// 197). Query keys come only from annotationKeys.

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

/**
 * The stored annotation with the changes still waiting on this device laid over it. Without a
 * connection (and no copy in the service worker's cache) the waiting changes alone: what the
 * member did offline shows after a reload too.
 */
async function readAnnotation(problemUid: number): Promise<Annotation> {
  const waiting = waitingParts(problemUid);
  let stored: Annotation;
  try {
    stored = (await loadAnnotation(problemUid)) ?? empty(problemUid);
  } catch (error) {
    if (!isApiRequestError(error) || error.status !== 0 || Object.keys(waiting).length === 0) throw error;
    stored = empty(problemUid);
  }
  return {
    ...stored,
    struck: waiting.strikes ?? stored.struck,
    highlights: waiting.highlights ?? stored.highlights,
    marked: waiting.mark ?? stored.marked,
  };
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

/** Each part's own call; `changed_at` lets the server drop a change older than the one it has. */
const sendPart = (change: PendingChange) => {
  const url = `/v1/problem/${change.problem_uid}/${change.part}`;
  const body =
    change.part === 'strikes'
      ? { options: change.value, changed_at: change.changed_at }
      : change.part === 'highlights'
        ? { highlights: change.value, changed_at: change.changed_at }
        : { marked: change.value, changed_at: change.changed_at };
  return apiRequest(url, { method: 'PUT', body, schema: responseSchema });
};

/**
 * One part of a problem's annotation, changed on screen at once. A change never fails on screen:
 * without a connection it waits on this device (annotation-queue.ts) and goes later.
 */
function useAnnotationChange<P extends keyof AnnotationParts>(
  problemUid: number,
  part: P,
  apply: (current: Annotation, value: AnnotationParts[P]) => Annotation,
) {
  const queryClient = useQueryClient();
  const key = annotationKeys.problem(problemUid);
  return useMutation({
    mutationFn: (value: AnnotationParts[P]) =>
      sendChange({ part, problem_uid: problemUid, value, changed_at: new Date().toISOString() } as PendingChange, sendPart),
    onMutate: async (value: AnnotationParts[P]) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Annotation>(key, apply(queryClient.getQueryData<Annotation>(key) ?? empty(problemUid), value));
    },
  });
}

export function useSetStrikes(problemUid: number) {
  return useAnnotationChange(problemUid, 'strikes', (current, options) => ({ ...current, struck: [...options].sort((a, b) => a - b) }));
}

export function useSetMark(problemUid: number) {
  return useAnnotationChange(problemUid, 'mark', (current, marked) => ({ ...current, marked }));
}

/** 나중에 다시 보기 of one problem and its switch (the button, and the M key of the session screen). */
export function useMarkToggle(problemUid: number, enabled = true) {
  const { data } = useAnnotation(problemUid, enabled);
  const save = useSetMark(problemUid);
  const marked = data?.marked ?? false;
  return { marked, toggle: () => save.mutate(!marked) };
}

export function useSetHighlights(problemUid: number) {
  return useAnnotationChange(problemUid, 'highlights', (current, highlights: Highlight[]) => ({ ...current, highlights }));
}

/** Sends the changes waiting on this device (at logout, before the member's offline data goes). */
export const flushAnnotationChanges = () => flushChanges(sendPart);

/**
 * Sends the changes made offline once the connection is back (and when a screen opens). What the
 * server took is not read again here: a read racing a change sent meanwhile would undo it on
 * screen; the next read (30 s, another screen) shows a change the server found older than its own.
 */
export function useAnnotationSync(): void {
  useEffect(() => {
    const flush = () => void flushAnnotationChanges();
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, []);
}
