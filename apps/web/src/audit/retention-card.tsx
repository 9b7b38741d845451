import { Button, Group, NumberInput, Text } from '@mantine/core';
import { AUDIT_RETENTION_MAX_DAYS, AUDIT_RETENTION_MIN_DAYS } from '@qbank/shared/audit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionCard } from '../components/section-card';
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
    <SectionCard titleId="audit-retention-title" title={a.retentionTitle}>
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
    </SectionCard>
  );
}
