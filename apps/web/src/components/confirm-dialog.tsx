import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { commonMessages as messages } from '../common/messages';
import { FormError } from './load-state';

/**
 * Every "delete this? / remove this?" of the app: the question, an optional line on what follows,
 * the failure of the last try, 취소 and a dark red confirm button that spins while the call runs
 * (취소 waits for it, so the answer lands on this dialog).
 */
export function ConfirmDialog({
  opened,
  title,
  text,
  note,
  failure,
  confirmLabel,
  cancelLabel = messages.common.cancel,
  pending,
  onConfirm,
  onClose,
  size = 'sm',
  confirmDisabled = false,
  children,
}: {
  opened: boolean;
  title: string;
  text: ReactNode;
  note?: ReactNode;
  failure?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  size?: 'sm' | 'md';
  /** The call would only fail (what it meets forbids it): no button that only fails. */
  confirmDisabled?: boolean;
  /** What the dialog found out before asking (counts, warnings), under the question. */
  children?: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size} closeButtonProps={{ 'aria-label': messages.common.close }}>
      <Stack gap="sm">
        <Text>{text}</Text>
        {note ? (
          <Text size="sm" c="gray.7">
            {note}
          </Text>
        ) : null}
        {children}
        <FormError message={failure} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={pending} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
