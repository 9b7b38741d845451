import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { DEFAULT_VIEW_MODE, parseViewMode, type ViewMode } from './problem-format';

/**
 * The view mode (`view`) and the applied search (`q`) live in the URL query, so a reload, a
 * shared link or the back button brings the same list back. Changing them replaces the history
 * entry and keeps the navigation state (where "back" leads, the exam that was opened).
 */
export function useViewerParams() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const state: unknown = location.state;
  const view = parseViewMode(params.get('view'));
  const q = (params.get('q') ?? '').trim();

  const update = useCallback(
    (key: 'view' | 'q', value: string | null) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        // The list stays where the reader is (scroll restoration would put the page at its top).
        { replace: true, state, preventScrollReset: true },
      );
    },
    [setParams, state],
  );

  const setView = useCallback((next: ViewMode) => update('view', next === DEFAULT_VIEW_MODE ? null : next), [update]);
  const setQ = useCallback((next: string) => update('q', next.trim() || null), [update]);
  return { view, setView, q, setQ };
}
