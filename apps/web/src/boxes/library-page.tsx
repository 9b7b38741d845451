import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Modal,
  NativeSelect,
  NavLink,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { createBoxRequestSchema, type Box, type BoxProblem } from '@qbank/shared/boxes';
import { formatDate } from '@qbank/shared/format';
import { PROBLEM_TYPES } from '@qbank/shared/problems';
import { IconExternalLink, IconEye, IconFolder, IconPlus, IconSearch, IconTrash, IconX } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { PageLoader } from '../components/page-loader';
import { errorMessage } from '../lib/api-client';
import { paths } from '../lib/paths';
import { useCompactLayout } from '../lib/use-compact-layout';
import { messages } from './messages';
// Cross-feature use: only the viewer's public ProblemCard component, never the problems api.ts.
import { useDraft } from '../lib/use-draft';
import { ProblemCard } from '../problems/components/problem-card';
import { useBoxes, useBoxProblems, useCreateBox, useDeleteBox, useLibraryProblem, useRemoveFromBox, type BoxProblemFilters } from './api';
import { parsePositiveId } from '../lib/parse-positive-id';

const m = messages.library;
const b = messages.boxes;
const types = messages.problems.types;

const TYPE_OPTIONS = [
  { value: String(PROBLEM_TYPES.multipleChoice), label: types.multipleChoice },
  { value: String(PROBLEM_TYPES.subjective), label: types.subjective },
  { value: String(PROBLEM_TYPES.slide), label: types.slide },
];

function typeName(type: number): string {
  return TYPE_OPTIONS.find((o) => o.value === String(type))?.label ?? messages.problems.dash;
}

function qLabel(no: number): string {
  return `Q${String(no).padStart(2, '0')}`;
}

function failure(error: unknown): string {
  return errorMessage(error, error instanceof Error ? error.message : '');
}

/** The chosen box and the filters live in the URL (docs/decisions.md 018): back and reload keep them. */
function useLibraryParams() {
  const [params, setParams] = useSearchParams();
  const boxId = parsePositiveId(params.get('box'));
  const typeRaw = parsePositiveId(params.get('type')) ?? undefined;
  const filters: BoxProblemFilters = {
    subject_code: parsePositiveId(params.get('subject')) ?? undefined,
    year: parsePositiveId(params.get('year')) ?? undefined,
    type: typeRaw === 1 || typeRaw === 2 || typeRaw === 4 ? typeRaw : undefined,
    q: params.get('q')?.trim() || undefined,
  };
  function update(next: { box?: number | null; filters?: BoxProblemFilters }) {
    const out = new URLSearchParams();
    const box = next.box === undefined ? boxId : next.box;
    const f = next.filters ?? filters;
    if (box !== null) out.set('box', String(box));
    if (f.subject_code) out.set('subject', String(f.subject_code));
    if (f.year) out.set('year', String(f.year));
    if (f.type) out.set('type', String(f.type));
    if (f.q?.trim()) out.set('q', f.q.trim());
    setParams(out, { replace: true });
  }
  return { boxId, filters, update };
}

