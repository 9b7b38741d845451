import { NOTES_BATCH_MAX, noteResponseSchema, notesResponseSchema, type Note } from '@qbank/shared/notes';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { createUidBatcher } from '../lib/batch-by-uid';

// The member's private notes: the memo and 헷갈림 flag of one problem, and the search of all of
// them. Query keys come only from `noteKeys`.

export const noteKeys = {
  all: ['notes'] as const,
  problem: (problemUid: number) => [...noteKeys.all, 'problem', problemUid] as const,
  search: (q: string, confused: boolean, limit: number) => [...noteKeys.all, 'search', { q, confused, limit }] as const,
};

// The notes of a page of problems go to the server as one call (GET /v1/notes?problem_uids=…).
const loadNote = createUidBatcher<Note>(NOTES_BATCH_MAX, async (uids) => {
  const data = await apiRequest('/v1/notes', { query: { problem_uids: uids.join(','), limit: NOTES_BATCH_MAX }, schema: notesResponseSchema });
  return new Map(
    data.notes.map((item) => [
      item.problem_uid,
      { problem_uid: item.problem_uid, text: item.text, is_confused: item.is_confused, update_time: item.update_time },
    ]),
  );
});

// Fresh for 30 s, like the dispute summaries: a list asks for a chunk's notes before its cards
// are drawn (prefetchNotes), and a card drawn a moment later must not ask again. The member's own
// changes update the cache (useNoteChange), so only another device's edit waits that long.
const noteQueryOptions = (problemUid: number) =>
  queryOptions({ queryKey: noteKeys.problem(problemUid), queryFn: () => loadNote(problemUid), staleTime: 30_000 });

/** The member's note on a problem (null: none), loaded together with the other problems on screen. */
export function useNote(problemUid: number) {
  return useQuery(noteQueryOptions(problemUid));
}

/** A list's chunk of problems asks for all its notes at once, before its cards are drawn. */
export function prefetchNotes(queryClient: QueryClient, problemUids: readonly number[]): void {
  for (const uid of problemUids) void queryClient.prefetchQuery(noteQueryOptions(uid));
}

function useNoteChange<T>(problemUid: number, request: (value: T) => Promise<Note | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (note) => {
      queryClient.setQueryData(noteKeys.problem(problemUid), note);
      void queryClient.invalidateQueries({ queryKey: [...noteKeys.all, 'search'] });
    },
  });
}

/** Saves the memo's whole text; empty deletes it. */
export function useSaveNote(problemUid: number) {
  return useNoteChange(problemUid, (text: string) =>
    apiRequest(`/v1/problem/${problemUid}/note`, { method: 'PUT', body: { text }, schema: noteResponseSchema }).then((data) => data.note),
  );
}

export function useSetConfused(problemUid: number) {
  return useNoteChange(problemUid, (isConfused: boolean) =>
    apiRequest(`/v1/problem/${problemUid}/confused`, { method: 'PUT', body: { is_confused: isConfused }, schema: noteResponseSchema }).then(
      (data) => data.note,
    ),
  );
}

export function useNoteSearch(q: string, confused: boolean, limit: number) {
  return useQuery({
    queryKey: noteKeys.search(q, confused, limit),
    queryFn: ({ signal }) =>
      apiRequest('/v1/notes', {
        query: { q: q || undefined, confused: confused ? '1' : undefined, page: 1, limit },
        schema: notesResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
