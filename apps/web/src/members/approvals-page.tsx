import type { Member } from '@qbank/shared/auth';
import { formatDateTime } from '@qbank/shared/format';
import { Alert, Stack, Table, Text } from '@mantine/core';
import { currentKoreanYear } from '@qbank/shared/member-admin';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../components/empty-state';
import { RelativeTime } from '../components/relative-time';
import { messages } from './messages';
import { ALL_MEMBERS, memberListQueryOptions, useApproveMember } from './api';
import { showFailureBanner, showSuccessBanner } from './banners';
import { memberLabel, calculatedGradeOf } from './member-format';
import { GuardedAction } from './member-ui';
import { LoadFailed, Loading } from '../components/load-state';
import { PageHeader } from '../components/page-header';
import { gradeMessages } from './grade-messages';
import { GradeSelect } from './grade-select';
import { MemberTable } from './member-cells';

const m = messages.members;
const a = m.approvals;
const c = m.columns;

/** Newest sign-up first; the server already sends them so, this keeps it true. */
function newestFirst(members: Member[]): Member[] {
  return [...members].sort((x, y) => y.creation_time.localeCompare(x.creation_time) || y.code - x.code);
}

/** Admin screens (decision 026): members waiting for approval (validated = 0), each with an approve button. */
export function ApprovalsPage() {
  const pending = useQuery(memberListQueryOptions({ ...ALL_MEMBERS, validated: 0 }));
  const approve = useApproveMember();

  const onApprove = (member: Member) =>
    approve.mutate(member, {
      onSuccess: () => showSuccessBanner(a.approved),
      onError: (error) => showFailureBanner(a.approveFailed, error),
    });

  const members = pending.data ? newestFirst(pending.data.members) : [];
  const year = currentKoreanYear();
  const withoutGrade = members.filter((member) => calculatedGradeOf(member, year).kind === 'unknown').length;

  return (
    <Stack gap="md">
      <PageHeader title={messages.titles.approvals} intro={a.intro} />
      {pending.isPending ? (
        <Loading />
      ) : pending.isError ? (
        <LoadFailed text={a.loadFailed} error={pending.error} onRetry={() => void pending.refetch()} />
      ) : members.length === 0 ? (
        <EmptyState>{a.empty}</EmptyState>
      ) : (
        <>
          <Text size="sm" c="gray.7" aria-live="polite">
            {a.count(pending.data.total)}
          </Text>
          {withoutGrade > 0 && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
              <Text size="sm" c="dark.9">
                {gradeMessages.approvalsWarning(withoutGrade)}
              </Text>
            </Alert>
          )}
          <MemberTable
            label={a.table}
            minWidth={760}
            labels={[c.id, c.name, c.nickname, c.schoolNo, c.grade, c.signedUpAt, c.actions]}
            members={members}
            cells={(member) => (
              <>
                <Table.Td>{member.school_no ?? m.noValue}</Table.Td>
                <Table.Td>
                  <GradeSelect member={member} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(member.creation_time)}{' '}
                  <Text span size="sm" c="gray.7">
                    (<RelativeTime iso={member.creation_time} />)
                  </Text>
                </Table.Td>
                <Table.Td>
                  <GuardedAction
                    reason={null}
                    label={a.approveLabel(memberLabel(member))}
                    variant="filled"
                    loading={approve.isPending && approve.variables?.code === member.code}
                    onClick={() => onApprove(member)}
                  >
                    {a.approve}
                  </GuardedAction>
                </Table.Td>
              </>
            )}
          />
        </>
      )}
    </Stack>
  );
}
