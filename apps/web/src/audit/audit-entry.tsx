import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { AuditEntry } from '@qbank/shared/audit';
import { formatDateTime } from '@qbank/shared/format';
import { roleLabels, ROLES, type Role } from '@qbank/shared/roles';
import { auditMessages as messages } from './messages';

const a = messages.audit;

// One entry as a card: when, what, who, on what, and each changed field's before → after. A card
// rather than a table row, so it reads the same on a phone (375 px) as on a desktop.

function shownValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return a.none;
  if (field === 'role' && typeof value === 'string' && (ROLES as readonly string[]).includes(value)) return roleLabels[value as Role];
  if (field === 'validated') return value === 1 ? '승인' : '대기';
  if (field === 'is_voided') return value === 1 ? '무효' : '유효';
  const named = messages.auditValues[field]?.[String(value)];
  if (named) return named;
  // Lists (a lineage's problems, an exam date's scope, a subject's grades) read as "a, b, c".
  if (Array.isArray(value)) return value.length === 0 ? a.none : value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ');
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes);
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Badge variant="outline" color={entry.action.endsWith('delete') || entry.action === 'member.reject' ? 'red.9' : 'blue.9'}>
              {messages.auditActions[entry.action]}
            </Badge>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {messages.auditTargets[entry.target_kind]} · {entry.target_label ?? entry.target_id ?? a.none}
            </Text>
          </Group>
          <Text size="sm" c="gray.7">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.actor_label ?? a.system}
        </Text>
        {changes.length === 0 ? (
          <Text size="sm" c="gray.7">
            {a.noChanges}
          </Text>
        ) : (
          <Stack component="dl" gap={2} m={0}>
            {changes.map(([field, change]) => (
              <Group key={field} gap={6} wrap="nowrap" align="baseline">
                <Text component="dt" size="sm" c="gray.7" style={{ flex: '0 0 auto' }}>
                  {messages.auditFields[field] ?? field}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {shownValue(field, change.before)} {a.arrow} {shownValue(field, change.after)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        {entry.request_id && (
          <Text size="xs" c="gray.7">
            {a.requestId(entry.request_id)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
