import { useEffect, useState } from 'react';

/** Cards drawn with the page: about a phone screen of them in view "all". */
export const FIRST_SLICE = 3;
/** Cards added per idle moment afterwards: a step stays a short task on a phone. */
export const NEXT_SLICE = 3;

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
    return whenIdle(() => setCount(Math.min(total, shown + NEXT_SLICE)));
  }, [shown, total]);

  return shown;
}
