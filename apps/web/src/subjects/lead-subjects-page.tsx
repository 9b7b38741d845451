import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { GRADE_CODES } from '@qbank/shared/grade';
import type { Subject } from '@qbank/shared/subjects';
import { IconAlertCircle, IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../components/list-pagination';
import { errorMessage } from '../lib/api-client';
import { useCompactLayout } from '../lib/use-compact-layout';
import { messages } from './messages';
import { ClassManagerDialog } from './class-manager';
import { LEAD_SUBJECTS_PAGE_SIZE, leadSubjectsQueryOptions, useDeleteSubject, type LeadSubjectParams } from './lead-api';
import { SubjectFormDialog } from './subject-form-dialog';
import { subjectTypeLabel } from './subject-labels';
import { SubjectFilterForm } from './subject-filter-form';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EditDeleteButtons, GradeChips, ListBody, SubjectCardName, SubjectTableShell } from './subject-pieces';

// Subject management (/dashboard/lead/subjects): search, type and grade filters, a server-paged
// list, the add/edit dialog and deletion; decision 028: each subject's classes are managed here.
// The filters and the page live in the URL, so a reload or a shared link keeps them.

const m = messages.leadSubjects;
const col = m.columns;

const typeOptions = [
  { value: '', label: messages.subjects.typeAll },
  { value: '1', label: messages.subjects.typeClinical },
  { value: '0', label: messages.subjects.typeBasic },
];
function paramsOf(search: URLSearchParams): LeadSubjectParams {
  const type = search.get('type');
  const grade = search.get('grade') ?? '';
  const page = Number(search.get('page'));
  return {
    type: type === '0' || type === '1' ? type : '',
    grade: (GRADE_CODES as readonly number[]).includes(Number(grade)) ? grade : '',
    search: (search.get('q') ?? '').slice(0, 200),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** 포함/미포함 under the table's 임상종합평가 column; a card, without the column, says 임상종합평가 포함. */
function CliexamBadge({ subject, long = false }: { subject: Subject; long?: boolean }) {
  return subject.cliexam_type === 1 ? (
    <Badge variant="light" color="teal" c="dark.8" tt="none">
      {long ? messages.subjects.cliexamIncluded : m.cliexamYes}
    </Badge>
  ) : (
    <Text span size="sm" c="gray.7">
      {m.cliexamNo}
    </Text>
  );
}

interface RowActions {
  onClasses: (subject: Subject) => void;
  onEdit: (subject: Subject) => void;
  onDelete: (subject: Subject) => void;
}

function SubjectActions({ subject, actions }: { subject: Subject; actions: RowActions }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconCalendarEvent size={14} aria-hidden />}
        aria-label={m.manageClassesOf(subject.subject_name)}
        onClick={() => actions.onClasses(subject)}
      >
        {m.manageClasses}
      </Button>
      <EditDeleteButtons name={subject.subject_name} onEdit={() => actions.onEdit(subject)} onDelete={() => actions.onDelete(subject)} />
    </Group>
  );
}

function SubjectTable({ subjects, actions }: { subjects: Subject[]; actions: RowActions }) {
  return (
    <SubjectTableShell
      subjects={subjects}
      minWidth={860}
      label={m.tableLabel}
      columns={[col.name, col.abbr, col.grades, col.type, col.cliexam, col.actions]}
      row={(subject) => (
        <>
          <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {subject.subject_name}
          </Table.Th>
          <Table.Td>{subject.abbr ?? m.noValue}</Table.Td>
          <Table.Td>
            <GradeChips grades={subject.grades} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{subjectTypeLabel(subject.type)}</Table.Td>
          <Table.Td>
            <CliexamBadge subject={subject} />
          </Table.Td>
          <Table.Td>
            <SubjectActions subject={subject} actions={actions} />
          </Table.Td>
        </>
      )}
    />
  );
}

