import { formatDate } from '@qbank/shared/format';
import { currentKoreanYear } from '@qbank/shared/member-admin';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../components/empty-state';
import { ListPagination } from '../components/list-pagination';
import { messages } from './messages';
import { memberListQueryOptions } from './api';
import { MemberFilters, useMemberListParams } from './member-filters';
import { calculatedGradeText } from './member-format';
import { RoleBadge } from './member-ui';
import { LoadFailed, Loading } from '../components/load-state';
import { PageHeader } from '../components/page-header';
import { MemberContactCells, MemberTable } from './member-cells';

const m = messages.members;
const u = m.users;
const c = m.columns;

/**
 * The user list (decision 026): filters, search and 20 a page, role labels by the one mapping (decision 122).
 * The server pages it, like every list (decision 012).
 */
export function UsersPage() {
  const { raw, params, setFilters, setPage, reset } = useMemberListParams();
  const list = useQuery(memberListQueryOptions(params));
  const year = currentKoreanYear();

  return (
    <Stack gap="md">
      <PageHeader title={messages.titles.users} intro={u.intro} />
      <MemberFilters raw={raw} onChange={setFilters} onReset={reset} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed text={u.loadFailed} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.members.length === 0 ? (
        <EmptyState>{u.empty}</EmptyState>
      ) : (
        <>
          <Text size="sm" c="gray.7" aria-live="polite">
            {m.list.total(list.data.total)}
          </Text>
          <MemberTable
            label={u.table}
            minWidth={880}
            labels={[c.id, c.name, c.nickname, c.email, c.schoolNo, c.grade, c.role, c.validated, c.joinedAt]}
            members={list.data.members}
            cells={(member) => (
              <>
                <MemberContactCells member={member} />
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{calculatedGradeText(member, year)}</Table.Td>
                <Table.Td>
                  <RoleBadge role={member.role} />
                </Table.Td>
                <Table.Td>
                  <Badge color={member.validated === 1 ? 'teal.9' : 'gray.8'} variant="outline">
                    {member.validated === 1 ? m.validatedStates.approved : m.validatedStates.pending}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={member.creation_time}>{formatDate(member.creation_time)}</time>
                </Table.Td>
              </>
            )}
          />
          <ListPagination total={list.data.total} pageSize={params.limit} page={params.page} onChange={setPage} label={u.pagination} />
        </>
      )}
    </Stack>
  );
}
