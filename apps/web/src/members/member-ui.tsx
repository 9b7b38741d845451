import { ActionIcon, Badge, Button, Tooltip, VisuallyHidden } from '@mantine/core';
import { roleLabels, type Role } from '@qbank/shared/roles';
import { useId, type ReactNode } from 'react';

// Small pieces the membership screens share. Shared UI of the whole app lives in components/.

// Outline badges in shade 9: the text keeps WCAG AA contrast on white.
const roleColors: Record<Role, string> = { superadmin: 'grape.9', admin: 'red.9', lead: 'teal.9', student: 'blue.9' };

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge color={roleColors[role]} variant="outline" style={{ flexShrink: 0 }}>
      {roleLabels[role]}
    </Badge>
  );
}

interface GuardedActionProps {
  /** Why the action is not allowed here, or null when it is. */
  reason: string | null;
  label: string;
  onClick: () => void;
  loading?: boolean;
  color?: string;
  variant?: string;
  /** An icon-only button (its name is `label`); otherwise a text button showing `children`. */
  icon?: ReactNode;
  children?: ReactNode;
}

/**
 * A button that can be refused (a superadmin, oneself): it stays focusable so that its tooltip,
 * which says why, can be read by mouse, keyboard and screen reader alike.
 */
export function GuardedAction({ reason, label, onClick, loading, color, variant = 'outline', icon, children }: GuardedActionProps) {
  const reasonId = useId();
  const blocked = reason !== null;
  const common = {
    'aria-label': label,
    color,
    variant,
    loading,
    ...(blocked
      ? { 'data-disabled': true, 'aria-disabled': true, 'aria-describedby': reasonId, onClick: (e: { preventDefault(): void }) => e.preventDefault() }
      : { onClick }),
  };
  const control = icon ? (
    <ActionIcon size="lg" {...common}>
      {icon}
    </ActionIcon>
  ) : (
    <Button size="xs" {...common}>
      {children}
    </Button>
  );
  if (!blocked) return control;
  return (
    <>
      <Tooltip label={reason} withArrow events={{ hover: true, focus: true, touch: true }}>
        {control}
      </Tooltip>
      <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
    </>
  );
}
