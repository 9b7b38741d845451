import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { DEFAULT_VIEW_MODE, parseViewMode, type ViewMode } from './problem-format';
import { parseListOrder, type ProblemListOrder } from './list-order';

/**
 * The view mode (`view`), the applied search (`q`) and the 빈출 choice (`sort`, `recurring`) live
 * in the URL query, so a reload, a shared link or the back button brings the same list back. Changing them replaces the history
 * entry and keeps the navigation state (where "back" leads, the exam that was opened).
 */
export function useViewerParams() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const state: unknown = location.state;
  const view = parseViewMode(params.get('view'));
  const q = (params.get('q') ?? '').trim();
  const sort = params.get('sort');
  const recurring = params.get('recurring');
  // One object per choice, so a list's query key and the control see a stable value.
  const order = useMemo(() => parseListOrder(sort, recurring), [sort, recurring]);

  const update = useCallback(
    (changes: Partial<Record<'view' | 'q' | 'sort' | 'recurring', string | null>>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        // The list stays where the reader is (scroll restoration would put the page at its top).
        { replace: true, state, preventScrollReset: true },
      );
    },
    [setParams, state],
  );

  const setView = useCallback((next: ViewMode) => update({ view: next === DEFAULT_VIEW_MODE ? null : next }), [update]);
  const setQ = useCallback((next: string) => update({ q: next.trim() || null }), [update]);
  const setOrder = useCallback(
    (next: ProblemListOrder) => {
      update({ sort: next.frequency ? 'frequency' : null, recurring: next.recurring ? '1' : null });
    },
    [update],
  );
  return { view, setView, q, setQ, order, setOrder };
}
