import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { BoardReply } from '@qbank/shared/boards';
import { useState } from 'react';
import { EmptyState } from '../components/empty-state';
import { ReplyComposer, ReplyItem, sendReply } from '../components/reply-item';
import { errorMessage } from '../lib/api-client';
import { isApproved, useLoginSession } from '../lib/login-session';
import { messages } from './messages';
import { ConfirmDialog } from '../components/confirm-dialog';
import { canDelete, canEdit } from './permissions';
import { useCreateReply, useDeleteReply, useUpdateReply } from './write-api';

const m = messages.boardReplies;

/** 댓글 작성 실패 and friends, with the server's reason when it gave one. */
function showFailure(title: string, error: unknown) {
  const reason = errorMessage(error, '');
  notifications.show({ color: 'red', title, message: reason ? m.failedWith(title, reason) : title });
}

interface Target {
  board: string;
  content: number;
}

/** A post's replies: plain text (never HTML); write (approved members), edit own, delete own or as admin. */
export function PostReplies({ target, replies }: { target: Target; replies: BoardReply[] }) {
  const session = useLoginSession();
  const user = session.user;
  const approved = user !== null && isApproved(user);
  const [confirming, setConfirming] = useState<BoardReply | null>(null);
  const remove = useDeleteReply(target.board, target.content);
  const update = useUpdateReply(target.board, target.content);

  function confirmDelete() {
    if (!confirming) return;
    remove.mutate(confirming.code, {
      onSettled: () => setConfirming(null),
      onError: (error) => showFailure(m.deleteFailed, error),
    });
  }

  return (
    <section aria-labelledby="board-replies">
      <Title order={2} fz="lg" id="board-replies" mb="sm">
        {messages.boards.repliesTitle(replies.length)}
      </Title>
      <Stack gap="sm">
        {replies.length === 0 ? (
          <EmptyState>{messages.boards.noReplies}</EmptyState>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {replies.map((reply) => (
              <ReplyItem
                key={reply.code}
                look="board"
                author={reply.author_id ?? messages.boards.deletedAuthor}
                reply={reply}
                canEdit={approved && canEdit(user, reply.author_id)}
                canDelete={approved && canDelete(user, reply.author_id)}
                onDelete={() => setConfirming(reply)}
                onSave={sendReply(
                  (body) => update.mutateAsync({ replyCode: reply.code, body }),
                  (err) => showFailure(m.editFailed, err),
                )}
                saveDisabled={(text) => text.trim() === ''}
                labels={m}
              />
            ))}
          </Stack>
        )}
        {approved ? (
          <ReplyForm target={target} />
        ) : (
          <Text size="sm" c="gray.7">
            {m.signInToReply}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        title={messages.postActions.confirmTitle}
        confirmLabel={messages.postActions.delete}
        cancelLabel={messages.postActions.cancel}
        opened={confirming !== null}
        text={m.deleteConfirm}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(null)}
      />
    </section>
  );
}

function ReplyForm({ target }: { target: Target }) {
  const create = useCreateReply(target.board, target.content);
  return (
    <ReplyComposer
      look="board"
      labels={{ label: m.label, placeholder: m.placeholder, submit: m.submit }}
      pending={create.isPending}
      onCreate={sendReply(create.mutateAsync, (err) => showFailure(m.createFailed, err))}
    />
  );
}
