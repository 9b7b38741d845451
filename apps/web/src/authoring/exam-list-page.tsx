import { Button, Group, NativeSelect, Paper, Stack, Table, Text } from '@mantine/core';
import type { TestSummary } from '@qbank/shared/exams';
import { IconChartBar, IconListDetails, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { paths } from '../lib/paths';
import { useCompactLayout } from '../lib/use-compact-layout';
import { messages } from './messages';
import { statsMessages } from '../stats/messages';
import { testYearsQueryOptions } from '../exams/api';
import { EXAMS_PAGE_SIZE, examCountQueryOptions, examListQueryOptions, useSubjectChoices } from './api';
import { ExamDeleteDialog } from './exam-delete-dialog';
import { ExamFormDialog } from './exam-form-dialog';
import { ListPagination } from '../components/list-pagination';
import { LoadFailed, Loading } from '../components/load-state';
import { PageHeader } from '../components/page-header';
import { ScrollTable, TableHead } from '../components/scroll-table';
import { parsePositiveId } from '../lib/parse-positive-id';
import { TrashButton } from './trash-button';

const e = messages.authoring.exams;

/**
 * Filters and page live in the URL (?year&subject&page): the back button from an exam's
 * problems returns to the same page of the same list.
 */
function useExamListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const year = parsePositiveId(searchParams.get('year'));
  const subject = parsePositiveId(searchParams.get('subject'));
  const page = parsePositiveId(searchParams.get('page')) ?? 1;

  const update = (next: { year?: number | null; subject?: number | null; page?: number }) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        for (const key of ['year', 'subject', 'page'] as const) {
          if (!(key in next)) continue;
          const value = next[key];
          if (value === null || value === undefined || (key === 'page' && value === 1)) params.delete(key);
          else params.set(key, String(value));
        }
        return params;
      },
      { replace: true },
    );
  };

  return {
    params: { year, subject, page },
    // A filter change resets to page 1.
    setYear: (value: number | null) => update({ year: value, page: 1 }),
    setSubject: (value: number | null) => update({ subject: value, page: 1 }),
    setPage: (value: number) => update({ page: value }),
    reset: () => update({ year: null, subject: null, page: 1 }),
  };
}

function ExamFilters({
  year,
  subject,
  onYear,
  onSubject,
  onReset,
}: {
  year: number | null;
  subject: number | null;
  onYear: (value: number | null) => void;
  onSubject: (value: number | null) => void;
  onReset: () => void;
}) {
  const years = useQuery(testYearsQueryOptions());
  const subjects = useSubjectChoices();
  const yearOptions = [{ value: '', label: e.allYears }, ...(years.data ?? []).map((y) => ({ value: String(y), label: messages.authoring.year(y) }))];
  // A year or subject in the URL that the lists do not (yet) hold stays selectable.
  if (year !== null && !yearOptions.some((o) => o.value === String(year))) yearOptions.push({ value: String(year), label: messages.authoring.year(year) });
  const subjectOptions = [{ value: '', label: e.allSubjects }, ...(subjects.data ?? []).map((s) => ({ value: String(s.subject_code), label: s.subject_name }))];
  if (subject !== null && !subjectOptions.some((o) => o.value === String(subject))) subjectOptions.push({ value: String(subject), label: String(subject) });

  return (
    <Group role="search" aria-label={e.filters} gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label={e.yearLabel}
        data={yearOptions}
        value={year === null ? '' : String(year)}
        onChange={(event) => onYear(parsePositiveId(event.currentTarget.value))}
        w={{ base: '100%', xs: 160 }}
      />
      <NativeSelect
        label={e.subjectLabel}
        data={subjectOptions}
        value={subject === null ? '' : String(subject)}
        onChange={(event) => onSubject(parsePositiveId(event.currentTarget.value))}
        w={{ base: '100%', xs: 240 }}
      />
      <Button variant="default" onClick={onReset} disabled={year === null && subject === null}>
        {e.reset}
      </Button>
    </Group>
  );
}

