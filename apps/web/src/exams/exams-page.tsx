import { Alert, Badge, Button, Center, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { TestSummary } from '@qbank/shared/exams';
import { IconArrowRight, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, type FormEvent } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { EmptyState } from '../components/empty-state';
import { LoadMoreSentinel } from '../components/load-more-sentinel';
import { paths } from '../lib/paths';
import { useTabFilters } from '../lib/tab-filters';
import { messages } from './messages';
import { subjectNamesQueryOptions } from '../subjects/api';
import { testsInfiniteQueryOptions, testYearsQueryOptions, type ExamFilters } from './api';
import { useDraft } from '../lib/use-draft';

const m = messages.exams;

export const EXAM_FILTERS_KEY = 'qbank.exams.filters';
const DEFAULT_FILTERS: ExamFilters = { year: '', subject: '', search: '' };
const filtersSchema = z.object({
  year: z
    .string()
    .regex(/^(\d{4})?$/)
    .catch(''),
  subject: z
    .string()
    .regex(/^(\d+)?$/)
    .catch(''),
  search: z.string().max(200).catch(''),
});

/** Navigation state the exam problem list reads (the exam, and where "back" goes). */
export interface TestProblemsState {
  test: TestSummary;
  fromPath: string;
}

/** Pages may repeat an exam when the list shifts between loads: keep each test_code once. */
export function dedupeTests(pages: ReadonlyArray<{ tests: TestSummary[] }>): TestSummary[] {
  const seen = new Map<number, TestSummary>();
  for (const page of pages) for (const test of page.tests) if (!seen.has(test.test_code)) seen.set(test.test_code, test);
  return [...seen.values()];
}

function ExamFiltersForm({ filters, onChange, onReset }: { filters: ExamFilters; onChange: (next: ExamFilters) => void; onReset: () => void }) {
  const years = useQuery(testYearsQueryOptions());
  const subjects = useQuery(subjectNamesQueryOptions());
  // A reset (or another change of the applied search) shows in the box too.
  const [search, setSearch] = useDraft(filters.search);

  const yearOptions = [{ value: '', label: m.allYears }, ...(years.data ?? []).map((y) => ({ value: String(y), label: m.year(y) }))];
  // A stored filter whose option has not arrived (or vanished) still shows as selected.
  if (filters.year && !yearOptions.some((o) => o.value === filters.year)) yearOptions.push({ value: filters.year, label: m.year(Number(filters.year)) });
  const subjectOptions = [{ value: '', label: m.allSubjects }, ...(subjects.data ?? []).map((s) => ({ value: String(s.subject_code), label: s.subject_name }))];
  if (filters.subject && !subjectOptions.some((o) => o.value === filters.subject)) subjectOptions.push({ value: filters.subject, label: filters.subject });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filters, search: search.trim() });
  };

  return (
    <Paper component="form" role="search" aria-label={m.filters} withBorder radius="md" p="md" onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
        <NativeSelect label={m.yearLabel} data={yearOptions} value={filters.year} onChange={(e) => onChange({ ...filters, year: e.currentTarget.value })} />
        <NativeSelect
          label={m.subjectLabel}
          data={subjectOptions}
          value={filters.subject}
          onChange={(e) => onChange({ ...filters, subject: e.currentTarget.value })}
        />
        <TextInput
          label={m.searchLabel}
          placeholder={m.searchPlaceholder}
          value={search}
          maxLength={200}
          onChange={(e) => setSearch(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
        />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Button type="submit" style={{ flex: 1 }}>
            {m.searchButton}
          </Button>
          <Button type="button" variant="default" onClick={onReset} leftSection={<IconRefresh size={16} aria-hidden />} style={{ flex: 1 }}>
            {m.reset}
          </Button>
        </Group>
      </SimpleGrid>
    </Paper>
  );
}

function ExamItem({ test }: { test: TestSummary }) {
  const state: TestProblemsState = { test, fromPath: paths.exams.getHref() };
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap="xs">
            <Badge variant="light" size="md">
              {m.year(test.year)}
            </Badge>
            <Text size="sm" fw={600} c="gray.7">
              {test.subject_name}
            </Text>
          </Group>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {test.test_name}
          </Text>
          <Text size="sm" c="gray.7">
            {m.problemCount(test.problem_count)}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={paths.testProblems.getHref(test.test_code)}
          state={state}
          variant="light"
          rightSection={<IconArrowRight size={16} aria-hidden />}
          aria-label={m.openProblemsLabel(test.test_name)}
        >
          {m.openProblems}
        </Button>
      </Group>
    </Paper>
  );
}

export function ExamsPage() {
  useDocumentTitle(messages.app.pageTitle(messages.titles.exams));
  const [filters, setFilters, resetFilters] = useTabFilters(EXAM_FILTERS_KEY, filtersSchema, DEFAULT_FILTERS);
  const query = useInfiniteQuery(testsInfiniteQueryOptions(filters));
  const { data, error, hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // An exam list failure is logged; the page also says so instead of staying blank.
  useEffect(() => {
    if (error) console.error('exam list load failed', error);
  }, [error]);

  // The cards are drawn in a deferred render, which React slices and interrupts, instead of inside
  // the query's own update, which React renders in one piece: 20 cards at once were the longest
  // task of this page on a phone (decision 059). Until that render is done the loader stays.
  const pages = useDeferredValue(data?.pages);
  const tests = useMemo(() => dedupeTests(pages ?? []), [pages]);
  const drawing = data !== undefined && pages === undefined;
  const total = pages?.at(-1)?.total ?? 0;

  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage && !error) void fetchNextPage({ cancelRefetch: false });
  };

  return (
    <Stack gap="md">
      <Title order={1}>{messages.titles.exams}</Title>
      <ExamFiltersForm filters={filters} onChange={setFilters} onReset={resetFilters} />

      {query.isPending || drawing ? (
        <Center py="xl" role="status" aria-label={messages.app.loading}>
          <Loader size="sm" />
        </Center>
      ) : query.isError && tests.length === 0 ? (
        <Alert color="red" title={m.loadFailed} role="alert">
          <Button size="xs" variant="default" mt="xs" onClick={() => void query.refetch()}>
            {m.retry}
          </Button>
        </Alert>
      ) : (
        <>
          <Text size="sm" c="gray.7" aria-live="polite">
            {m.summary(total, tests.length)}
          </Text>
          {tests.length === 0 ? (
            <EmptyState>{m.empty}</EmptyState>
          ) : (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={messages.titles.exams}>
              {tests.map((test) => (
                <ExamItem key={test.test_code} test={test} />
              ))}
            </Stack>
          )}
          {query.isFetchNextPageError ? (
            <Alert color="red" title={m.loadFailed} role="alert">
              <Button size="xs" variant="default" mt="xs" onClick={() => void fetchNextPage()}>
                {m.retry}
              </Button>
            </Alert>
          ) : (
            <LoadMoreSentinel hasMore={hasNextPage} loading={isFetchingNextPage} onLoadMore={loadMore} />
          )}
          {!hasNextPage && tests.length > 0 && (
            <Text ta="center" size="sm" c="gray.7" py="md">
              {m.end}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
