import { Alert, Button, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Box, type BoxProblem } from '@qbank/shared/boxes';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { EmptyState } from '../components/empty-state';
import { useCompactLayout } from '../lib/use-compact-layout';
import { useDraft } from '../lib/use-draft';
import { messages } from './messages';
import { useBoxProblems, useRemoveFromBox, type BoxProblemFilters } from './api';
// Cross-feature use: only the viewer's public components, never the problems api.ts.
import { ExportMenu } from '../problems/components/export-menu';
import { problemSearchPlaceholder } from '../problems/search-messages';
import { ProblemCards, ProblemDetailModal, ProblemTable } from './box-problem-list';
import { m, b, TYPE_OPTIONS, failure, positiveInt } from './library-shared';

function hasFilters(filters: BoxProblemFilters): boolean {
  return Boolean(filters.subject_code || filters.year || filters.type || filters.q);
}

export function BoxProblemsPanel({ box, filters, onFilters }: { box: Box; filters: BoxProblemFilters; onFilters: (next: BoxProblemFilters) => void }) {
  // The unfiltered list names the subjects and years the filters offer; the filtered one is shown.
  const all = useBoxProblems(box.code, {});
  const shown = useBoxProblems(box.code, filters);
  const [detail, setDetail] = useState<BoxProblem | null>(null);
  const remove = useRemoveFromBox();
  const compact = useCompactLayout();

  async function removeRow(row: BoxProblem) {
    try {
      await remove.mutateAsync({ boxId: box.code, problemUid: row.problem_uid });
      notifications.show({ color: 'teal', message: b.removed });
    } catch (error) {
      notifications.show({ color: 'red', title: b.removeFailed, message: failure(error) });
    }
  }

  const rows = shown.data?.problems ?? [];
  const filtered = hasFilters(filters);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="library-problems-title">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="library-problems-title" style={{ overflowWrap: 'anywhere' }}>
            {m.problemsTitle(box.box_name)}
          </Title>
          <Group gap="sm">
            {shown.data && (
              <Text size="sm" c="gray.7" aria-live="polite">
                {m.total(rows.length)}
              </Text>
            )}
            <ExportMenu boxCode={box.code} />
          </Group>
        </Group>
        <FiltersForm problems={all.data?.problems ?? []} filters={filters} onFilters={onFilters} />
        {shown.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label={messages.app.loading} />
          </Group>
        ) : shown.isError ? (
          <Alert color="red" title={m.problemsLoadFailed(failure(shown.error))}>
            <Button size="xs" variant="default" onClick={() => void shown.refetch()}>
              {b.retry}
            </Button>
          </Alert>
        ) : rows.length === 0 ? (
          <EmptyState>{filtered ? m.noResults : m.emptyBox}</EmptyState>
        ) : compact ? (
          <ProblemCards rows={rows} onOpen={setDetail} onRemove={(row) => void removeRow(row)} removing={remove.isPending} />
        ) : (
          <ProblemTable box={box} rows={rows} onOpen={setDetail} onRemove={(row) => void removeRow(row)} removing={remove.isPending} />
        )}
      </Stack>
      <ProblemDetailModal row={detail} onClose={() => setDetail(null)} fullScreen={compact} />
    </Paper>
  );
}

function FiltersForm({ problems, filters, onFilters }: { problems: BoxProblem[]; filters: BoxProblemFilters; onFilters: (next: BoxProblemFilters) => void }) {
  const [q, setQ] = useDraft(filters.q ?? '');

  const subjects = useMemo(() => {
    const seen = new Map<number, string>();
    for (const p of problems) if (!seen.has(p.subject_code)) seen.set(p.subject_code, p.subject_name);
    return [...seen].sort((x, y) => x[1].localeCompare(y[1], 'ko')).map(([value, label]) => ({ value: String(value), label }));
  }, [problems]);
  const years = useMemo(() => [...new Set(problems.map((p) => p.test_year))].sort((x, y) => y - x), [problems]);

  const subjectOptions = [{ value: '', label: m.allSubjects }, ...subjects];
  if (filters.subject_code && !subjects.some((s) => s.value === String(filters.subject_code))) {
    subjectOptions.push({ value: String(filters.subject_code), label: String(filters.subject_code) });
  }
  const yearOptions = [{ value: '', label: m.allYears }, ...years.map((y) => ({ value: String(y), label: m.yearValue(y) }))];
  if (filters.year && !years.includes(filters.year)) yearOptions.push({ value: String(filters.year), label: m.yearValue(filters.year) });

  function submit(event: FormEvent) {
    event.preventDefault();
    onFilters({ ...filters, q: q.trim() || undefined });
  }

  return (
    <form onSubmit={submit} aria-label={m.filters} role="search">
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <NativeSelect
            label={m.subject}
            data={subjectOptions}
            value={filters.subject_code ? String(filters.subject_code) : ''}
            onChange={(event) => onFilters({ ...filters, subject_code: positiveInt(event.currentTarget.value) })}
          />
          <NativeSelect
            label={m.year}
            data={yearOptions}
            value={filters.year ? String(filters.year) : ''}
            onChange={(event) => onFilters({ ...filters, year: positiveInt(event.currentTarget.value) })}
          />
          <NativeSelect
            label={m.type}
            data={[{ value: '', label: m.allTypes }, ...TYPE_OPTIONS]}
            value={filters.type ? String(filters.type) : ''}
            onChange={(event) => {
              const value = Number(event.currentTarget.value);
              onFilters({ ...filters, type: value === 1 || value === 2 || value === 4 ? value : undefined });
            }}
          />
        </SimpleGrid>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={m.search}
            placeholder={problemSearchPlaceholder}
            value={q}
            onChange={(event) => setQ(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 0 }}
            maxLength={200}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            {m.searchSubmit}
          </Button>
          {hasFilters(filters) && (
            <Button variant="default" onClick={() => onFilters({})} leftSection={<IconX size={16} aria-hidden />}>
              {m.reset}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
