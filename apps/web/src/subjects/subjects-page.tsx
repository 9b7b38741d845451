import { Alert, Button, Center, Group, Loader, NativeSelect, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Subject } from '@qbank/shared/subjects';
import { useQuery } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { EmptyState } from '../components/empty-state';
import { paths } from '../lib/paths';
import { useSessionFilters } from '../lib/session-filters';
import { useCompactLayout } from '../lib/use-compact-layout';
import { messages } from './messages';
import { subjectsQueryOptions, type SubjectFilters } from './api';
import { useDraft } from '../lib/use-draft';
import { SearchField } from './search-field';
import { gradeOptions } from './subject-labels';
import { GradeChips, SubjectCardName, SubjectTableShell } from './subject-pieces';

const m = messages.subjects;

export const SUBJECT_FILTERS_KEY = 'qbank.subjects.filters';
const DEFAULT_FILTERS: SubjectFilters = { type: '', grade: '', search: '' };
const filtersSchema = z.object({
  type: z.enum(['', '0', '1']).catch(''),
  grade: z.string().regex(/^(\d{2})?$/).catch(''),
  search: z.string().max(200).catch(''),
});

const typeOptions = [
  { value: '', label: m.typeAll },
  { value: '0', label: m.typeBasic },
  { value: '1', label: m.typeClinical },
];
function Filters({ filters, onChange }: { filters: SubjectFilters; onChange: (next: SubjectFilters) => void }) {
  const typeLabelId = useId();
  const [search, setSearch] = useDraft(filters.search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filters, search: search.trim() });
  };
  return (
    <Paper component="form" role="search" aria-label={m.filters} withBorder radius="md" p="md" onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        <Stack gap={4} role="group" aria-labelledby={typeLabelId}>
          <Text id={typeLabelId} size="sm" fw={500}>
            {m.typeLabel}
          </Text>
          <SegmentedControl
            data={typeOptions}
            value={filters.type}
            onChange={(value) => onChange({ ...filters, type: value as SubjectFilters['type'] })}
            fullWidth
          />
        </Stack>
        <NativeSelect
          label={m.gradeLabel}
          data={gradeOptions}
          value={filters.grade}
          onChange={(e) => onChange({ ...filters, grade: e.currentTarget.value })}
        />
        <SearchField label={m.searchLabel} placeholder={m.searchPlaceholder} value={search} onChange={setSearch} />
      </SimpleGrid>
      {/* Enter in the search box submits the form; the button is there for touch screens. */}
      <Group justify="flex-end" mt="sm">
        <Button type="submit" size="xs" variant="light">
          {m.searchButton}
        </Button>
      </Group>
    </Paper>
  );
}

function SubjectActions({ subject }: { subject: Subject }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        component={Link}
        to={paths.subjectClasses.getHref(subject.subject_code)}
        size="xs"
        variant="light"
        aria-label={m.classesOf(subject.subject_name)}
      >
        {m.classes}
      </Button>
      <Button
        component={Link}
        to={paths.subjectTests.getHref(subject.subject_code)}
        size="xs"
        variant="default"
        aria-label={m.testsOf(subject.subject_name)}
      >
        {m.tests}
      </Button>
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
  const [filters, setFilters] = useSessionFilters(SUBJECT_FILTERS_KEY, filtersSchema, DEFAULT_FILTERS);
  const query = useQuery(subjectsQueryOptions(filters));
  const filtered = filters.type !== '' || filters.grade !== '' || filters.search !== '';
  const subjects = query.data?.subjects ?? [];
  const compact = useCompactLayout();

  return (
    <Stack gap="md">
      <Title order={1}>{messages.titles.subjects}</Title>
      <Filters filters={filters} onChange={setFilters} />
      {query.isPending ? (
        <Center py="xl" role="status" aria-label={messages.app.loading}>
          <Loader size="sm" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" title={m.loadFailed(query.error.message)} />
      ) : subjects.length === 0 ? (
        <EmptyState>{filtered ? m.noResults : m.empty}</EmptyState>
      ) : (
        <>
          <Text size="sm" c="gray.7" aria-live="polite">
            {m.total(query.data.total)}
          </Text>
          {compact ? <SubjectCards subjects={subjects} /> : <SubjectTable subjects={subjects} />}
        </>
      )}
    </Stack>
  );
}
