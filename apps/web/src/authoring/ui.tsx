import { Alert, Badge, Button, Center, Group, Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ProblemStatus } from '@qbank/shared/authoring';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';
import { messages } from './messages';

// Small pieces the authoring screens (and "my problems", see problem-content-form.tsx) share.

const a = messages.authoring;

/** Spec §9: banners stay 3 seconds. */
const BANNER_MS = 3000;

export function showSuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: BANNER_MS });
}

/** The spec's failure text, with the server's own reason under it when there is one. */
export function showFailure(text: string, error: unknown): void {
  const reason = errorMessage(error, '');
  notifications.show(
    reason && reason !== text
      ? { color: 'red', title: text, message: reason, autoClose: BANNER_MS * 2 }
      : { color: 'red', message: text, autoClose: BANNER_MS },
  );
}

/** The page's one h1 (also the document title), a line under it and the page's actions. */
export function PageHeader({ title, intro, actions, before }: { title: string; intro?: ReactNode; actions?: ReactNode; before?: ReactNode }) {
  useDocumentTitle(messages.app.pageTitle(title));
  return (
    <Stack gap={4}>
      {before}
      <Group gap="xs" justify="space-between" align="center">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
      {intro && (
        <Text c="gray.7" size="sm">
          {intro}
        </Text>
      )}
    </Stack>
  );
}

export function Loading() {
  return (
    <Center py="xl" role="status" aria-label={messages.app.loading}>
      <Loader size="sm" />
    </Center>
  );
}

/** Something could not be read: the screen's text, the server's reason and a retry button. */
export function LoadFailed({ text, error, onRetry }: { text: string; error: unknown; onRetry?: () => void }) {
  const reason = errorMessage(error, '');
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={text} role="alert">
      <Stack gap="xs" align="flex-start">
        {reason && reason !== text && <Text size="sm">{reason}</Text>}
        {onRetry && (
          <Button size="xs" variant="default" onClick={onRetry}>
            {a.retry}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** An error shown inside a dialog or form: the title and the server's message as it came. */
export function ErrorAlert({ title, error }: { title: string; error: unknown }) {
  const reason = errorMessage(error, '');
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={title} role="alert">
      {reason && reason !== title ? reason : null}
    </Alert>
  );
}

/**
 * A wide table that scrolls sideways inside its own box on a phone (390 px) instead of
 * widening the page; the box is focusable and named so keyboard users can scroll it too.
 */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label} pos="relative">
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

const TYPE_LABELS: Record<number, string> = { 1: a.types.multipleChoice, 2: a.types.subjective, 4: a.types.slide };

/** 객관식 / 주관식 / 슬라이드. */
export function problemTypeLabel(type: number): string {
  return TYPE_LABELS[type] ?? a.types.other;
}

/** "객관식 3번": how a slot is named in titles, buttons and banners (each type numbers from 1). */
export function problemName(type: number, no: number): string {
  return a.problemName(problemTypeLabel(type), no);
}

// Outline badges in shade 9 keep their text at WCAG AA contrast on white.
const TYPE_COLORS: Record<number, string> = { 1: 'blue.9', 2: 'grape.9', 4: 'cyan.9' };

export function TypeBadge({ type }: { type: number }) {
  return (
    <Badge variant="outline" color={TYPE_COLORS[type] ?? 'gray.8'} style={{ flexShrink: 0 }}>
      {problemTypeLabel(type)}
    </Badge>
  );
}

export function VacantBadge() {
  return (
    <Badge variant="outline" color="gray.8" style={{ flexShrink: 0 }}>
      {a.vacant}
    </Badge>
  );
}

// Filled in shade 8–9: white text stays at AA contrast.
const STATUS_COLORS: Record<ProblemStatus, string> = { vacant: 'gray.7', assigned: 'indigo.9', submitted: 'teal.9' };

export function StatusBadge({ status }: { status: ProblemStatus }) {
  return (
    <Badge variant="filled" color={STATUS_COLORS[status]} style={{ flexShrink: 0 }}>
      {a.statuses[status]}
    </Badge>
  );
}

/** A positive 32-bit id from the URL, or null (the screen then says "not found"). */
export function idOf(value: string | undefined | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/**
 * Page links under a server-paged list, shown only when there is more than one page. The page
 * buttons are named by their visible number (WCAG 2.5.3 label in name) inside a named
 * navigation landmark; Mantine's arrow controls get Korean names.
 */
export function PageLinks({ total, pageSize, page, onChange, label }: { total: number; pageSize: number; page: number; onChange: (page: number) => void; label: string }) {
  if (total <= pageSize) return null;
  const pages = Math.ceil(total / pageSize);
  return (
    <Group component="nav" aria-label={label} justify="center" mt="md">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        size="sm"
        getItemProps={(item) => ({ 'aria-current': item === page ? 'page' : undefined })}
        getControlProps={(control) => ({ 'aria-label': messages.lists.controls[control] })}
      />
    </Group>
  );
}
