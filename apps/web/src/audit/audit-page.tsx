import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../components/empty-state';
import { ListPagination } from '../components/list-pagination';
import { LoadFailed, Loading } from '../components/load-state';
import { PageHeader } from '../components/page-header';
import { useLoginSession } from '../lib/login-session';
import { auditListQueryOptions } from './api';
import { AuditEntryCard } from './audit-entry';
import { AuditFilters, useAuditParams } from './audit-filters';
import { auditMessages as messages } from './messages';
import { RetentionCard } from './retention-card';

const a = messages.audit;

/** /dashboard/admin/audit: who did what to whom, newest first, with filters (decision 161). */
export function AuditPage() {
  const session = useLoginSession();
  const { raw, params, setFilters, setPage, reset } = useAuditParams();
  const list = useQuery(auditListQueryOptions(params));

  return (
    <Stack gap="md">
      <PageHeader title={a.title} intro={a.intro} />
      <AuditFilters raw={raw} onChange={setFilters} onReset={reset} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed text={a.loadFailed} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.entries.length === 0 ? (
        <EmptyState>{a.empty}</EmptyState>
      ) : (
        <>
          <Text size="sm" c="gray.7" aria-live="polite">
            {a.total(list.data.total)}
          </Text>
          <Stack component="ol" gap="xs" p={0} m={0} aria-label={a.list}>
            {list.data.entries.map((entry) => (
              <AuditEntryCard key={entry.code} entry={entry} />
            ))}
          </Stack>
          <ListPagination total={list.data.total} pageSize={list.data.limit} page={list.data.page} onChange={setPage} label={a.pagination} />
        </>
      )}
      <RetentionCard canChange={session.user?.role === 'superadmin'} />
    </Stack>
  );
}
