import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../lib/api-client';

// The home page's notice section: the latest 5 notices are fetched and 3 shown.
export const NOTICES_FETCHED = 5;
export const NOTICES_SHOWN = 3;
export const NOTICE_PREVIEW_LENGTH = 100;

// The board schemas (and zod) are no part of the first screen's JS: their chunk is fetched beside
// the first request (decision 050).
const boardSchemas = () => import('@qbank/shared/boards');

async function fetchLatestNotices(signal: AbortSignal) {
  const boards = await apiRequest('/boards', { schema: () => boardSchemas().then((m) => m.boardsResponseSchema), auth: false, signal });
  const { isNoticeBoard } = await boardSchemas();
  const board = boards.rows.find(isNoticeBoard);
  if (!board) return { board: null, rows: [] };
  const contents = await apiRequest(`/boards/${encodeURIComponent(board.code)}/contents`, {
    query: { limit: NOTICES_FETCHED, page: 1 },
    schema: () => boardSchemas().then((m) => m.boardContentsResponseSchema),
    auth: false,
    signal,
  });
  return { board, rows: contents.rows };
}

// Under the `boards` key, so that a new post (which invalidates ['boards']) refreshes it too.
export const latestNoticesQueryOptions = () =>
  queryOptions({
    queryKey: ['boards', 'latest-notices'],
    queryFn: ({ signal }) => fetchLatestNotices(signal),
  });

/** A notice load failure is only logged; the section then shows its empty text. */
export function useLatestNotices() {
  const query = useQuery(latestNoticesQueryOptions());
  const { error } = query;
  useEffect(() => {
    if (error) console.error('notice load failed', error);
  }, [error]);
  return query;
}
