import { Alert, Group, Stack, Tabs, Text } from '@mantine/core';
import type { problemsResponseSchema, Problem } from '@qbank/shared/problems';
import { IconAlertCircle } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { EmptyState } from '../../components/empty-state';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/api-client';
import { messages } from '../messages';
import { uniqueProblems, type ViewMode } from '../problem-format';
import { useCardDataPrefetch } from '../use-card-data-prefetch';
import { useHighlight } from '../use-highlight';
import { SCREENFUL, useProgressiveCount } from '../use-progressive-count';
import { AnswersTable } from './answers-table';
import { ProblemListEnd } from './problem-list-end';
import { NegationEmphasisSwitch } from './negation-emphasis-switch';
import { ViewModeSwitch } from './view-mode-switch';

const m = messages.problems;

type ProblemsPage = z.infer<typeof problemsResponseSchema>;
type Tab = 'problems' | 'answers';

export interface ProblemBrowserProps {
  query: UseInfiniteQueryResult<InfiniteData<ProblemsPage>>;
  /** The applied search ('' for none). */
  q: string;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  rootMargin: string;
  threshold?: number;
  showTestColumn?: boolean;
  /** What an empty list says when no search emptied it (반복 출제만 with nothing recurring). */
  emptyText?: string;
  renderProblems: (problems: Problem[], highlightedUid: number | null) => ReactNode;
}

/**
 * What both viewers share below their info card: the search summary, the 문제 / 정답 tabs,
 * the view switch, the chunked list with its hint and end message, the empty states and the
 * load error. The page decides how the problems tab lays out its cards.
 */
export function ProblemBrowser({
  query,
  q,
  view,
  onViewChange,
  rootMargin,
  threshold,
  showTestColumn = false,
  emptyText,
  renderProblems,
}: ProblemBrowserProps) {
  const [tab, setTab] = useState<Tab>('problems');
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  // The cards come from a deferred copy of the pages, which React renders in slices it can
  // interrupt, not inside the query's own update, which it renders in one piece: the first chunk
  // with its first card was the page's longest task on a phone (decision 060, as the exam list's
  // cards in decision 059). Until that render is done the loader stays.
  const pages = useDeferredValue(data?.pages);
  const problems = useMemo(() => uniqueProblems(pages ?? []), [pages]);
  const drawing = data !== undefined && pages === undefined;
  const total = data?.pages[0]?.problem_count ?? 0;
  const totalCapped = data?.pages[0]?.problem_count_capped ?? false;
  // After a failed chunk the list stops loading by itself (no retry loop); the button retries.
  const canAutoLoad = hasNextPage && !isFetchNextPageError;

  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage, isFetchingNextPage]);

  useCardDataPrefetch(problems);

  const { highlightedUid, targetIndex } = useHighlight(problems, { hasNextPage: canAutoLoad, isFetchingNextPage, fetchNextPage: loadMore });
  // Server order is the cards' order (type, then number), so the drawn part is a prefix of the list.
  // A problem to scroll to comes with a screenful of cards under it: the page must be long enough
  // for the scroll to put it in the middle.
  const { shown, endRef } = useProgressiveCount(problems.length, targetIndex < 0 ? 0 : targetIndex + 1 + SCREENFUL);
  const drawn = useMemo(() => (shown < problems.length ? problems.slice(0, shown) : problems), [problems, shown]);

  if (query.isPending || drawing) return <PageLoader />;

  const loadError = query.isError ? (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={m.loadFailed} role="alert">
      {errorMessage(query.error, m.loadFailed)}
    </Alert>
  ) : null;

  if (problems.length === 0) {
    return loadError ?? <EmptyState>{q ? m.noResults : (emptyText ?? m.noProblems)}</EmptyState>;
  }

  return (
    <Stack gap="md">
      {q && (
        <Text size="sm" c="gray.7" role="status">
          {m.searchSummary(q, total, totalCapped)}
        </Text>
      )}
      <Tabs value={tab} onChange={(next) => setTab(next === 'answers' ? 'answers' : 'problems')} keepMounted={false}>
        <Tabs.List aria-label={m.tabsLabel}>
          <Tabs.Tab value="problems">{m.tabs.problems}</Tabs.Tab>
          <Tabs.Tab value="answers">{m.tabs.answers}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="problems" pt="md">
          <Stack gap="md">
            <Group gap="md" wrap="wrap">
              <ViewModeSwitch value={view} onChange={onViewChange} />
              <NegationEmphasisSwitch />
            </Group>
            {renderProblems(drawn, highlightedUid)}
            {/* Where the drawn cards end: the next few are drawn as it nears the screen. */}
            {shown < problems.length && <div ref={endRef} aria-hidden data-testid="problem-draw-marker" />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="answers" pt="md">
          <AnswersTable problems={problems} showTest={showTestColumn} />
        </Tabs.Panel>
      </Tabs>
      {loadError}
      {/* Until every loaded card is drawn, the list's end (and its sentinel) waits below them. */}
      {shown >= problems.length && (
        <ProblemListEnd
          hasNextPage={hasNextPage}
          isFetchingNextPage={isFetchingNextPage}
          failed={isFetchNextPageError}
          onLoadMore={loadMore}
          loadedCount={problems.length}
          rootMargin={rootMargin}
          threshold={threshold}
        />
      )}
    </Stack>
  );
}
