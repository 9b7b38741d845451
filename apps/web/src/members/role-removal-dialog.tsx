import type { Member } from '@qbank/shared/auth';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { roleLabels } from '@qbank/shared/roles';
import { memberLabel } from './member-format';
import { roleRemovalMessages as t } from './role-removal-messages';

/** Asks before a role is removed, naming the person and the role (issue 12 item 6). */
export function RoleRemovalDialog({
  member,
  busy,
  onConfirm,
  onClose,
}: {
  member: Member | null;
  busy: boolean;
  onConfirm: (member: Member) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={member !== null} onClose={onClose} title={t.title} centered>
      {member && (
        <Stack gap="sm">
          <Text>{t.confirm(memberLabel(member), roleLabels[member.role])}</Text>
          <Text size="sm" c="gray.7">
            {t.note}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t.cancel}
            </Button>
            <Button color="red.9" loading={busy} onClick={() => onConfirm(member)}>
              {t.remove}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
