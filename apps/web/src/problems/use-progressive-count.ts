import { startTransition, useCallback, useEffect, useState } from 'react';
import { whenIdle } from '../lib/when-idle';

/**
 * Cards drawn with the page. In view "all" the first card is what a phone's first screen shows
 * under the exam's header; it is drawn in the same task as the header when the list arrives,
 * so that task stays short and the card (the page's largest text) paints early.
 */
export const FIRST_SLICE = 1;
/** Cards added per idle moment afterwards: a step stays a short task on a phone. */
export const NEXT_SLICE = 2;
/** About a phone screen of cards in view "all": what is drawn under a problem to scroll to. */
export const SCREENFUL = 3;
/**
 * How far below the screen the drawn cards reach: two more screens, so a reader scrolling (or
 * flinging) on a phone meets cards already drawn, and nothing further down costs the phone work
 * it may never need.
 */
export const DRAW_AHEAD_MARGIN = '0px 0px 200% 0px';

/**
 * Whether the element (the end of the drawn cards) is within `DRAW_AHEAD_MARGIN` of the screen.
 * Without IntersectionObserver it always is, so everything gets drawn.
 */
function useNearScreen(): [boolean, (element: HTMLElement | null) => void] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const observable = typeof IntersectionObserver !== 'undefined';
  const [near, setNear] = useState(!observable);
  useEffect(() => {
    if (!element || !observable) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries[entries.length - 1];
        if (last) setNear(last.isIntersecting);
      },
      { rootMargin: DRAW_AHEAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, observable]);
  const ref = useCallback((next: HTMLElement | null) => setElement(next), []);
  return [near || !element, ref];
}

/**
 * How many of `total` items to draw, and a ref for a marker placed right after the drawn items.
 * A long list (20 problems in view "all" come to thousands of elements) is drawn a few at a
 * time: the first card with the page, then a few more at each idle moment while the marker is
 * within two screens of the viewport, so the list is drawn ahead of the reader and no step blocks
 * a tap or a scroll for long (issue 17 item 4). Cards far below are drawn when the reader nears
 * them, not while the page loads (decision 065).
 * Items already there when the screen mounts (a list from the cache: "back" from a problem) are
 * drawn at once, so the browser can restore the scroll position; `atLeast` (a problem to scroll
 * to) is drawn at once too.
 */
export function useProgressiveCount(total: number, atLeast = 0): { shown: number; endRef: (element: HTMLElement | null) => void } {
  const [count, setCount] = useState(total);
  const [near, endRef] = useNearScreen();
  const shown = Math.min(total, Math.max(count, atLeast, FIRST_SLICE));

  useEffect(() => {
    if (shown >= total || !near) return;
    // A transition: React builds the new cards in slices that yield to the browser, so a tap or
    // a scroll during the build is answered at once.
    return whenIdle(() => startTransition(() => setCount(Math.min(total, shown + NEXT_SLICE))));
  }, [shown, total, near]);

  return { shown, endRef };
}
