import type { Member } from '@qbank/shared/auth';
import { roleLabels } from '@qbank/shared/roles';
import { memberLabel } from './member-format';
import { roleRemovalMessages as t } from './role-removal-messages';
import { ConfirmDialog } from '../components/confirm-dialog';

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
    <ConfirmDialog
      opened={member !== null}
      title={t.title}
      text={member ? t.confirm(memberLabel(member), roleLabels[member.role]) : null}
      note={t.note}
      confirmLabel={t.remove}
      cancelLabel={t.cancel}
      pending={busy}
      onConfirm={() => member && onConfirm(member)}
      onClose={onClose}
      size="md"
    />
  );
}
