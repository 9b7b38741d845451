import { Alert, Button, Group, Paper, Stack, Table, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Subject } from '@qbank/shared/subjects';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { paths } from '../lib/paths';
import { useTabFilters } from '../lib/tab-filters';
import { useCompactLayout } from '../lib/use-compact-layout';
import { messages } from './messages';
import { subjectsQueryOptions, type SubjectFilters } from './api';
import { SubjectFilterForm } from './subject-filter-form';
import { GradeChips, ListBody, SubjectCardName, SubjectTableShell } from './subject-pieces';

const m = messages.subjects;

export const SUBJECT_FILTERS_KEY = 'qbank.subjects.filters';
const DEFAULT_FILTERS: SubjectFilters = { type: '', grade: '', search: '' };
const filtersSchema = z.object({
  type: z.enum(['', '0', '1']).catch(''),
  grade: z
    .string()
    .regex(/^(\d{2})?$/)
    .catch(''),
  search: z.string().max(200).catch(''),
});

const typeOptions = [
  { value: '', label: m.typeAll },
  { value: '0', label: m.typeBasic },
  { value: '1', label: m.typeClinical },
];

/** A button to one of the subject's lists. */
function ListLink({ to, variant, label, children }: { to: string; variant: 'light' | 'default'; label: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} size="xs" variant={variant} aria-label={label}>
      {children}
    </Button>
  );
}

function SubjectActions({ subject }: { subject: Subject }) {
  return (
    <Group gap={6} wrap="nowrap">
      <ListLink to={paths.subjectClasses.getHref(subject.subject_code)} variant="light" label={m.classesOf(subject.subject_name)}>
        {m.classes}
      </ListLink>
      <ListLink to={paths.subjectTests.getHref(subject.subject_code)} variant="default" label={m.testsOf(subject.subject_name)}>
        {m.tests}
      </ListLink>
    </Group>
  );
}

/** Phones: one card per subject, its buttons in reach. */
function SubjectCards({ subjects }: { subjects: Subject[] }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={messages.titles.subjects}>
      {subjects.map((subject) => (
        <Paper component="li" key={subject.subject_code} withBorder radius="md" p="sm">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Stack gap={6} style={{ minWidth: 0 }}>
              <SubjectCardName subject={subject} />
              <GradeChips grades={subject.grades} />
            </Stack>
            <SubjectActions subject={subject} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function SubjectTable({ subjects }: { subjects: Subject[] }) {
  return (
    <SubjectTableShell
      subjects={subjects}
      minWidth={560}
      columns={[m.name, m.abbr, m.grades, m.actions]}
      row={(subject) => (
        <>
          <Table.Th scope="row" fw={600}>
            {subject.subject_name}
          </Table.Th>
          <Table.Td>{subject.abbr ?? '-'}</Table.Td>
          <Table.Td>
            <GradeChips grades={subject.grades} />
          </Table.Td>
          <Table.Td>
            <SubjectActions subject={subject} />
          </Table.Td>
        </>
      )}
    />
  );
}

export function SubjectsPage() {
  useDocumentTitle(messages.app.pageTitle(messages.titles.subjects));
  const [filters, setFilters] = useTabFilters(SUBJECT_FILTERS_KEY, filtersSchema, DEFAULT_FILTERS);
  const query = useQuery(subjectsQueryOptions(filters));
  const filtered = filters.type !== '' || filters.grade !== '' || filters.search !== '';
  const compact = useCompactLayout();

  return (
    <Stack gap="md">
      <Title order={1}>{messages.titles.subjects}</Title>
      <SubjectFilterForm value={filters} typeOptions={typeOptions} onChange={(next) => setFilters({ ...filters, ...next })} />
      <ListBody
        query={query}
        failed={(error) => <Alert color="red" title={m.loadFailed(error.message)} />}
        rows={(data) => data.subjects}
        emptyText={filtered ? m.noResults : m.empty}
        total={(data) => m.total(data.total)}
      >
        {(data) => (compact ? <SubjectCards subjects={data.subjects} /> : <SubjectTable subjects={data.subjects} />)}
      </ListBody>
    </Stack>
  );
}
