import { messages } from '../messages';
import type { useViewerParams } from '../use-viewer-params';
import { ListOrderControl } from './list-order-control';
import { ProblemBrowser, type ProblemBrowserProps } from './problem-browser';
import { ProblemSearch } from './problem-search';

const m = messages.problems;

/**
 * Both viewers' list below the info card: the search, the order (자주 출제 순, 반복 출제만) and the
 * browser, all driven by the address's view, q, sort and recurring (use-viewer-params.ts).
 */
export function SearchedProblemBrowser({
  viewer,
  ...shown
}: Pick<ProblemBrowserProps, 'query' | 'rootMargin' | 'threshold' | 'showTestColumn' | 'renderProblems'> & {
  viewer: ReturnType<typeof useViewerParams>;
}) {
  const { view, setView, q, setQ, order, setOrder } = viewer;
  return (
    <>
      <ProblemSearch value={q} onSearch={setQ} />
      <ListOrderControl value={order} onChange={setOrder} />
      <ProblemBrowser {...shown} q={q} view={view} onViewChange={setView} emptyText={order.recurring ? m.listOrder.noRecurring : undefined} />
    </>
  );
}
