import type { Problem } from '@qbank/shared/problems';
import type { ReactNode } from 'react';
import { messages } from '../messages';
import type { useViewerParams } from '../use-viewer-params';
import { ListOrderControl } from './list-order-control';
import { ProblemBrowser } from './problem-browser';
import { ProblemSearch } from './problem-search';

const m = messages.problems;

/**
 * Both viewers' list below the info card: the search, the order (자주 출제 순, 반복 출제만) and the
 * browser, all driven by the address's view, q, sort and recurring (use-viewer-params.ts).
 */
export function SearchedProblemBrowser({
  viewer,
  query,
  rootMargin,
  threshold,
  showTestColumn,
  renderProblems,
}: {
  viewer: ReturnType<typeof useViewerParams>;
  query: Parameters<typeof ProblemBrowser>[0]['query'];
  rootMargin: string;
  threshold?: number;
  showTestColumn?: boolean;
  renderProblems: (problems: Problem[], highlightedUid: number | null) => ReactNode;
}) {
  const { view, setView, q, setQ, order, setOrder } = viewer;
  return (
    <>
      <ProblemSearch value={q} onSearch={setQ} />
      <ListOrderControl value={order} onChange={setOrder} />
      <ProblemBrowser
        query={query}
        q={q}
        view={view}
        onViewChange={setView}
        rootMargin={rootMargin}
        emptyText={order.recurring ? m.listOrder.noRecurring : undefined}
        threshold={threshold}
        showTestColumn={showTestColumn}
        renderProblems={renderProblems}
      />
    </>
  );
}
