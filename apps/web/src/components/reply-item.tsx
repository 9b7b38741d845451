import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { REPLY_MAX, replyRequestSchema } from '@qbank/shared/replies';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { zodResolver } from '../lib/zod-resolver';
import { RelativeTime } from './relative-time';

/** The words a reply item shows; each feature passes its own (same wording, its own keys). */
export interface ReplyItemLabels {
  edited: string;
  edit: string;
  delete: string;
  editFor: (author: string) => string;
  deleteFor: (author: string) => string;
  editLabel: string;
  cancel: string;
  save: string;
}

/** How dense the item is drawn: a board post's replies or a problem's comment thread. */
export type ReplyItemLook = 'board' | 'thread';

export interface ReplyItemProps {
  /** The author's name, or the feature's 탈퇴한 회원 when the author is gone. */
  author: string;
  /** True when the author has left (drawn dimmed in the thread look). */
  authorGone?: boolean;
  /** The reply's own fields shown as they are (both board and problem replies have them). */
  reply: { reply_text: string; creation_time: string; update_time: string };
  canEdit: boolean;
  canDelete: boolean;
  onDelete: () => void;
  /** Sends the edited text (already checked by the request's schema); resolves true when it was saved (edit mode then ends). */
  onSave: (text: string) => Promise<boolean>;
  /** Whether the save button is disabled for the current text. */
  saveDisabled: (text: string) => boolean;
  labels: ReplyItemLabels;
  look: ReplyItemLook;
}

/** One reply: author, relative time, (수정됨), plain text with line breaks, edit in place, delete. */
export function ReplyItem(props: ReplyItemProps) {
  const { author, authorGone, reply, canEdit, canDelete, onDelete, labels, look } = props;
  const [editing, setEditing] = useState(false);
  const board = look === 'board';
  const edited = reply.update_time !== reply.creation_time;

  return (
    <Paper component="li" withBorder radius={board ? 'md' : 'sm'} p="sm" bg={board ? undefined : 'gray.0'}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        {board ? (
          <Group gap="xs" fz="sm" wrap="wrap">
            <Text span fw={600} inherit>
              {author}
            </Text>
            <Text span c="gray.7" inherit>
              <RelativeTime iso={reply.creation_time} />
              {edited && ` ${labels.edited}`}
            </Text>
          </Group>
        ) : (
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={700} c={authorGone ? 'gray.7' : undefined}>
              {author}
            </Text>
            <Text size="xs" c="gray.7" span>
              <RelativeTime iso={reply.creation_time} />
              {edited && ` ${labels.edited}`}
            </Text>
          </Group>
        )}
        {!editing && (canEdit || canDelete) && (
          <Group gap={4}>
            {canEdit && <ItemAction board={board} color="gray" label={labels.edit} name={labels.editFor(author)} onClick={() => setEditing(true)} />}
            {canDelete && <ItemAction board={board} color="red" label={labels.delete} name={labels.deleteFor(author)} onClick={onDelete} />}
          </Group>
        )}
      </Group>
      {editing ? (
        <EditReplyForm {...props} text={reply.reply_text} onDone={() => setEditing(false)} />
      ) : (
        // Plain text: React escapes it; pre-wrap keeps the author's line breaks.
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {reply.reply_text}
        </Text>
      )}
    </Paper>
  );
}

function EditReplyForm({
  text: initial,
  onSave,
  saveDisabled,
  labels,
  onDone,
}: Pick<ReplyItemProps, 'onSave' | 'saveDisabled' | 'labels'> & { text: string; onDone: () => void }) {
  const form = useReplyForm(initial);
  // Each item's edit keeps its own saving state, so one save does not spin another item's button.
  const [saving, setSaving] = useState(false);
  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    const saved = await onSave(replyRequestSchema.parse(values).reply_text);
    setSaving(false);
    if (saved) onDone();
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs" mt="xs">
        <ReplyTextarea label={labels.editLabel} form={form} autoFocus />
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onDone} disabled={saving}>
            {labels.cancel}
          </Button>
          <Button size="xs" type="submit" disabled={saveDisabled(form.values.reply_text)} loading={saving}>
            {labels.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** An item's 수정 / 삭제 button: smaller and lighter in the thread look, darker shades on a board. */
function ItemAction({ board, color, label, name, onClick }: { board: boolean; color: 'gray' | 'red'; label: string; name: string; onClick: () => void }) {
  return (
    <Button size={board ? 'compact-sm' : 'compact-xs'} variant="subtle" color={board ? `${color}.8` : color} aria-label={name} onClick={onClick}>
      {label}
    </Button>
  );
}

/** A reply's text checked by the request's own schema: the server's texts, shown under the box until it is typed in. */
function useReplyForm(text: string) {
  return useForm({ initialValues: { reply_text: text }, validate: zodResolver(replyRequestSchema) });
}

/** The reply's text box. */
function ReplyTextarea({
  label,
  placeholder,
  form,
  autoFocus,
}: {
  label: string;
  placeholder?: string;
  form: ReturnType<typeof useReplyForm>;
  autoFocus?: boolean;
}) {
  return (
    <Textarea label={label} placeholder={placeholder} {...form.getInputProps('reply_text')} autosize minRows={2} maxLength={REPLY_MAX} autoFocus={autoFocus} />
  );
}

/** A composer's onCreate (or an item's onSave) for a mutation: true once saved, or the failure handed to `onFailed`. */
export function sendReply(
  mutateAsync: (body: { reply_text: string }) => Promise<unknown>,
  onFailed: (err: unknown) => void,
): (text: string) => Promise<boolean> {
  return async (text) => {
    try {
      await mutateAsync({ reply_text: text });
      return true;
    } catch (err) {
      onFailed(err);
      return false;
    }
  };
}

export interface ReplyComposerProps {
  labels: { label: string; placeholder: string; submit: string };
  pending: boolean;
  /** Sends the checked text; resolves true when it was saved (the box then empties). */
  onCreate: (text: string) => Promise<boolean>;
  /** The thread look also keeps the button disabled while the box is empty. */
  look: ReplyItemLook;
}

/** The form that writes a new reply (non-empty after trimming, submit disabled while sending). */
export function ReplyComposer({ labels, pending, onCreate, look }: ReplyComposerProps) {
  const form = useReplyForm('');
  const submit = form.onSubmit(async (values) => {
    if (pending) return;
    if (await onCreate(replyRequestSchema.parse(values).reply_text)) form.reset();
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs">
        <ReplyTextarea label={labels.label} placeholder={labels.placeholder} form={form} />
        <Group justify="flex-end">
          <Button
            type="submit"
            {...(look === 'thread' ? { size: 'xs' } : {})}
            disabled={pending || (look === 'thread' && form.values.reply_text.length === 0)}
            loading={pending}
          >
            {labels.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
