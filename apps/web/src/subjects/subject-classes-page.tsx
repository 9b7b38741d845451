import { Alert, Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ClassRow } from '@qbank/shared/subjects';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ListPagination } from '../components/list-pagination';
import { isApiRequestError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { useCompactLayout } from '../lib/use-compact-layout';
import { messages } from './messages';
import { CLASSES_PAGE_SIZE, subjectClassesQueryOptions, subjectYearsQueryOptions } from './api';
import { parsePositiveId } from '../lib/parse-positive-id';
import { SubjectNotFound, SubjectPageHeader } from './subject-nav';
import { useDraft } from '../lib/use-draft';
import { SearchField } from './search-field';
import { ClassCells, ClassHeadCells, ListBody, classPeriod } from './subject-pieces';

const m = messages.subjects;

/** Navigation state the class problem list reads: where "back" leads. */
export interface ClassProblemsState {
  subject_id: number;
}

const ALL_YEARS = 'all';

/** Phones: each class is one card that opens it. */
function ClassCards({ classes, subjectId }: { classes: ClassRow[]; subjectId: number }) {
  const state: ClassProblemsState = { subject_id: subjectId };
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.classList}>
      {classes.map((row) => (
        <li key={row.uid}>
          <Paper
            component={Link}
            to={paths.classProblems.getHref(row.uid)}
            state={state}
            withBorder
            radius="md"
            p="sm"
            display="block"
            style={{ textDecoration: 'none', color: 'inherit' }}
          >
            <Text fw={700} c="blue.9" style={{ overflowWrap: 'anywhere' }}>
              {row.class_name}
            </Text>
            <Group gap="xs" mt={4} fz="sm" c="gray.7">
              <Text span inherit>
                {row.class_date}
              </Text>
              <Text span inherit>
                {classPeriod(row)}
              </Text>
              {row.professor && (
                <Text span inherit>
                  {row.professor}
                </Text>
              )}
              <Text span inherit>
                {m.problemCountValue(row.problem_count)}
              </Text>
            </Group>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}

function ClassTable({ classes, subjectId }: { classes: ClassRow[]; subjectId: number }) {
  const navigate = useNavigate();
  const state: ClassProblemsState = { subject_id: subjectId };
  return (
    <Table.ScrollContainer minWidth={600} type="native">
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <ClassHeadCells names={{ name: m.className, date: m.classDate, time: m.classTime, professor: m.professor, problems: m.problemCount }} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {classes.map((row) => {
            const href = paths.classProblems.getHref(row.uid);
            return (
              // The whole row opens the class; the link in it is the keyboard and screen-reader way.
              <Table.Tr key={row.uid} onClick={() => void navigate(href, { state })} style={{ cursor: 'pointer' }}>
                <Table.Th scope="row">
                  <Anchor component={Link} to={href} state={state} fw={600} onClick={(e) => e.stopPropagation()}>
                    {row.class_name}
                  </Anchor>
                </Table.Th>
                <ClassCells row={row} />
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function SubjectClassesPage() {
  const { subjectId: rawId } = useParams();
  const subjectId = parsePositiveId(rawId);
  const [params, setParams] = useSearchParams();
  const yearParam = params.get('year');
  const search = params.get('q') ?? '';
  const page = parsePositiveId(params.get('page')) ?? 1;

  const years = useQuery({ ...subjectYearsQueryOptions(subjectId ?? 0), enabled: subjectId !== null });
  // The year: the one in the URL, "all", or by default the latest year of the subject.
  const yearReady = yearParam !== null || !years.isPending;
  const year = yearParam === ALL_YEARS ? null : (parsePositiveId(yearParam) ?? years.data?.[0] ?? null);
  const selectValue = year === null ? ALL_YEARS : String(year);

  const classes = useQuery({
    ...subjectClassesQueryOptions(subjectId ?? 0, { year, search, page }),
    enabled: subjectId !== null && yearReady,
  });
  const subject = classes.data?.subject;
  const title = subject ? m.classesTitle(subject.subject_name) : messages.titles.subjectClasses;
  useDocumentTitle(messages.app.pageTitle(title));

  const compact = useCompactLayout();
  const [draft, setDraft] = useDraft(search);

  const update = (next: { year?: string; q?: string; page?: number }) => {
    const merged = { year: yearParam ?? '', q: search, ...next };
    const out: Record<string, string> = {};
    if (merged.year) out.year = merged.year;
    if (merged.q) out.q = merged.q;
    if (next.page && next.page > 1) out.page = String(next.page);
    setParams(out);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim() });
  };

  const notFound = subjectId === null || [years.error, classes.error].some((error) => isApiRequestError(error) && error.status === 404);
  if (notFound) return <SubjectNotFound />;

  const yearOptions = [{ value: ALL_YEARS, label: m.allYears }, ...(years.data ?? []).map((y) => ({ value: String(y), label: m.year(y) }))];
  if (year !== null && !yearOptions.some((o) => o.value === String(year))) yearOptions.push({ value: String(year), label: m.year(year) });

  return (
    <Stack gap="md">
      <SubjectPageHeader title={title} subjectName={subject?.subject_name} />
      <Group gap="xs">
        <Button component={Link} to={paths.subjectTests.getHref(subjectId)} variant="default" size="xs">
          {m.toTests}
        </Button>
      </Group>

      <Paper component="form" role="search" aria-label={m.classFilters} withBorder radius="md" p="md" onSubmit={submit}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label={m.yearLabel}
            data={yearOptions}
            value={selectValue}
            disabled={!yearReady}
            onChange={(e) => update({ year: e.currentTarget.value })}
          />
          <SearchField label={m.classSearchLabel} placeholder={m.classSearchPlaceholder} value={draft} onChange={setDraft} />
        </SimpleGrid>
      </Paper>

      <ListBody
        query={classes}
        ready={yearReady}
        failed={() => <Alert color="red" title={m.classesLoadFailed} />}
        rows={(data) => data.classes}
        emptyText={search ? m.noResults : m.noClasses}
        total={(data) => m.classesTotal(data.total)}
      >
        {(data) => (
          <>
            {compact ? <ClassCards classes={data.classes} subjectId={subjectId} /> : <ClassTable classes={data.classes} subjectId={subjectId} />}
            <ListPagination
              total={data.total}
              pageSize={CLASSES_PAGE_SIZE}
              page={page}
              onChange={(next) => update({ page: next })}
              label={m.classesPagination}
            />
          </>
        )}
      </ListBody>
    </Stack>
  );
}
