import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { messages } from './messages';

/** "Delete this?" with 취소 and a red 삭제; the confirm button spins while the call runs. */
export function ConfirmDeleteDialog({
  opened,
  text,
  pending,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  text: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const m = messages.postActions;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={m.confirmTitle}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': messages.common.close }}
    >
      <Stack>
        <Text>{text}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {m.cancel}
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending}>
            {m.delete}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