/** Phones (390 px): one card per subject, its buttons wrapping under it. */
function SubjectCards({ subjects, actions }: { subjects: Subject[]; actions: RowActions }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.tableLabel}>
      {subjects.map((subject) => (
        <Paper component="li" key={subject.subject_code} withBorder radius="md" p="sm">
          <Stack gap={6}>
            <SubjectCardName subject={subject} />
            <Group gap="xs">
              <Text span size="sm">
                {subjectTypeLabel(subject.type)}
              </Text>
              {subject.cliexam_type === 1 && <CliexamBadge subject={subject} long />}
            </Group>
            <GradeChips grades={subject.grades} />
            <Group gap={6}>
              <SubjectActions subject={subject} actions={actions} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function DeleteSubjectDialog({ subject, onClose }: { subject: Subject | null; onClose: () => void }) {
  const remove = useDeleteSubject();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!subject) return;
    setFailure(null);
    remove.mutate(subject.subject_code, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: m.deleted, autoClose: 3000 });
        close();
      },
      // A 409 (exams use it, or its classes have linked problems) carries the server's own sentence.
      onError: (error) => setFailure(m.deleteFailed(errorMessage(error, error.message || m.unknownError))),
    });
  };
  return (
    <ConfirmDialog
      opened={subject !== null}
      title={m.deleteTitle}
      text={subject ? m.deleteConfirm(subject.subject_name) : null}
      note={m.deleteRule}
      failure={failure}
      confirmLabel={m.delete}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={close}
      size="md"
    />
  );
}

export function LeadSubjectsPage() {
  useDocumentTitle(messages.app.pageTitle(messages.titles.leadSubjects));
  const [search, setSearch] = useSearchParams();
  const params = paramsOf(search);
  const list = useQuery(leadSubjectsQueryOptions(params));
  const compact = useCompactLayout();

  const [editing, setEditing] = useState<{ subject: Subject | null } | null>(null);
  const [deleting, setDeleting] = useState<Subject | null>(null);
  const [classesOf, setClassesOf] = useState<Subject | null>(null);

  // A filter change goes back to page 1.
  const update = (next: Partial<LeadSubjectParams>) => {
    const merged = { ...params, page: 1, ...next };
    const out: Record<string, string> = {};
    if (merged.type) out.type = merged.type;
    if (merged.grade) out.grade = merged.grade;
    if (merged.search) out.q = merged.search;
    if (merged.page > 1) out.page = String(merged.page);
    setSearch(out);
  };

  const actions: RowActions = {
    onClasses: setClassesOf,
    onEdit: (subject) => setEditing({ subject }),
    onDelete: setDeleting,
  };
  const filtered = params.type !== '' || params.grade !== '' || params.search !== '';

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" align="center">
          <Title order={1}>{messages.titles.leadSubjects}</Title>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ subject: null })}>
            {m.add}
          </Button>
        </Group>
        <Text size="sm" c="gray.7">
          {m.intro}
        </Text>
      </Stack>
      <SubjectFilterForm value={params} typeOptions={typeOptions} onChange={update} />
      <ListBody
        query={list}
        failed={(error) => (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={m.loadFailed(errorMessage(error, error.message))} role="alert">
            <Button size="xs" variant="default" onClick={() => void list.refetch()}>
              {m.retry}
            </Button>
          </Alert>
        )}
        rows={(data) => data.subjects}
        emptyText={filtered ? m.noResults : m.empty}
        total={(data) => m.total(data.total)}
      >
        {(data) => (
          <>
            {compact ? <SubjectCards subjects={data.subjects} actions={actions} /> : <SubjectTable subjects={data.subjects} actions={actions} />}
            <ListPagination
              total={data.total}
              pageSize={LEAD_SUBJECTS_PAGE_SIZE}
              page={params.page}
              onChange={(page) => update({ page })}
              label={m.pagination}
            />
          </>
        )}
      </ListBody>
      <SubjectFormDialog opened={editing !== null} subject={editing?.subject ?? null} onClose={() => setEditing(null)} />
      <DeleteSubjectDialog subject={deleting} onClose={() => setDeleting(null)} />
      <ClassManagerDialog subject={classesOf} onClose={() => setClassesOf(null)} />
    </Stack>
  );
}
