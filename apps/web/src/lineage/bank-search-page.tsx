import { Anchor, Badge, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EXAM_TYPES, type ExamType } from '@qbank/shared/exam-types';
import type { BankSearchGroup } from '@qbank/shared/lineage';
import { EmptyState } from '../components/empty-state';
import { ListPagination } from '../components/list-pagination';
import { LoadFailed, Loading } from '../components/load-state';
import { PageHeader } from '../components/page-header';
import { paths } from '../lib/paths';
import { subjectNamesQueryOptions } from '../subjects/api';
import { BANK_SEARCH_PAGE_SIZE, useBankSearch } from './api';
import { lineageMessages } from './messages';

const m = lineageMessages.search;

/** How many years back the year filter offers (족보 reach about ten years back). */
const YEARS_OFFERED = 15;

const positiveInt = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

const examType = (value: string | null) => EXAM_TYPES.find((type) => type === value);

/** The filters as the address holds them; an empty one is left out. */
type Wanted = Record<'q' | 'subject' | 'year' | 'type', string>;

/**
 * `/search?q=…&subject=…&year=…&type=…`: the whole bank's search (issue 28 item 5), grouped by
 * lineage. The subject, year and exam-type selects change the address at once, so a filtered
 * search can be shared; the type is the exam's kind as its name says it (decision 207).
 */
export function BankSearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const subjectCode = positiveInt(params.get('subject'));
  const year = positiveInt(params.get('year'));
  const type = examType(params.get('type'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(q);
  const search = useBankSearch(q, { subjectCode, year, examType: type }, page);
  const subjects = useQuery(subjectNamesQueryOptions());
  // Read once: the offered years do not move while the page is open.
  const [thisYear] = useState(() => new Date().getFullYear());
  const years = [...new Set([...Array.from({ length: YEARS_OFFERED }, (_, i) => thisYear - i), ...(year ? [year] : [])])].sort((a, b) => b - a);

  /** A new search from page 1; empty values leave their parameter out. */
  const current: Wanted = { q, subject: subjectCode ? String(subjectCode) : '', year: year ? String(year) : '', type: type ?? '' };
  const go = (changed: Partial<Wanted>) => {
    const wanted = { ...current, q: draft.trim() || q, ...changed };
    const next = new URLSearchParams();
    for (const key of ['q', 'subject', 'year', 'type'] as const) if (wanted[key]) next.set(key, wanted[key]);
    setParams(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: draft.trim() });
  };
  const goTo = (nextPage: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(nextPage));
    setParams(next);
  };

  return (
    <Stack gap="md">
      <PageHeader title={m.title} intro={m.intro} />
      <form onSubmit={submit} role="search">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label={m.label}
            placeholder={m.placeholder}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: '1 1 14rem' }}
          />
          {/* Subject and year side by side; the type joins them when the row is wide enough (not at 375 px). */}
          <Group gap="xs" wrap="wrap" align="flex-end" style={{ flex: '1 1 24rem' }} aria-label={m.filters} role="group">
            <NativeSelect
              label={m.subject}
              value={subjectCode ? String(subjectCode) : ''}
              onChange={(event) => go({ subject: event.currentTarget.value })}
              data={[{ value: '', label: m.anySubject }, ...(subjects.data ?? []).map((s) => ({ value: String(s.subject_code), label: s.subject_name }))]}
              style={{ flex: '1 1 9rem', minWidth: 0 }}
            />
            <NativeSelect
              label={m.year}
              value={year ? String(year) : ''}
              onChange={(event) => go({ year: event.currentTarget.value })}
              data={[{ value: '', label: m.anyYear }, ...years.map((value) => ({ value: String(value), label: String(value) }))]}
              style={{ flex: '0 1 7rem', minWidth: 0 }}
            />
            <NativeSelect
              label={m.examType}
              value={type ?? ''}
              onChange={(event) => go({ type: event.currentTarget.value })}
              data={[{ value: '', label: m.anyExamType }, ...EXAM_TYPES.map((value: ExamType) => ({ value, label: m.examTypes[value] }))]}
              style={{ flex: '1 1 7rem', minWidth: 0 }}
            />
          </Group>
          <Button type="submit">{m.submit}</Button>
        </Group>
      </form>
      {q !== '' && <Results q={q} search={search} page={page} onPage={goTo} />}
    </Stack>
  );
}

function Results({ q, search, page, onPage }: { q: string; search: ReturnType<typeof useBankSearch>; page: number; onPage: (page: number) => void }) {
  if (search.isPending) return <Loading />;
  if (search.isError) return <LoadFailed text={m.failed} error={search.error} onRetry={() => void search.refetch()} />;
  const { groups, total_groups, total_problems, capped } = search.data;
  if (total_problems === 0) return <EmptyState>{m.none(q)}</EmptyState>;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4" aria-live="polite">
        {m.summary(q, total_groups, total_problems, capped)}
      </Title>
      {groups.map((group) => (
        <GroupCard key={group.lineage_code ?? `p${group.problems[0]!.uid}`} group={group} />
      ))}
      <ListPagination total={total_groups} pageSize={BANK_SEARCH_PAGE_SIZE} page={page} onChange={onPage} label={m.pages} />
    </Stack>
  );
}

function GroupCard({ group }: { group: BankSearchGroup }) {
  const first = group.problems[0]!;
  return (
    <Paper withBorder radius="md" p="md" component="article" data-testid="bank-search-group">
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="light" color={group.lineage_size > 1 ? 'grape' : 'gray'} radius="sm" style={{ textTransform: 'none' }}>
            {group.lineage_size > 1 ? m.asked(group.lineage_size, group.years) : m.once(first.year)}
          </Badge>
          <Text size="sm" c="gray.7">
            {first.subject_name}
          </Text>
        </Group>
        <Text size="sm" lineClamp={3}>
          {first.question_text}
        </Text>
        <Group gap="xs" wrap="wrap">
          {group.problems.map((problem) => (
            <Anchor key={problem.uid} component={Link} to={paths.testProblems.getHref(problem.test_code)} state={{ highlightUid: problem.uid }} size="sm">
              {m.open(problem.test_name, problem.no)}
            </Anchor>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
