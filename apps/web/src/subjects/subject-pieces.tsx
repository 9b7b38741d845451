import { Badge, Group, Table, Text } from '@mantine/core';
import { gradeCodeLabel } from '@qbank/shared/grade';
import type { Subject } from '@qbank/shared/subjects';
import type { ReactNode } from 'react';
import { messages } from './messages';

/** The grades and quarters a subject is taught in, one quiet badge each; '-' when none. */
export function GradeChips({ grades }: { grades: number[] }) {
  if (grades.length === 0) return <Text span c="gray.7">{messages.leadSubjects.noValue}</Text>;
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