/** /dashboard/library — the member's boxes, the problems in the chosen one, and a problem's details. */
export function LibraryPage() {
  useDocumentTitle(messages.app.pageTitle(messages.titles.library));
  const boxes = useBoxes();
  const { boxId, filters, update } = useLibraryParams();
  const [deleting, setDeleting] = useState<Box | null>(null);

  const list = boxes.data ?? [];
  const selected = list.find((box) => box.code === boxId) ?? list[0] ?? null;

  return (
    <Stack gap="md">
      <Title order={1}>{messages.titles.library}</Title>
      {boxes.isPending ? (
        <PageLoader />
      ) : boxes.isError ? (
        <Alert color="red" title={b.loadFailed}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{failure(boxes.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void boxes.refetch()}>
              {b.retry}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Grid gutter="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <BoxesPanel
              boxes={list}
              selected={selected}
              onSelect={(box) => update({ box: box.code, filters: {} })}
              onDelete={setDeleting}
              onCreated={(box) => update({ box: box.code, filters: {} })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {selected ? (
              <BoxProblemsPanel
                key={selected.code}
                box={selected}
                filters={filters}
                onFilters={(next) => update({ box: selected.code, filters: next })}
              />
            ) : (
              <EmptyState>{b.noBoxes}</EmptyState>
            )}
          </Grid.Col>
        </Grid>
      )}
      <DeleteBoxModal
        box={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(box) => {
          setDeleting(null);
          if (selected?.code === box.code) update({ box: null, filters: {} });
        }}
      />
    </Stack>
  );
}

function BoxesPanel({
  boxes,
  selected,
  onSelect,
  onDelete,
  onCreated,
}: {
  boxes: Box[];
  selected: Box | null;
  onSelect: (box: Box) => void;
  onDelete: (box: Box) => void;
  onCreated: (box: Box) => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="library-boxes-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="library-boxes-title">
          {m.boxesTitle}
        </Title>
        <CreateBoxForm onCreated={onCreated} />
        {boxes.length === 0 ? (
          <Text c="gray.7" size="sm">
            {b.noBoxes}
          </Text>
        ) : (
          <Stack component="ul" gap={4} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {boxes.map((box) => {
              const active = box.code === selected?.code;
              return (
                <Group component="li" key={box.code} gap={4} wrap="nowrap" align="center">
                  <NavLink
                    component="button"
                    type="button"
                    active={active}
                    aria-current={active ? 'true' : undefined}
                    onClick={() => onSelect(box)}
                    label={box.box_name}
                    description={b.problemCount(box.problem_count)}
                    leftSection={<IconFolder size={18} aria-hidden />}
                    rightSection={
                      box.solve_slot !== null ? (
                        <Badge size="sm" variant="outline" color="gray" title={b.solveBoxHint}>
                          {b.solveBox}
                        </Badge>
                      ) : undefined
                    }
                    styles={{ root: { borderRadius: 'var(--mantine-radius-sm)' }, description: { color: 'var(--mantine-color-gray-7)' } }}
                    style={{ flex: 1, minWidth: 0 }}
                  />
                  <ActionIcon variant="subtle" color="red" aria-label={m.deleteBox(box.box_name)} title={m.deleteBox(box.box_name)} onClick={() => onDelete(box)}>
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function CreateBoxForm({ onCreated }: { onCreated: (box: Box) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateBox();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createBoxRequestSchema.safeParse({ box_name: name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? b.nameRequired);
      return;
    }
    setError(null);
    try {
      const { box } = await create.mutateAsync(parsed.data);
      setName('');
      notifications.show({ color: 'teal', message: b.created(box.box_name) });
      onCreated(box);
    } catch (err) {
      notifications.show({ color: 'red', message: b.createFailed(failure(err)) });
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={b.boxName}
          placeholder={b.boxNamePlaceholder}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          required
          style={{ flex: 1 }}
        />
        <Button type="submit" mt={25} loading={create.isPending} leftSection={<IconPlus size={16} aria-hidden />}>
          {b.create}
        </Button>
      </Group>
    </form>
  );
}

function DeleteBoxModal({ box, onClose, onDeleted }: { box: Box | null; onClose: () => void; onDeleted: (box: Box) => void }) {
  const remove = useDeleteBox();
  // Keep the name while the modal animates out.
  const [shown, setShown] = useState<Box | null>(box);
  if (box && box !== shown) setShown(box);

  async function confirm() {
    if (!box) return;
    try {
      await remove.mutateAsync(box.code);
      notifications.show({ color: 'teal', message: m.deleted(box.box_name) });
      onDeleted(box);
    } catch (error) {
      notifications.show({ color: 'red', message: m.deleteFailed(failure(error)) });
      onClose();
    }
  }

  return (
    <Modal opened={box !== null} onClose={onClose} title={m.deleteTitle} centered closeButtonProps={{ 'aria-label': messages.common.close }}>
      <Stack>
        <Text>{shown ? m.deleteText(shown.box_name) : null}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            {b.cancel}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
            {m.deleteConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function hasFilters(filters: BoxProblemFilters): boolean {
  return Boolean(filters.subject_code || filters.year || filters.type || filters.q);
}

function BoxProblemsPanel({ box, filters, onFilters }: { box: Box; filters: BoxProblemFilters; onFilters: (next: BoxProblemFilters) => void }) {
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
          {shown.data && (
            <Text size="sm" c="gray.7" aria-live="polite">
              {m.total(rows.length)}
            </Text>
          )}
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
            onChange={(event) => onFilters({ ...filters, subject_code: (parsePositiveId(event.currentTarget.value) ?? undefined) })}
          />
          <NativeSelect
            label={m.year}
            data={yearOptions}
            value={filters.year ? String(filters.year) : ''}
            onChange={(event) => onFilters({ ...filters, year: (parsePositiveId(event.currentTarget.value) ?? undefined) })}
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
            placeholder={m.searchPlaceholder}
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

interface RowActions {
  rows: BoxProblem[];
  onOpen: (row: BoxProblem) => void;
  onRemove: (row: BoxProblem) => void;
  removing: boolean;
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}

function RowButtons({ row, onOpen, onRemove, removing }: { row: BoxProblem } & Omit<RowActions, 'rows'>) {
  const label = qLabel(row.no);
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-sm" variant="light" leftSection={<IconEye size={14} aria-hidden />} aria-label={m.openLabel(label, row.test_name)} onClick={() => onOpen(row)}>
        {m.open}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        aria-label={m.removeLabel(label, row.test_name)}
        disabled={removing}
        onClick={() => onRemove(row)}
      >
        {m.remove}
      </Button>
    </Group>
  );
}

function ProblemTable({ box, rows, ...actions }: RowActions & { box: Box }) {
  const c = m.columns;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover withTableBorder verticalSpacing="xs">
        <Table.Caption>{m.tableCaption(box.box_name)}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.subject}</Table.Th>
            <Table.Th>{c.year}</Table.Th>
            <Table.Th>{c.exam}</Table.Th>
            <Table.Th>{c.no}</Table.Th>
            <Table.Th>{c.type}</Table.Th>
            <Table.Th>{c.question}</Table.Th>
            <Table.Th>{c.added}</Table.Th>
            <Table.Th>{c.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.problem_uid}>
              <Table.Td>{row.subject_name}</Table.Td>
              <Table.Td>{row.test_year}</Table.Td>
              <Table.Td>{row.test_name}</Table.Td>
              <Table.Td>{qLabel(row.no)}</Table.Td>
              <Table.Td>{typeName(row.type)}</Table.Td>
              <Table.Td style={{ maxWidth: 280 }}>{preview(row.question_text)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.creation_time)}</Table.Td>
              <Table.Td>
                <RowButtons row={row} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ProblemCards({ rows, ...actions }: RowActions) {
  const c = m.columns;
  return (
    <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.map((row) => (
        <Paper component="li" key={row.problem_uid} withBorder radius="sm" p="sm">
          <Stack gap={6}>
            <Group gap="xs" wrap="wrap">
              <Text fw={700}>{qLabel(row.no)}</Text>
              <Badge variant="light" radius="sm">
                {typeName(row.type)}
              </Badge>
              <Text size="sm">
                {row.test_year} · {row.subject_name}
              </Text>
            </Group>
            <Text size="sm" c="gray.7">
              {row.test_name}
            </Text>
            <Text size="sm">{preview(row.question_text)}</Text>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="gray.7">
                {c.added} {formatDate(row.creation_time)}
              </Text>
              <RowButtons row={row} {...actions} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function ProblemDetailModal({ row, onClose, fullScreen }: { row: BoxProblem | null; onClose: () => void; fullScreen: boolean }) {
  const problem = useLibraryProblem(row?.problem_uid ?? null);
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      size="xl"
      fullScreen={fullScreen}
      title={row ? m.detailTitle(row.test_name, qLabel(row.no)) : ''}
      closeButtonProps={{ 'aria-label': messages.common.close }}
    >
      {row &&
        (problem.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label={messages.app.loading} />
          </Group>
        ) : problem.isError ? (
          <Alert color="red" title={m.problemLoadFailed}>
            {failure(problem.error) || m.problemGone}
          </Alert>
        ) : (
          <Stack gap="md">
            <Group justify="flex-end">
              <Button
                component={Link}
                to={paths.testProblems.getHref(problem.data.test_code)}
                state={{ highlightUid: problem.data.uid }}
                variant="light"
                leftSection={<IconExternalLink size={16} aria-hidden />}
              >
                {m.openInExam}
              </Button>
            </Group>
            <ProblemCard problem={problem.data} view="all" headingOrder={3} repliesOpened />
          </Stack>
        ))}
    </Modal>
  );
}
