import { Button, Group, NativeSelect, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { MEMBER_GRADE_MAX, MEMBER_GRADE_MIN, memberListQuerySchema } from '@qbank/shared/member-admin';
import { AUTHORITY, roleLabels } from '@qbank/shared/roles';
import { IconSearch } from '@tabler/icons-react';
import { type ChangeEvent, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from './messages';
import type { MemberListParams } from './api';
import { useDraft } from '../lib/use-draft';

const l = messages.members.list;

const SELECT_KEYS = ['validated', 'authority', 'grade'] as const;
const TEXT_KEYS = ['name', 'email', 'q'] as const;
type FilterKey = (typeof SELECT_KEYS)[number] | (typeof TEXT_KEYS)[number];
export type RawFilters = Record<FilterKey, string>;

const EMPTY: RawFilters = { validated: '', authority: '', grade: '', name: '', email: '', q: '' };

/**
 * The member list's filters and page live in the URL (like the reading screens, decision 018),
 * so the back button and a shared link restore them. Each value is checked with the shared
 * query schema; one that the server would refuse is ignored rather than breaking the screen.
 */
export function useMemberListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw: RawFilters = { ...EMPTY };
  for (const key of [...SELECT_KEYS, ...TEXT_KEYS]) {
    const value = searchParams.get(key) ?? '';
    if (value && memberListQuerySchema.safeParse({ [key]: value }).success) raw[key] = value;
  }
  const rawPage = searchParams.get('page');
  const pageOk = rawPage !== null && memberListQuerySchema.safeParse({ page: rawPage }).success;
  const params: MemberListParams = memberListQuerySchema.parse({ ...raw, ...(pageOk ? { page: rawPage } : {}) });

  const apply = (next: Partial<RawFilters>, page = 1) => {
    const merged = { ...raw, ...next };
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(merged)) if (value.trim()) out[key] = value.trim();
    if (page > 1) out.page = String(page);
    setSearchParams(out);
  };
  return {
    raw,
    params,
    /** A filter changed: back to page 1. */
    setFilters: (next: Partial<RawFilters>) => apply(next),
    setPage: (page: number) => apply({}, page),
    reset: () => setSearchParams({}),
  };
}

const validatedOptions = [
  { value: '', label: l.all },
  { value: '1', label: messages.members.validatedStates.approved },
  { value: '0', label: messages.members.validatedStates.pending },
];

// Decision 122: one authority mapping; 'none' asks for students (authority null or 0).
const authorityOptions = [
  { value: '', label: l.all },
  { value: 'none', label: roleLabels.student },
  { value: String(AUTHORITY.lead), label: roleLabels.lead },
  { value: String(AUTHORITY.admin), label: roleLabels.admin },
  { value: String(AUTHORITY.superadmin), label: roleLabels.superadmin },
];

const gradeOptions = [
  { value: '', label: l.gradeAll },
  ...Array.from({ length: MEMBER_GRADE_MAX - MEMBER_GRADE_MIN + 1 }, (_, i) => {
    const grade = MEMBER_GRADE_MIN + i;
    return { value: String(grade), label: messages.members.grade(grade) };
  }),
];

/** Member management filters (decision 026): selects apply at once, the texts on Enter (or 검색). */
export function MemberFilters({ raw, onChange, onReset }: { raw: RawFilters; onChange: (next: Partial<RawFilters>) => void; onReset: () => void }) {
  const [draft, setDraft] = useDraft({ name: raw.name, email: raw.email, q: raw.q }, JSON.stringify([raw.name, raw.email, raw.q]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft);
  };
  const text = (key: (typeof TEXT_KEYS)[number]) => ({
    value: draft[key],
    maxLength: 200,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setDraft((d) => ({ ...d, [key]: value }));
    },
    enterKeyHint: 'search' as const,
  });

  return (
    <Paper component="form" role="search" aria-label={l.filters} withBorder radius="md" p="md" onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <NativeSelect label={l.validatedLabel} data={validatedOptions} value={raw.validated} onChange={(e) => onChange({ validated: e.currentTarget.value })} />
        <NativeSelect label={l.authorityLabel} data={authorityOptions} value={raw.authority} onChange={(e) => onChange({ authority: e.currentTarget.value })} />
        <NativeSelect label={l.gradeLabel} data={gradeOptions} value={raw.grade} onChange={(e) => onChange({ grade: e.currentTarget.value })} />
        <TextInput label={l.nameLabel} autoComplete="off" {...text('name')} />
        <TextInput label={l.emailLabel} type="search" autoComplete="off" {...text('email')} />
        <TextInput label={l.qLabel} placeholder={l.qPlaceholder} autoComplete="off" leftSection={<IconSearch size={16} aria-hidden />} {...text('q')} />
      </SimpleGrid>
      <Group justify="space-between" mt="sm" gap="xs">
        <Group gap="xs">
          <Button type="submit" size="sm">
            {l.search}
          </Button>
          <Button type="button" variant="default" size="sm" onClick={onReset}>
            {l.reset}
          </Button>
        </Group>
        <Text size="sm" c="gray.7">
          {l.searchHint}
        </Text>
      </Group>
    </Paper>
  );
}
