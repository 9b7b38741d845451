import type { Problem } from '@qbank/shared/problems';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { problemAnchorId } from './problem-format';

/** Scroll after 500 ms, keep the mark for 3 s. */
export const HIGHLIGHT_SCROLL_DELAY_MS = 500;
export const HIGHLIGHT_DURATION_MS = 3000;

type Target = { uid: number } | { no: number };

function readTarget(state: unknown): Target | null {
  if (typeof state !== 'object' || state === null) return null;
  const { highlightUid, highlightNo } = state as { highlightUid?: unknown; highlightNo?: unknown };
  if (typeof highlightUid === 'number' && Number.isInteger(highlightUid)) return { uid: highlightUid };
  if (typeof highlightNo === 'number' && Number.isInteger(highlightNo)) return { no: highlightNo };
  return null;
}

/**
 * Scrolls to and marks the problem named in navigation state (`{highlightUid}` or
 * `{highlightNo}`). While it is not among the loaded problems, further chunks are loaded.
 * Runs once per visit of the page. `targetIndex` is the problem's place in `problems` once
 * found (else -1): the list draws everything up to it before the scroll, so the scroll lands on it.
 */
export function useHighlight(
  problems: readonly Problem[],
  more: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => void },
): { highlightedUid: number | null; targetIndex: number } {
  const location = useLocation();
  const target = readTarget(location.state);
  const [highlightedUid, setHighlightedUid] = useState<number | null>(null);
  const done = useRef(false);
  const timers = useRef<number[]>([]);

  const targetIndex = target ? problems.findIndex((p) => ('uid' in target ? p.uid === target.uid : p.no === target.no)) : -1;
  const foundUid = problems[targetIndex]?.uid ?? null;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = more;
  const wanted = target !== null;

  useEffect(() => {
    if (!wanted || done.current) return;
    if (foundUid === null) {
      if (problems.length > 0 && hasNextPage && !isFetchingNextPage) fetchNextPage();
      return;
    }
    done.current = true;
    timers.current.push(
      window.setTimeout(() => {
        const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        document.getElementById(problemAnchorId(foundUid))?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'center' });
        setHighlightedUid(foundUid);
      }, HIGHLIGHT_SCROLL_DELAY_MS),
    );
  }, [wanted, foundUid, problems.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The mark's time starts once it is drawn: timed from the scroll's timer, a main thread busy
  // past both (a slow phone drawing a long exam) ran the two back to back and the mark never showed.
  useEffect(() => {
    if (highlightedUid === null) return;
    const fade = window.setTimeout(() => setHighlightedUid(null), HIGHLIGHT_DURATION_MS);
    return () => window.clearTimeout(fade);
  }, [highlightedUid]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((id) => window.clearTimeout(id));
  }, []);

  return { highlightedUid, targetIndex };
}
