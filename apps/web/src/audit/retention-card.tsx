import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { AUDIT_RETENTION_MAX_DAYS, AUDIT_RETENTION_MIN_DAYS } from '@qbank/shared/audit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showFailure, showSuccess } from '../components/toasts';
import { auditSettingsQueryOptions, useSaveAuditSettings } from './api';
import { auditMessages as messages } from './messages';

const a = messages.audit;

/** The retention period: every admin reads it, the superadmin changes it (the server decides too). */
export function RetentionCard({ canChange }: { canChange: boolean }) {
  const settings = useQuery(auditSettingsQueryOptions());
  const save = useSaveAuditSettings();
  const [days, setDays] = useState<number | string>('');
  if (!settings.data) return null;
  const current = settings.data.retention_days;
  const value = days === '' ? current : days;

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {a.retentionTitle}
        </Title>
        <Text size="sm">{a.retentionText(current)}</Text>
        {canChange ? (
          <Group
            component="form"
            align="end"
            gap="xs"
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(
                { retention_days: Number(value) },
                { onSuccess: () => showSuccess(a.retentionSaved), onError: (error) => showFailure(a.retentionFailed, error) },
              );
            }}
          >
            <NumberInput
              label={a.retentionLabel}
              min={AUDIT_RETENTION_MIN_DAYS}
              max={AUDIT_RETENTION_MAX_DAYS}
              value={value}
              onChange={setDays}
              w={160}
              allowDecimal={false}
            />
            <Button type="submit" size="sm" loading={save.isPending}>
              {a.retentionSave}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="gray.7">
            {a.retentionSuperadminOnly}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