function ExamActions({ exam, onEdit, onDelete }: { exam: TestSummary; onEdit: () => void; onDelete: () => void }) {
  return (
    <Group gap={6} wrap="wrap">
      <Button
        component={Link}
        to={paths.dashboard.lead.testProblems.getHref(exam.test_code)}
        size="xs"
        leftSection={<IconListDetails size={16} aria-hidden />}
        aria-label={e.manageLabel(exam.test_name)}
      >
        {e.manage}
      </Button>
      <Button
        component={Link}
        to={paths.dashboard.lead.testAnalysis.getHref(exam.test_code)}
        size="xs"
        variant="default"
        leftSection={<IconChartBar size={16} aria-hidden />}
        aria-label={statsMessages.analysis.buttonLabel(exam.test_name)}
      >
        {statsMessages.analysis.button}
      </Button>
      <Button size="xs" variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit} aria-label={e.editLabel(exam.test_name)}>
        {e.edit}
      </Button>
      <TrashButton label={e.deleteLabel(exam.test_name)} onClick={onDelete}>
        {e.delete}
      </TrashButton>
    </Group>
  );
}

interface ExamListProps {
  exams: TestSummary[];
  onEdit: (exam: TestSummary) => void;
  onDelete: (exam: TestSummary) => void;
}

function ExamTable({ exams, onEdit, onDelete }: ExamListProps) {
  return (
    <ScrollTable label={e.table} minWidth={760}>
      <TableHead columns={[e.columns.year, e.columns.subject, e.columns.name, e.columns.written, e.columns.actions]} />
      <Table.Tbody>
        {exams.map((exam) => (
          <Table.Tr key={exam.test_code}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{messages.authoring.year(exam.year)}</Table.Td>
            <Table.Td>{exam.subject_name}</Table.Td>
            <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {exam.test_name}
            </Table.Th>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.writtenCount(exam.problem_count)}</Table.Td>
            <Table.Td>
              <ExamActions exam={exam} onEdit={() => onEdit(exam)} onDelete={() => onDelete(exam)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}

/** Phones: one card per exam, its actions under it (a table would hide them off to the right). */
function ExamCards({ exams, onEdit, onDelete }: ExamListProps) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={e.table}>
      {exams.map((exam) => (
        <Paper component="li" key={exam.test_code} withBorder radius="md" p="sm">
          <Stack gap={6}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {exam.test_name}
            </Text>
            <Text size="sm" c="gray.7">
              {`${messages.authoring.year(exam.year)} · ${exam.subject_name} · ${e.columns.written} ${e.writtenCount(exam.problem_count)}`}
            </Text>
            <ExamActions exam={exam} onEdit={() => onEdit(exam)} onDelete={() => onDelete(exam)} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The lead's exam management (decision 029): counts, filters, 20 a page from the server, create, edit, delete. */
export function ExamListPage() {
  const { params, setYear, setSubject, setPage, reset } = useExamListParams();
  const list = useQuery(examListQueryOptions(params));
  const total = useQuery(examCountQueryOptions());
  const [editing, setEditing] = useState<{ exam: TestSummary | null } | null>(null);
  const [deleting, setDeleting] = useState<TestSummary | null>(null);
  const compact = useCompactLayout();

  // Deleting the last exam of the last page: show the page before it.
  const filtered = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(filtered / EXAMS_PAGE_SIZE));
  const emptyPage = list.data !== undefined && !list.isPlaceholderData && list.data.tests.length === 0;
  useEffect(() => {
    if (emptyPage && filtered > 0 && params.page > lastPage) setPage(lastPage);
  }, [emptyPage, filtered, params.page, lastPage, setPage]);

  const filtering = params.year !== null || params.subject !== null;

  return (
    <Stack gap="md">
      <PageHeader
        title={messages.titles.leadTests}
        intro={e.intro}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ exam: null })}>
            {e.create}
          </Button>
        }
      />
      <Text size="sm" c="gray.7" aria-live="polite">
        {total.data !== undefined && list.data !== undefined ? e.counts(total.data, list.data.total) : '\u00a0'}
      </Text>
      <ExamFilters year={params.year} subject={params.subject} onYear={setYear} onSubject={setSubject} onReset={reset} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed text={e.loadFailed} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.tests.length === 0 ? (
        <EmptyState>{filtering ? e.noResults : e.empty}</EmptyState>
      ) : (
        <>
          {compact ? (
            <ExamCards exams={list.data.tests} onEdit={(exam) => setEditing({ exam })} onDelete={setDeleting} />
          ) : (
            <ExamTable exams={list.data.tests} onEdit={(exam) => setEditing({ exam })} onDelete={setDeleting} />
          )}
          <ListPagination namedByNumber total={list.data.total} pageSize={EXAMS_PAGE_SIZE} page={params.page} onChange={setPage} label={e.pagination} />
        </>
      )}
      <ExamFormDialog opened={editing !== null} exam={editing?.exam ?? null} onClose={() => setEditing(null)} />
      <ExamDeleteDialog exam={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
