import { Button, Group, NativeSelect, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { AUDIT_ACTIONS, auditListQuerySchema } from '@qbank/shared/audit';
import { IconSearch } from '@tabler/icons-react';
import type { ChangeEvent, FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useDraft } from '../lib/use-draft';
import type { AuditListParams } from './api';
import { auditMessages as messages } from './messages';

const a = messages.audit;

const KEYS = ['actor', 'action', 'target', 'from', 'to'] as const;
type FilterKey = (typeof KEYS)[number];
export type RawAuditFilters = Record<FilterKey, string>;
const EMPTY: RawAuditFilters = { actor: '', action: '', target: '', from: '', to: '' };

/**
 * The filters and page live in the URL (as on the member lists), so a link to "who changed this
 * key" can be shared between admins. A value the server would refuse is ignored.
 */
export function useAuditParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw: RawAuditFilters = { ...EMPTY };
  for (const key of KEYS) {
    const value = searchParams.get(key) ?? '';
    if (value && auditListQuerySchema.safeParse({ [key]: value }).success) raw[key] = value;
  }
  const rawPage = searchParams.get('page');
  const pageOk = rawPage !== null && auditListQuerySchema.safeParse({ page: rawPage }).success;
  const parsed = auditListQuerySchema.parse({ ...raw, ...(pageOk ? { page: rawPage } : {}) });
  const params: AuditListParams = Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined)) as AuditListParams;

  const apply = (next: Partial<RawAuditFilters>, page = 1) => {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...raw, ...next })) if (value.trim()) out[key] = value.trim();
    if (page > 1) out.page = String(page);
    setSearchParams(out);
  };
  return {
    raw,
    params,
    setFilters: (next: Partial<RawAuditFilters>) => apply(next),
    setPage: (page: number) => apply({}, page),
    reset: () => setSearchParams({}),
  };
}

const actionOptions = [{ value: '', label: a.allActions }, ...AUDIT_ACTIONS.map((action) => ({ value: action, label: messages.auditActions[action] }))];

/** The action applies at once; the texts and dates on Enter or 검색. */
export function AuditFilters({ raw, onChange, onReset }: { raw: RawAuditFilters; onChange: (next: Partial<RawAuditFilters>) => void; onReset: () => void }) {
  const applied = { actor: raw.actor, target: raw.target, from: raw.from, to: raw.to };
  const [draft, setDraft] = useDraft(applied, JSON.stringify(applied));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft);
  };
  const field = (key: keyof typeof applied) => ({
    value: draft[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setDraft((d) => ({ ...d, [key]: value }));
    },
  });

  return (
    <Paper component="form" role="search" aria-label={a.filters} withBorder radius="md" p="md" onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <NativeSelect label={a.actionLabel} data={actionOptions} value={raw.action} onChange={(event) => onChange({ action: event.currentTarget.value })} />
        <TextInput label={a.actorLabel} placeholder={a.actorPlaceholder} autoComplete="off" maxLength={200} {...field('actor')} />
        <TextInput
          label={a.targetLabel}
          placeholder={a.targetPlaceholder}
          autoComplete="off"
          maxLength={200}
          leftSection={<IconSearch size={16} aria-hidden />}
          {...field('target')}
        />
        <TextInput label={a.fromLabel} type="date" {...field('from')} />
        <TextInput label={a.toLabel} type="date" {...field('to')} />
      </SimpleGrid>
      <Group gap="xs" mt="sm">
        <Button type="submit" size="sm">
          {a.search}
        </Button>
        <Button type="button" variant="default" size="sm" onClick={onReset}>
          {a.reset}
        </Button>
      </Group>
    </Paper>
  );
}
