import { auditListResponseSchema, auditSettingsSchema, type AuditListQuery, type AuditSettings } from '@qbank/shared/audit';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

// The audit screen's calls (decision 161): read the log, read and (superadmin) set the retention.

const auditKey = ['audit'] as const;

export type AuditListParams = Partial<AuditListQuery> & Pick<AuditListQuery, 'page'>;

export const auditListQueryOptions = (query: AuditListParams) =>
  queryOptions({
    queryKey: [...auditKey, 'list', query],
    queryFn: ({ signal }) => apiRequest('/v1/admin/audit', { query, schema: auditListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const auditSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...auditKey, 'settings'],
    queryFn: ({ signal }) => apiRequest('/v1/admin/audit/settings', { schema: auditSettingsSchema, signal }),
  });

export function useSaveAuditSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AuditSettings) =>
      apiRequest('/v1/admin/audit/settings', { method: 'PUT', body: auditSettingsSchema.parse(settings), schema: auditSettingsSchema }),
    // The change is itself an entry: the list is read again too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditKey }),
  });
}
