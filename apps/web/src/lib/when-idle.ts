type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Runs `callback` at the browser's next idle moment (at the latest after `timeout` ms), or after a
 * frame where there is no requestIdleCallback (Safari). Returns a function that cancels it.
 */
export function whenIdle(callback: () => void, timeout = 200): () => void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const handle = w.requestIdleCallback(callback, { timeout });
    return () => w.cancelIdleCallback?.(handle);
  }
  const handle = window.setTimeout(callback, 16);
  return () => window.clearTimeout(handle);
}

/** How long after the load event the page counts as drawn: its lazy chunks and first reads are in. */
export const SETTLE_DELAY_MS = 3000;

/**
 * Runs `callback` once the page has loaded and settled: `SETTLE_DELAY_MS` after the load event, at
 * the next idle moment. For work the page does not need to show itself (decision 065).
 */
export function afterPageSettles(callback: () => void): void {
  // The guard is for the unit tests: a test file's environment can be torn down (no window) before
  // this timer, set by a page it rendered, fires.
  const settle = () => window.setTimeout(() => typeof window !== 'undefined' && whenIdle(callback, 2000), SETTLE_DELAY_MS);
  if (document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
}
