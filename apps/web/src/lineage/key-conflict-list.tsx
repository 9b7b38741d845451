import { Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { EmptyState } from '../components/empty-state';
import { KeyConflictNote } from '../components/key-conflict-note';
import { ListPagination } from '../components/list-pagination';
import { LoadFailed, Loading } from '../components/load-state';
import { SectionCard } from '../components/section-card';
import { LINEAGE_QUEUE_PAGE_SIZE, useKeyConflictList } from './api';
import { lineageMessages } from './messages';

const m = lineageMessages.lead.conflicts;

/** Lineages whose same question was keyed differently in two years, each version a link to its exam. */
export function KeyConflictList({ subjectCode }: { subjectCode: number | undefined }) {
  const [page, setPage] = useState(1);
  const query = useKeyConflictList(subjectCode, page);
  return (
    <SectionCard titleId="lineage-conflicts-title" title={m.title(query.data?.total ?? 0)}>
      <Text size="sm" c="dimmed">
        {m.hint}
      </Text>
      {query.isError ? (
        <LoadFailed text={m.loadFailed} error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Loading />
      ) : query.data.conflicts.length === 0 ? (
        <EmptyState>{m.empty}</EmptyState>
      ) : (
        <Stack gap="sm">
          {query.data.conflicts.map((conflict) => (
            <Paper
              key={conflict.lineage_code}
              withBorder
              radius="sm"
              p="xs"
              component="article"
              aria-label={m.lineage(conflict.lineage_code)}
              data-testid="lineage-key-conflict"
            >
              <KeyConflictNote versions={conflict.versions} />
            </Paper>
          ))}
          <ListPagination total={query.data.total} pageSize={LINEAGE_QUEUE_PAGE_SIZE} page={page} onChange={setPage} label={m.pages} />
        </Stack>
      )}
    </SectionCard>
  );
}
