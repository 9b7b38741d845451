import type { Member } from '@qbank/shared/auth';
import { Button, Stack, Switch, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { EmptyState } from '../components/empty-state';
import { ListPagination } from '../components/list-pagination';
import { useLoginSession } from '../lib/login-session';
import { messages } from './messages';
import { memberListQueryOptions, useDeleteMember, useUpdateMember } from './api';
import { showFailureBanner, showSuccessBanner } from './banners';
import { MemberCreateDialog, OneTimePasswordModal, type CreatedMember } from './member-create-dialog';
import { MemberFilters, useMemberListParams } from './member-filters';
import { memberLabel, protectionReason } from './member-format';
import { GuardedAction, RoleBadge } from './member-ui';
import { LoadFailed, Loading } from '../components/load-state';
import { PageHeader } from '../components/page-header';
import { GradeSelect } from './grade-select';
import { ConfirmDialog } from '../components/confirm-dialog';
import { MemberContactCells, MemberTable } from './member-cells';

const m = messages.members;
const l = m.list;
const c = m.columns;

function ApprovalSwitch({
  member,
  reason,
  onToggle,
  pendingValue,
}: {
  member: Member;
  reason: string | null;
  onToggle: (approved: boolean) => void;
  pendingValue: 0 | 1 | undefined;
}) {
  const reasonId = useId();
  const control = (
    <Switch
      checked={(pendingValue ?? member.validated) === 1}
      onChange={(e) => onToggle(e.currentTarget.checked)}
      disabled={reason !== null || pendingValue !== undefined}
      aria-label={l.validatedSwitch(memberLabel(member))}
      aria-describedby={reason ? reasonId : undefined}
    />
  );
  if (!reason) return control;
  return (
    <>
      <Tooltip label={reason} withArrow>
        <span style={{ display: 'inline-block' }}>{control}</span>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
    </>
  );
}

function DeleteDialog({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const remove = useDeleteMember();
  const confirm = () => {
    if (!member) return;
    remove.mutate(member, {
      onSuccess: () => showSuccessBanner(l.deleted),
      onError: (error) => showFailureBanner(l.deleteFailed, error),
      onSettled: onClose,
    });
  };
  return (
    <ConfirmDialog
      opened={member !== null}
      title={l.deleteTitle}
      text={member ? l.deleteConfirm(memberLabel(member)) : null}
      note={l.deleteNote}
      confirmLabel={l.delete}
      cancelLabel={m.cancel}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
      size="md"
    />
  );
}

/** Member management (decision 026): filters, 20 a page from the server, approve toggle, delete, add. */
export function MembersPage() {
  const session = useLoginSession();
  const { raw, params, setFilters, setPage, reset } = useMemberListParams();
  const list = useQuery(memberListQueryOptions(params));
  const update = useUpdateMember();
  const [toDelete, setToDelete] = useState<Member | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedMember | null>(null);

  // Deleting the last member of the last page: show the page before it.
  const total = list.data?.total ?? 0;
  const empty = list.data !== undefined && list.data.members.length === 0;
  const lastPage = Math.max(1, Math.ceil(total / params.limit));
  useEffect(() => {
    if (empty && total > 0 && params.page > lastPage) setPage(lastPage);
  }, [empty, total, params.page, lastPage, setPage]);

  const actor = session.user;
  if (!actor) return null;

  const toggle = (member: Member, approved: boolean) =>
    update.mutate(
      { member, request: { validated: approved ? 1 : 0 } },
      {
        onSuccess: () => showSuccessBanner(approved ? l.approved : l.unapproved),
        onError: (error) => showFailureBanner(l.toggleFailed, error),
      },
    );

  return (
    <Stack gap="md">
      <PageHeader
        title={messages.titles.members}
        intro={l.intro}
        actions={
          <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
            {m.create.open}
          </Button>
        }
      />
      <MemberFilters raw={raw} onChange={setFilters} onReset={reset} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed text={l.loadFailed} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.members.length === 0 ? (
        <EmptyState>{l.empty}</EmptyState>
      ) : (
        <>
          <Text size="sm" c="gray.7" aria-live="polite">
            {l.total(list.data.total)}
          </Text>
          <MemberTable
            label={l.table}
            minWidth={960}
            labels={[c.id, c.name, c.nickname, c.email, c.schoolNo, c.grade, c.role, c.validated, c.actions]}
            members={list.data.members}
            cells={(member) => {
              const reason = protectionReason(actor, member);
              const pending = update.isPending && update.variables?.member.code === member.code ? update.variables.request.validated : undefined;
              return (
                <>
                  <MemberContactCells member={member} />
                  <Table.Td>
                    <GradeSelect member={member} disabled={reason !== null} />
                  </Table.Td>
                  <Table.Td>
                    <RoleBadge role={member.role} />
                  </Table.Td>
                  <Table.Td>
                    <ApprovalSwitch member={member} reason={reason} pendingValue={pending} onToggle={(approved) => toggle(member, approved)} />
                  </Table.Td>
                  <Table.Td>
                    <GuardedAction
                      reason={reason}
                      label={l.deleteLabel(memberLabel(member))}
                      color="red"
                      icon={<IconTrash size={18} aria-hidden />}
                      onClick={() => setToDelete(member)}
                    />
                  </Table.Td>
                </>
              );
            }}
          />
          <ListPagination total={list.data.total} pageSize={params.limit} page={params.page} onChange={setPage} label={l.pagination} />
        </>
      )}
      <DeleteDialog member={toDelete} onClose={() => setToDelete(null)} />
      <MemberCreateDialog opened={creating} onClose={() => setCreating(false)} onCreated={setCreated} />
      <OneTimePasswordModal created={created} onClose={() => setCreated(null)} />
    </Stack>
  );
}
