import { Anchor, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { LeadProblemRow } from '@qbank/shared/lead-problems';
import { IconFileImport, IconPlus, IconTrashX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { isApiRequestError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { useCompactLayout } from '../lib/use-compact-layout';
import { messages } from './messages';
import { REVIEW_STATUSES, type ReviewStatus } from '@qbank/shared/submission-review';
import { SubmissionReviewFilter } from './submission-review-filter';
import { importButtonLabel } from './import-messages';
import { LEAD_PROBLEMS_PAGE_SIZE, leadProblemsQueryOptions, useBulkDeleteVacant, useDeleteProblem } from './api';
import { AddProblemsDialog } from './add-problems-dialog';
import { problemName, StatusBadge, TypeBadge, VacantBadge } from './ui';
import { LoadFailed, Loading } from '../components/load-state';
import { PageHeader } from '../components/page-header';
import { BackLink } from '../components/back-link';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ScrollTable, TableHead, type ColumnHeading } from '../components/scroll-table';
import { showFailure, showSuccess } from '../components/toasts';
import { parsePositiveId } from '../lib/parse-positive-id';
import { TrashButton } from './trash-button';

const l = messages.authoring.problems;

function Pager({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={l.pager} justify="center" gap="sm">
      <Button variant="default" size="sm" onClick={() => onChange(page - 1)} disabled={page <= 1}>
        {l.previous}
      </Button>
      <Text size="sm">{l.pageInfo(page, pages)}</Text>
      <Button variant="default" size="sm" onClick={() => onChange(page + 1)} disabled={page >= pages}>
        {l.next}
      </Button>
    </Group>
  );
}

function questionCell(row: LeadProblemRow): string {
  if (row.question_text.trim()) return row.question_text;
  return row.has_question_pic ? l.pictureOnly : l.none;
}

/** A missing uid blocks opening the detail. */
function useOpenProblem(row: LeadProblemRow, testCode: number) {
  const navigate = useNavigate();
  const href = row.uid ? paths.dashboard.lead.testProblem.getHref(testCode, row.uid) : null;
  const open = () => {
    if (href) void navigate(href);
    else showFailure(l.missingUid, null);
  };
  return { href, open };
}

/** The number, linked to the detail; its name holds the visible "3번" as a word (WCAG 2.5.3). */
function NumberLink({ row, href }: { row: LeadProblemRow; href: string | null }) {
  if (!href) {
    return (
      <Text span fw={600}>
        {l.number(row.no)}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={href} fw={600} aria-label={l.openLabel(problemName(row.type, row.no))}>
      {l.number(row.no)}
    </Anchor>
  );
}

function QuestionPreview({ row }: { row: LeadProblemRow }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c={row.question_text.trim() ? undefined : 'gray.7'} style={{ overflowWrap: 'anywhere' }}>
        {questionCell(row)}
      </Text>
      {row.set_header && (
        <Text size="xs" c="gray.7">
          {l.setRange(row.set_header.begin_problem_no, row.set_header.end_problem_no)}
        </Text>
      )}
    </Stack>
  );
}

function DeleteButton({ row, onDelete }: { row: LeadProblemRow; onDelete: () => void }) {
  return (
    <TrashButton label={l.deleteLabel(problemName(row.type, row.no))} onClick={onDelete} style={{ flexShrink: 0 }}>
      {l.delete}
    </TrashButton>
  );
}

/** Links and buttons inside a row or card do their own thing; a click elsewhere opens the problem. */
function openOnClick(open: () => void) {
  return (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    open();
  };
}

/** Narrow columns keep their badges and names whole; the question column takes the rest. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const nowrap = (label: string): ColumnHeading => ({ label, nowrap: true });

const assigneeNames = (row: LeadProblemRow) => (row.assignees.length > 0 ? row.assignees.map((a) => a.name).join(', ') : l.none);

function ProblemRow({ row, testCode, onDelete }: { row: LeadProblemRow; testCode: number; onDelete: () => void }) {
  const { href, open } = useOpenProblem(row, testCode);
  return (
    <Table.Tr onClick={openOnClick(open)} style={{ cursor: href ? 'pointer' : 'not-allowed' }}>
      <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
        <NumberLink row={row} href={href} />
      </Table.Th>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <TypeBadge type={row.type} />
          {row.is_vacant === 1 && <VacantBadge />}
        </Group>
      </Table.Td>
      <Table.Td style={NOWRAP}>
        <StatusBadge status={row.status} />
      </Table.Td>
      <Table.Td style={{ minWidth: 64 }}>{assigneeNames(row)}</Table.Td>
      <Table.Td>
        <QuestionPreview row={row} />
      </Table.Td>
      <Table.Td>
        <DeleteButton row={row} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}

/** Phones: one card per slot (a table would hide the question and the delete button). */
function ProblemCard({ row, testCode, onDelete }: { row: LeadProblemRow; testCode: number; onDelete: () => void }) {
  const { href, open } = useOpenProblem(row, testCode);
  return (
    <Paper component="li" withBorder radius="md" p="sm" onClick={openOnClick(open)} style={{ cursor: href ? 'pointer' : 'not-allowed' }}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap={6} wrap="wrap">
            <NumberLink row={row} href={href} />
            <TypeBadge type={row.type} />
            {row.is_vacant === 1 && <VacantBadge />}
            <StatusBadge status={row.status} />
          </Group>
          <DeleteButton row={row} onDelete={onDelete} />
        </Group>
        <QuestionPreview row={row} />
        {row.assignees.length > 0 && (
          <Text size="xs" c="gray.7">
            {`${l.columns.assignees}: ${assigneeNames(row)}`}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

const reviewStatusOf = (raw: string | null): ReviewStatus | null => ((REVIEW_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as ReviewStatus) : null);

/** The lead's problem list of an exam (decision 029): every slot, 50 a page, add, delete, bulk-delete empty ones. */
export function LeadProblemsPage() {
  const testCode = parsePositiveId(useParams().testCode);
  const [searchParams, setSearchParams] = useSearchParams();
  const reviewFilter = reviewStatusOf(searchParams.get('review'));
  const list = useQuery({ ...leadProblemsQueryOptions(testCode ?? 0, reviewFilter ?? undefined), enabled: testCode !== null });
  const remove = useDeleteProblem();
  const bulk = useBulkDeleteVacant();
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<LeadProblemRow | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const compact = useCompactLayout();

  const back = <BackLink to={paths.dashboard.lead.tests.getHref()}>{l.backToExams}</BackLink>;

  const notFound = testCode === null || (isApiRequestError(list.error) && list.error.status === 404);
  if (notFound) {
    return (
      <Stack gap="md">
        <PageHeader title={messages.titles.leadTestProblems} before={back} />
        <EmptyState>{l.testNotFound}</EmptyState>
      </Stack>
    );
  }

  const problems = list.data?.problems ?? [];
  const pages = Math.max(1, Math.ceil(problems.length / LEAD_PROBLEMS_PAGE_SIZE));
  const page = Math.min(parsePositiveId(searchParams.get('page')) ?? 1, pages);
  const shown = problems.slice((page - 1) * LEAD_PROBLEMS_PAGE_SIZE, page * LEAD_PROBLEMS_PAGE_SIZE);
  const vacantCount = problems.filter((row) => row.is_vacant === 1).length;
  const setPage = (next: number) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next <= 1) params.delete('page');
        else params.set('page', String(next));
        return params;
      },
      { replace: true },
    );

  const test = list.data?.test;
  const title = test?.test_name ?? messages.titles.leadTestProblems;

  const confirmDelete = () => {
    if (!toDelete) return;
    const name = problemName(toDelete.type, toDelete.no);
    remove.mutate(
      { test_code: testCode, no: toDelete.no, type: toDelete.type },
      {
        onSuccess: () => showSuccess(l.deleted(name)),
        onError: (error) => showFailure(l.deleteFailed, error),
        onSettled: () => setToDelete(null),
      },
    );
  };

  const confirmBulk = () =>
    bulk.mutate(testCode, {
      onSuccess: ({ deleted }) => showSuccess(l.bulkDeleted(deleted)),
      onError: (error) => showFailure(l.bulkFailed, error),
      onSettled: () => setBulkOpen(false),
    });

  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        before={back}
        intro={test ? `${l.summary(test.subject_name, test.year, problems.length)} · ${l.counts(problems.length - vacantCount, vacantCount)}` : undefined}
        actions={
          <>
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)} disabled={!list.isSuccess}>
              {l.add}
            </Button>
            <Button
              component={Link}
              to={paths.dashboard.lead.testImport.getHref(testCode)}
              variant="default"
              leftSection={<IconFileImport size={18} aria-hidden />}
            >
              {importButtonLabel}
            </Button>
            <Button
              variant="outline"
              color="red.9"
              leftSection={<IconTrashX size={18} aria-hidden />}
              onClick={() => setBulkOpen(true)}
              disabled={vacantCount === 0}
            >
              {l.bulkDelete}
            </Button>
          </>
        }
      />
      {testCode !== null && (
        <SubmissionReviewFilter
          testCode={testCode}
          value={reviewFilter}
          onChange={(next) =>
            setSearchParams(
              (current) => {
                const params = new URLSearchParams(current);
                params.delete('page');
                if (next) params.set('review', next);
                else params.delete('review');
                return params;
              },
              { replace: true },
            )
          }
        />
      )}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed text={l.loadFailed} error={list.error} onRetry={() => void list.refetch()} />
      ) : problems.length === 0 ? (
        <EmptyState>{l.empty}</EmptyState>
      ) : (
        <>
          {compact ? (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={l.table}>
              {shown.map((row) => (
                <ProblemCard key={row.uid} row={row} testCode={testCode} onDelete={() => setToDelete(row)} />
              ))}
            </Stack>
          ) : (
            <ScrollTable label={l.table} minWidth={820}>
              <TableHead
                columns={[...[l.columns.no, l.columns.type, l.columns.status, l.columns.assignees].map(nowrap), l.columns.question, nowrap(l.columns.actions)]}
              />
              <Table.Tbody>
                {shown.map((row) => (
                  <ProblemRow key={row.uid} row={row} testCode={testCode} onDelete={() => setToDelete(row)} />
                ))}
              </Table.Tbody>
            </ScrollTable>
          )}
          <Pager page={page} pages={pages} onChange={setPage} />
        </>
      )}
      <AddProblemsDialog opened={adding} testCode={testCode} onClose={() => setAdding(false)} />
      <ConfirmDialog
        opened={toDelete !== null}
        title={l.deleteTitle}
        text={toDelete ? l.deleteConfirm(problemName(toDelete.type, toDelete.no)) : ''}
        note={toDelete && toDelete.is_vacant === 0 ? l.deleteWritten : null}
        confirmLabel={l.delete}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
      <ConfirmDialog
        opened={bulkOpen}
        title={l.bulkTitle}
        text={l.bulkConfirm(vacantCount)}
        note={l.bulkNote}
        confirmLabel={l.delete}
        pending={bulk.isPending}
        onConfirm={confirmBulk}
        onClose={() => setBulkOpen(false)}
      />
    </Stack>
  );
}
