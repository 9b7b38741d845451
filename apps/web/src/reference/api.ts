import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_REFERENCE_TABLE } from '@qbank/shared/reference-values-data';
import type { ReferenceTable, ReferenceTableResponse } from '@qbank/shared/reference-values';
import { apiRequest } from '../lib/api-client';

// The 참고치 table (GET and PUT /v1/reference-values). Usable offline: the last table read is kept
// on this device, and the bundle carries the default one, so the panel never waits for the network.

export const referenceKeys = { all: ['reference-values'] as const };

const STORAGE_KEY = 'qbank.reference-values';
const schema = () => import('@qbank/shared/reference-values').then((module) => module.referenceTableResponseSchema);

function normalize(table: ReferenceTable): ReferenceTableResponse {
  return { source: table.source, values: table.values.map((row) => ({ ...row, abbr: row.abbr ?? '', unit: row.unit ?? '' })), edited: null };
}

/** The table kept on this device, or the default one. */
function storedTable(): ReferenceTableResponse {
  try {
    const kept = localStorage.getItem(STORAGE_KEY);
    if (kept) return JSON.parse(kept) as ReferenceTableResponse;
  } catch {
    // No storage (private mode) or an unreadable copy: the default table.
  }
  return normalize(DEFAULT_REFERENCE_TABLE);
}

function keep(table: ReferenceTableResponse): ReferenceTableResponse {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(table));
  } catch {
    // Storage full or refused: the table still shows; offline it falls back to the default.
  }
  return table;
}

export const referenceQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.all,
    queryFn: ({ signal }) => apiRequest('/v1/reference-values', { signal, schema }).then(keep),
    staleTime: 10 * 60_000,
    // Offline the request fails; the kept table stays on screen.
    retry: false,
  });

export function useReferenceTable() {
  return useQuery({ ...referenceQueryOptions(), placeholderData: storedTable });
}

export function useSaveReferenceTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (table: ReferenceTable) => apiRequest('/v1/reference-values', { method: 'PUT', body: table, schema }).then(keep),
    onSuccess: (table) => queryClient.setQueryData(referenceKeys.all, table),
  });
}
