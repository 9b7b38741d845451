import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { BankSearchGroup } from '@qbank/shared/lineage';
import { EmptyState } from '../components/empty-state';
import { ListPagination } from '../components/list-pagination';
import { LoadFailed, Loading } from '../components/load-state';
import { PageHeader } from '../components/page-header';
import { paths } from '../lib/paths';
import { BANK_SEARCH_PAGE_SIZE, useBankSearch } from './api';
import { lineageMessages } from './messages';

const m = lineageMessages.search;

/** `/search?q=…&year=…`: the whole bank's search (issue 28 item 5), grouped by lineage. */
export function BankSearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const yearParam = Number(params.get('year'));
  const year = Number.isInteger(yearParam) && yearParam > 0 ? yearParam : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(q);
  const [draftYear, setDraftYear] = useState(year ? String(year) : '');
  const search = useBankSearch(q, year, page);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.trim()) next.set('q', draft.trim());
    if (/^\d{4}$/.test(draftYear.trim())) next.set('year', draftYear.trim());
    setParams(next);
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
          <TextInput
            label={m.year}
            placeholder={m.anyYear}
            inputMode="numeric"
            maxLength={4}
            value={draftYear}
            onChange={(event) => setDraftYear(event.currentTarget.value)}
            style={{ width: '7rem' }}
          />
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
