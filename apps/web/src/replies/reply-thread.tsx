import { Alert, Box, Button, Collapse, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ProblemReply } from '@qbank/shared/replies';
import { mayDeleteAuthored, mayEditAuthored } from '@qbank/shared/policies';
import { IconChevronDown, IconChevronUp, IconMessageCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ReplyComposer, ReplyItem, sendReply } from '../components/reply-item';
import { errorMessage } from '../lib/api-client';
import { useLoginSession } from '../lib/login-session';
import { messages } from './messages';
import { useCreateReply, useDeleteReply, useReplies, useUpdateReply } from './api';
import { ConfirmDialog } from '../components/confirm-dialog';

const m = messages.replies;

function failure(error: unknown): string {
  return errorMessage(error, error instanceof Error ? error.message : '');
}

/**
 * A problem's comment thread. Collapsed behind a 댓글 N toggle until opened; the
 * thread loads when first opened. Text is plain text (line breaks kept), never HTML.
 * Public component: the viewers and the library use it.
 */
export function ReplyThread({
  problemUid,
  replyCount,
  defaultOpened = false,
}: {
  problemUid: number;
  /** The count known before the thread loads (the problem's `reply_count`). */
  replyCount?: number;
  defaultOpened?: boolean;
}) {
  const [opened, setOpened] = useState(defaultOpened);
  const replies = useReplies(problemUid, opened);
  const count = replies.data?.length ?? replyCount ?? 0;
  const panelId = useId();

  return (
    <Box>
      <Button
        variant="subtle"
        color="gray"
        c="gray.7"
        size="compact-sm"
        px={4}
        leftSection={<IconMessageCircle size={16} aria-hidden />}
        rightSection={opened ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
        aria-expanded={opened}
        aria-controls={panelId}
        onClick={() => setOpened((o) => !o)}
      >
        {m.toggle(count)}
      </Button>
      <Collapse in={opened} id={panelId}>
        {opened && <ThreadBody problemUid={problemUid} />}
      </Collapse>
    </Box>
  );
}

function ThreadBody({ problemUid }: { problemUid: number }) {
  const replies = useReplies(problemUid);
  const session = useLoginSession();
  const user = session.user;
  const [confirming, setConfirming] = useState<ProblemReply | null>(null);
  const remove = useDeleteReply(problemUid);
  const update = useUpdateReply(problemUid);

  async function confirmDelete() {
    if (!confirming) return;
    try {
      await remove.mutateAsync(confirming.reply_code);
      setConfirming(null);
    } catch (error) {
      setConfirming(null);
      notifications.show({ color: 'red', title: m.deleteFailed, message: failure(error) });
    }
  }

  return (
    <Stack gap="sm" pt="xs" component="section" aria-label={m.threadLabel}>
      {replies.isPending ? (
        <Group justify="center" p="xs">
          <Loader size="sm" aria-label={messages.app.loading} />
        </Group>
      ) : replies.isError ? (
        <Alert color="red" title={m.loadFailed}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{failure(replies.error)}</Text>
            <Button size="compact-sm" variant="default" onClick={() => void replies.refetch()}>
              {m.retry}
            </Button>
          </Stack>
        </Alert>
      ) : replies.data.length === 0 ? (
        <Text size="sm" c="gray.7">
          {m.none}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" aria-label={m.listLabel} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {replies.data.map((reply) => (
            <ReplyItem
              key={reply.reply_code}
              look="thread"
              author={reply.member_nickname || reply.member_name || m.deletedAuthor}
              authorGone={reply.member_code === null}
              reply={reply}
              canEdit={user !== null && mayEditAuthored(reply.member_code === user.code)}
              canDelete={user !== null && mayDeleteAuthored(user.role, reply.member_code === user.code)}
              onDelete={() => setConfirming(reply)}
              onSave={sendReply(
                (body) => update.mutateAsync({ replyCode: reply.reply_code, body }),
                (err) => notifications.show({ color: 'red', title: m.updateFailed, message: failure(err) }),
              )}
              saveDisabled={(text) => text.length === 0}
              labels={m}
            />
          ))}
        </Stack>
      )}
      <ReplyForm problemUid={problemUid} />
      <ConfirmDialog
        opened={confirming !== null}
        title={m.confirmTitle}
        text={m.confirmDelete}
        confirmLabel={m.delete}
        cancelLabel={m.cancel}
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}

function ReplyForm({ problemUid }: { problemUid: number }) {
  const create = useCreateReply(problemUid);
  return (
    <ReplyComposer
      look="thread"
      labels={{ label: m.inputLabel, placeholder: m.placeholder, submit: m.submit }}
      pending={create.isPending}
      onCreate={sendReply(create.mutateAsync, (err) => notifications.show({ color: 'red', title: m.createFailed, message: failure(err) }))}
    />
  );
}
