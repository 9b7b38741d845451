import { boardContentResponseSchema, boardContentsResponseSchema, boardsResponseSchema } from '@qbank/shared/boards';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../lib/api-client';

// Board reads are public, so none of these calls ends a session on a 401.

export const BOARD_PAGE_SIZE = 20;

export const boardsQueryOptions = () =>
  queryOptions({
    queryKey: ['boards', 'list'],
    queryFn: ({ signal }) => apiRequest('/boards', { schema: boardsResponseSchema, auth: false, signal }),
    staleTime: 5 * 60_000,
  });

export const boardContentsQueryOptions = (boardCode: number, page: number) =>
  queryOptions({
    queryKey: ['boards', boardCode, 'contents', { page }],
    queryFn: ({ signal }) =>
      apiRequest(`/boards/${encodeURIComponent(boardCode)}/contents`, {
        query: { page, limit: BOARD_PAGE_SIZE },
        schema: boardContentsResponseSchema,
        auth: false,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const boardContentQueryOptions = (boardCode: string, contentCode: number) =>
  queryOptions({
    queryKey: ['boards', boardCode, 'content', contentCode],
    queryFn: ({ signal }) =>
      apiRequest(`/boards/${encodeURIComponent(boardCode)}/contents/${contentCode}`, {
        schema: boardContentResponseSchema,
        auth: false,
        signal,
      }),
    // Every read counts a view on the server: do not read again just because the tab regained focus,
    // nor on coming back to a post read (or written, or replied to) a moment ago.
    refetchOnWindowFocus: false,
    staleTime: 30_000,
  });

/** Board list load failures are only logged. */
function useLogError(error: Error | null, what: string) {
  useEffect(() => {
    if (error) console.error(`${what} load failed`, error);
  }, [error, what]);
}

export function useBoards() {
  const query = useQuery(boardsQueryOptions());
  useLogError(query.error, 'board list');
  return query;
}

export function useBoardContents(boardCode: number | undefined, page: number) {
  const query = useQuery({ ...boardContentsQueryOptions(boardCode ?? 0, page), enabled: boardCode !== undefined });
  useLogError(query.error, 'board contents');
  return query;
}

export function useBoardContent(boardCode: string, contentCode: number | null) {
  return useQuery({ ...boardContentQueryOptions(boardCode, contentCode ?? 0), enabled: contentCode !== null });
}
