import { markReadResponseSchema, notificationsResponseSchema } from '@qbank/shared/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

// The member's notifications. Query keys come only from `notificationKeys`.

export const notificationKeys = {
  all: ['notifications'] as const,
  page: (page: number, limit: number) => [...notificationKeys.all, page, limit] as const,
};

/** The bell polls gently; a screen that changes something refetches at once. */
const POLL_MS = 60_000;

export function useNotifications(page: number, limit: number, options: { enabled?: boolean; poll?: boolean } = {}) {
  return useQuery({
    queryKey: notificationKeys.page(page, limit),
    queryFn: ({ signal }) => apiRequest('/v1/notifications', { query: { page, limit }, schema: notificationsResponseSchema, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    refetchInterval: options.poll ? POLL_MS : false,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    /** No codes: every notification of the member. */
    mutationFn: (codes?: number[]) => apiRequest('/v1/notifications/read', { method: 'POST', body: codes ? { codes } : {}, schema: markReadResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
