import { startTransition, useEffect, useState } from 'react';

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

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

function whenIdle(callback: () => void): () => void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const handle = w.requestIdleCallback(callback, { timeout: 200 });
    return () => w.cancelIdleCallback?.(handle);
  }
  const handle = window.setTimeout(callback, 16);
  return () => window.clearTimeout(handle);
}

/**
 * How many of `total` items to draw. A long list (20 problems in view "all" come to thousands of
 * elements) is drawn a few at a time: the first screenful with the page, the rest in small steps
 * while the browser is idle, so no step blocks a tap or a scroll for long (issue 17 item 4).
 * Items already there when the screen mounts (a list from the cache: "back" from a problem) are
 * drawn at once, so the browser can restore the scroll position; `atLeast` (a problem to scroll
 * to) is drawn at once too.
 */
export function useProgressiveCount(total: number, atLeast = 0): number {
  const [count, setCount] = useState(total);
  const shown = Math.min(total, Math.max(count, atLeast, FIRST_SLICE));

  useEffect(() => {
    if (shown >= total) return;
    // A transition: React builds the new cards in slices that yield to the browser, so a tap or
    // a scroll during the build is answered at once.
    return whenIdle(() => startTransition(() => setCount(Math.min(total, shown + NEXT_SLICE))));
  }, [shown, total]);

  return shown;
}
