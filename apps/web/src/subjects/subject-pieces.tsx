import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { gradeCodeLabel } from '@qbank/shared/grade';
import type { ClassRow, Subject } from '@qbank/shared/subjects';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '../components/empty-state';
import { Loading } from '../components/load-state';
import { messages } from './messages';

/** The grades and quarters a subject is taught in, one quiet badge each; '-' when none. */
export function GradeChips({ grades }: { grades: number[] }) {
  if (grades.length === 0)
    return (
      <Text span c="gray.7">
        {messages.leadSubjects.noValue}
      </Text>
    );
  return (
    <Group gap={4}>
      {grades.map((grade) => (
        <Badge key={grade} variant="light" color="gray" c="dark.7" radius="sm" size="sm" tt="none">
          {gradeCodeLabel(grade)}
        </Badge>
      ))}
    </Group>
  );
}

/** A subject card's first line on phones: the name, its abbreviation quieter beside it. */
export function SubjectCardName({ subject }: { subject: Pick<Subject, 'subject_name' | 'abbr'> }) {
  return (
    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
      {subject.subject_name}
      {subject.abbr && (
        <Text span c="gray.7" fw={500} size="sm" ml={6}>
          {subject.abbr}
        </Text>
      )}
    </Text>
  );
}

/** The subjects table of both lists: a head row of column names, then a row per subject. */
export function SubjectTableShell({
  subjects,
  minWidth,
  label,
  columns,
  row,
}: {
  subjects: Subject[];
  minWidth: number;
  label?: string;
  columns: string[];
  row: (subject: Subject) => ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th scope="col" key={column}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subjects.map((subject) => (
            <Table.Tr key={subject.subject_code}>{row(subject)}</Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The body of every subjects-feature list: a spinner while it loads (or while `ready` is false),
 * the screen's own failure block, the empty text, or the total above what `children` draws.
 */
export function ListBody<T>({
  query,
  ready = true,
  failed,
  rows,
  emptyText,
  total,
  children,
}: {
  query: UseQueryResult<T>;
  ready?: boolean;
  failed: (error: Error) => ReactNode;
  rows: (data: T) => readonly unknown[];
  emptyText: ReactNode;
  total: (data: T) => string;
  children: (data: T) => ReactNode;
}) {
  if (!ready || query.isPending) return <Loading />;
  if (query.isError) return failed(query.error);
  if (rows(query.data).length === 0) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <>
      <Text size="sm" c="gray.7" aria-live="polite">
        {total(query.data)}
      </Text>
      {children(query.data)}
    </>
  );
}

/** Column names of a classes table, the public list's and the lead's manager's alike. */
export interface ClassColumnNames {
  name: string;
  date: string;
  time: string;
  professor: string;
  problems: string;
}

/** The head cells of a classes table; the problem count is right-aligned like its numbers. */
export function ClassHeadCells({ names }: { names: ClassColumnNames }) {
  return (
    <>
      <Table.Th scope="col">{names.name}</Table.Th>
      <Table.Th scope="col">{names.date}</Table.Th>
      <Table.Th scope="col">{names.time}</Table.Th>
      <Table.Th scope="col">{names.professor}</Table.Th>
      <Table.Th scope="col" ta="right">
        {names.problems}
      </Table.Th>
    </>
  );
}

/** A class's period, '-' when it has none. */
export function classPeriod(row: ClassRow): string {
  return row.class_time === null ? messages.leadSubjects.noValue : messages.subjects.period(row.class_time);
}

/** The cells after a class's name: its date, period, professor and problem count. */
export function ClassCells({ row }: { row: ClassRow }) {
  return (
    <>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.class_date}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{classPeriod(row)}</Table.Td>
      <Table.Td>{row.professor ?? messages.leadSubjects.noValue}</Table.Td>
      <Table.Td ta="right">{row.problem_count}</Table.Td>
    </>
  );
}

/** A row's 수정 and 삭제 (a subject's, a class's), each named after the row for a screen reader. */
export function EditDeleteButtons({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const m = messages.leadSubjects;
  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconPencil size={14} aria-hidden />} aria-label={m.editOf(name)} onClick={onEdit}>
        {m.edit}
      </Button>
      <Button size="xs" variant="default" c="red.9" leftSection={<IconTrash size={14} aria-hidden />} aria-label={m.deleteOf(name)} onClick={onDelete}>
        {m.delete}
      </Button>
    </>
  );
}
