import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '@qbank/shared/settings';
import { apiRequest } from '../lib/api-client';
import { applyLook } from './look';

// The member's look on the server (GET and PUT /v1/settings). Query keys come only from settingsKeys.

export const settingsKeys = { all: ['settings'] as const };

const schema = () => import('@qbank/shared/settings').then((module) => module.settingsResponseSchema);

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => apiRequest('/v1/settings', { signal, schema }).then((data) => data.settings),
    staleTime: 5 * 60_000,
  });

/** The stored look (LookSync puts it in force: a choice made on another device arrives so). */
export function useSettings(enabled = true) {
  return useQuery({ ...settingsQueryOptions(), enabled });
}

/** Saves a look; it is in force at once, before the server answers. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Settings) => apiRequest('/v1/settings', { method: 'PUT', body: settings, schema }).then((data) => data.settings),
    onMutate: (settings) => applyLook(settings),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.all, settings),
  });
}
