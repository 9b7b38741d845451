import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { roleLabels, type Role } from '@qbank/shared/roles';
import { IconAlertCircle } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';
import { messages } from './messages';

// Small pieces the membership screens share. Shared UI of the whole app lives in components/.

/** The page's one h1 (also the document title) and a line of explanation. */
export function MemberPageHeader({ title, intro, actions }: { title: string; intro: string; actions?: ReactNode }) {
  useDocumentTitle(messages.app.pageTitle(title));
  return (
    <Stack gap={4}>
      <Group gap="xs" justify="space-between" align="center">
        <Title order={1}>{title}</Title>
        {actions}
      </Group>
      <Text c="gray.7" size="sm">
        {intro}
      </Text>
    </Stack>
  );
}

export function ListLoader() {
  return (
    <Center py="xl" role="status" aria-label={messages.app.loading}>
      <Loader size="sm" />
    </Center>
  );
}

/** A list that could not be read: the spec's text, the server's reason, and a retry button. */
export function LoadFailed({ text, error, onRetry }: { text: string; error: unknown; onRetry: () => void }) {
  const reason = errorMessage(error, '');
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={text} role="alert">
      <Stack gap="xs" align="flex-start">
        {reason && reason !== text && <Text size="sm">{reason}</Text>}
        <Button size="xs" variant="default" onClick={onRetry}>
          {messages.members.retry}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * A wide table that scrolls sideways inside its own box on a phone (390 px) instead of widening
 * the page. The box is focusable and named, so keyboard users can scroll it too.
 */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    // position: relative keeps absolutely placed pieces (hidden inputs, hidden reasons) inside the box.
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label} pos="relative">
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

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
