import type { Member } from '@qbank/shared/auth';
import { Alert, Button, Checkbox, Group, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { currentKoreanYear } from '@qbank/shared/member-admin';
import { validationMessages } from '@qbank/shared/messages';
import { isAdminRole } from '@qbank/shared/roles';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { messages } from './messages';
import { ALL_MEMBERS, memberListQueryOptions, useRetainGrades } from './api';
import { showFailureBanner, showSuccessBanner } from './banners';
import { byName, calculatedGradeOf, matchesMemberSearch, memberLabel } from './member-format';
import { RoleBadge } from './member-ui';
import { LoadFailed, Loading } from '../components/load-state';
import { PageHeader } from '../components/page-header';
import { ScrollTable } from '../components/scroll-table';
import { useLoginSession } from '../lib/login-session';
import { MissingGradeWarning } from './missing-grade-warning';
import { ConfirmDialog } from '../components/confirm-dialog';

const m = messages.members;
const t = m.retention;
const c = m.columns;

/** calculateGrade (packages/shared/src/grade.ts): grades 1–4, and graduated. */
const GROUPS = ['1', '2', '3', '4', 'graduated'] as const;
type GradeGroup = (typeof GROUPS)[number];

const groupLabel = (group: GradeGroup) => (group === 'graduated' ? m.graduated : m.grade(Number(group)));

function isGroup(value: string | null): value is GradeGroup {
  return (GROUPS as readonly string[]).includes(value ?? '');
}

/** Members by calculated grade; those without one (no graduation year) are listed apart, by name. */
export function groupByCalculatedGrade(members: Member[], currentYear: number): { groups: Record<GradeGroup, Member[]>; unknown: Member[] } {
  const groups: Record<GradeGroup, Member[]> = { '1': [], '2': [], '3': [], '4': [], graduated: [] };
  const unknown: Member[] = [];
  for (const member of members) {
    const grade = calculatedGradeOf(member, currentYear);
    if (grade.kind === 'student') groups[String(grade.grade) as GradeGroup].push(member);
    else if (grade.kind === 'graduated') groups.graduated.push(member);
    else unknown.push(member);
  }
  for (const group of GROUPS) groups[group].sort(byName);
  unknown.sort(byName);
  return { groups, unknown };
}

function StudentTable({
  label,
  students,
  selected,
  onToggle,
  onToggleAll,
}: {
  label: string;
  students: Member[];
  selected: ReadonlySet<number>;
  onToggle: (code: number, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
}) {
  const chosen = students.filter((s) => selected.has(s.code)).length;
  return (
    <ScrollTable label={label} minWidth={640}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w={48}>
            <Checkbox
              aria-label={t.selectAll}
              checked={chosen > 0 && chosen === students.length}
              indeterminate={chosen > 0 && chosen < students.length}
              onChange={(e) => onToggleAll(e.currentTarget.checked)}
            />
          </Table.Th>
          <Table.Th scope="col">{c.id}</Table.Th>
          <Table.Th scope="col">{c.name}</Table.Th>
          <Table.Th scope="col">{c.nickname}</Table.Th>
          <Table.Th scope="col">{c.schoolNo}</Table.Th>
          <Table.Th scope="col">{c.gradYear}</Table.Th>
          <Table.Th scope="col">{c.role}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {students.map((student) => (
          <Table.Tr key={student.code} bg={selected.has(student.code) ? 'blue.0' : undefined}>
            <Table.Td>
              <Checkbox
                aria-label={t.selectOne(memberLabel(student))}
                checked={selected.has(student.code)}
                onChange={(e) => onToggle(student.code, e.currentTarget.checked)}
              />
            </Table.Td>
            <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {student.id}
            </Table.Th>
            <Table.Td>{student.name}</Table.Td>
            <Table.Td>{student.nickname}</Table.Td>
            <Table.Td>{student.school_no ?? m.noValue}</Table.Td>
            <Table.Td>{student.grad_year ?? m.noValue}</Table.Td>
            <Table.Td>
              <RoleBadge role={student.role} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}

/** Grade retention (decision 122: the lead "grades" screen): select students, 유급 처리. */
export function GradesPage() {
  const list = useQuery(memberListQueryOptions({ ...ALL_MEMBERS, validated: 1 }));
  const retain = useRetainGrades();
  const [params, setParams] = useSearchParams();
  const rawGroup = params.get('grade');
  const group: GradeGroup = isGroup(rawGroup) ? rawGroup : '1';
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [selectionError, setSelectionError] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const year = currentKoreanYear();

  const session = useLoginSession();
  const { groups, unknown } = useMemo(() => groupByCalculatedGrade(list.data?.members ?? [], year), [list.data, year]);
  const students = groups[group];
  const visible = useMemo(() => students.filter((s) => matchesMemberSearch(s, search)), [students, search]);
  // Only members of the tab on screen can be chosen; a reload may move someone to another tab.
  const chosen = students.filter((s) => selected.has(s.code));

  const choose = (value: string | null) => {
    if (!isGroup(value)) return;
    setParams(value === '1' ? {} : { grade: value });
    setSelected(new Set());
    setSearch('');
    setSelectionError(false);
  };
  const toggle = (code: number, on: boolean) => {
    setSelectionError(false);
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });
  };
  const toggleAll = (on: boolean) => {
    setSelectionError(false);
    setSelected((prev) => {
      const next = new Set(prev);
      for (const s of visible) {
        if (on) next.add(s.code);
        else next.delete(s.code);
      }
      return next;
    });
  };
  const askRetain = () => {
    if (chosen.length === 0) setSelectionError(true);
    else setConfirming(true);
  };
  const confirmRetain = () =>
    retain.mutate(
      chosen.map((s) => s.code),
      {
        onSuccess: (data) => {
          showSuccessBanner(t.retained(data.count));
          setSelected(new Set());
        },
        onError: (error) => showFailureBanner(t.failed, error),
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <Stack gap="md">
      <PageHeader title={messages.titles.leadGrades} intro={t.intro} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed text={t.loadFailed} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Tabs value={group} onChange={choose} keepMounted={false}>
          <Tabs.List aria-label={t.tabs} style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            {GROUPS.map((g) => (
              <Tabs.Tab key={g} value={g} style={{ flexShrink: 0 }}>
                {t.tab(groupLabel(g), groups[g].length)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {GROUPS.map((g) => (
            <Tabs.Panel key={g} value={g} pt="md">
              <Stack gap="sm">
                <Group justify="space-between" align="flex-end" gap="sm">
                  <TextInput
                    label={t.searchLabel}
                    placeholder={t.searchPlaceholder}
                    value={search}
                    maxLength={200}
                    onChange={(e) => setSearch(e.currentTarget.value)}
                    leftSection={<IconSearch size={16} aria-hidden />}
                    w={{ base: '100%', xs: 280 }}
                  />
                  <Group gap="sm">
                    <Text size="sm" c="gray.7" aria-live="polite">
                      {t.selectedCount(chosen.length)}
                    </Text>
                    <Button color="red" onClick={askRetain}>
                      {t.retain}
                    </Button>
                  </Group>
                </Group>
                {selectionError && (
                  <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
                    {validationMessages.retainSelectionRequired}
                  </Alert>
                )}
                {students.length === 0 ? (
                  <EmptyState>{t.empty}</EmptyState>
                ) : visible.length === 0 ? (
                  <EmptyState>{t.noResults}</EmptyState>
                ) : (
                  <StudentTable label={t.table(groupLabel(g))} students={visible} selected={selected} onToggle={toggle} onToggleAll={toggleAll} />
                )}
                <MissingGradeWarning members={unknown} canFix={session.user ? isAdminRole(session.user.role) : false} />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t.confirmTitle}
        text={t.confirmText(chosen.length)}
        note={chosen.map(memberLabel).join(', ')}
        confirmLabel={t.retain}
        cancelLabel={m.cancel}
        pending={retain.isPending}
        onConfirm={confirmRetain}
        onClose={() => setConfirming(false)}
        size="md"
      />
    </Stack>
  );
}
