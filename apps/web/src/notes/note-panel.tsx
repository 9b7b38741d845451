import { Button, Chip, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { NOTE_MAX_LENGTH } from '@qbank/shared/notes';
import { IconLock, IconNote, IconPencil } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { blurOnEscape } from '../lib/blur-on-escape';
import { useOnline } from '../lib/use-online';
import { useNote, useSaveNote, useSetConfused } from './api';
import { notesMessages as m } from './messages';

/**
 * The member's private memo and 헷갈림 flag, shown under a problem (viewers, solve mode, review).
 * The flag and the memo are saved by separate calls: toggling one never overwrites the other.
 */
export function NotePanel({ problemUid, startEditing = false }: { problemUid: number; startEditing?: boolean }) {
  const note = useNote(problemUid);
  const save = useSaveNote(problemUid);
  const confused = useSetConfused(problemUid);
  const [draft, setDraft] = useState<string | null>(startEditing ? '' : null);
  // 메모 쓰기 / 고치기 puts the caret in the memo at once (its end, when there is a memo to change).
  const focusOnOpen = useRef(false);
  const focusDraft = (field: HTMLTextAreaElement | null) => {
    if (!field || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  };
  // Notes live on the server only: offline the panel says so instead of failing to load or save
  // (in plain text: the shell's offline indicator is the one live region that announces it).
  const online = useOnline();
  const text = note.data?.text ?? '';
  const isConfused = note.data?.is_confused ?? false;
  const headingId = `note-${problemUid}`;

  function submit() {
    if (draft === null) return;
    save.mutate(draft, {
      onSuccess: (saved) => {
        setDraft(null);
        notifications.show({ color: 'teal', message: saved?.text ? m.saved : m.removed });
      },
      onError: (error) => notifications.show({ color: 'red', title: m.saveFailed, message: errorMessage(error, m.saveFailed) }),
    });
  }

  function toggleConfused(next: boolean) {
    confused.mutate(next, {
      onSuccess: () => notifications.show({ color: 'teal', message: next ? m.confusedOn : m.confusedOff }),
      onError: (error) => notifications.show({ color: 'red', title: m.confusedFailed, message: errorMessage(error, m.confusedFailed) }),
    });
  }

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="sm" bg="yellow.0" data-testid="note-panel">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <IconNote size={18} aria-hidden />
            <Text component="h3" fw={700} size="sm" m={0} id={headingId}>
              {m.title}
            </Text>
            <Text size="xs" c="gray.7" span>
              <IconLock size={12} aria-hidden /> {m.privateHint}
            </Text>
          </Group>
          <Chip
            checked={isConfused}
            onChange={toggleConfused}
            color="orange.9"
            variant="outline"
            disabled={!online || note.isPending || confused.isPending}
            styles={{ label: { height: 44, display: 'flex', alignItems: 'center' } }}
          >
            {m.confused}
          </Chip>
        </Group>
        {!online ? (
          <Text size="sm" c="dark.9" data-testid="note-offline">
            {m.offline}
          </Text>
        ) : (
          note.isError && (
            <Text size="sm" c="red.9">
              {m.loadFailed}
            </Text>
          )
        )}
        {draft === null ? (
          <Group justify="space-between" align="flex-end" gap="xs" wrap="nowrap">
            {text ? (
              <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', flex: 1 }} data-testid="note-text">
                {text}
              </Text>
            ) : (
              <span />
            )}
            <Button
              variant="subtle"
              size="sm"
              className="qbank-solve-target"
              leftSection={<IconPencil size={16} aria-hidden />}
              disabled={!online || note.isPending}
              onClick={() => {
                focusOnOpen.current = true;
                setDraft(text);
              }}
            >
              {text ? m.edit : m.add}
            </Button>
          </Group>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="xs">
              <Textarea
                label={m.title}
                placeholder={m.placeholder}
                value={draft}
                onChange={(event) => setDraft(event.currentTarget.value)}
                onKeyDown={blurOnEscape}
                maxLength={NOTE_MAX_LENGTH}
                autosize
                minRows={3}
                maxRows={10}
                ref={focusDraft}
                data-autofocus
                description={m.length(draft.length, NOTE_MAX_LENGTH)}
              />
              <Group justify="flex-end" gap="xs">
                <Button variant="default" className="qbank-solve-target" onClick={() => setDraft(null)}>
                  {m.cancel}
                </Button>
                <Button type="submit" className="qbank-solve-target" loading={save.isPending} disabled={!online}>
                  {m.save}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
