import { useSyncExternalStore } from 'react';
import { afterPageSettles } from './when-idle';

let settled = false;
let started = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!started) {
    started = true;
    afterPageSettles(() => {
      settled = true;
      listeners.forEach((notify) => notify());
    });
  }
  return () => listeners.delete(listener);
}

/**
 * Whether the page has settled (`afterPageSettles`: a few seconds after the load event, at an idle
 * moment). The top bar's member parts wait for it (the bell with its popover and its poll, the
 * dashboard and logout buttons): on a phone their chunks and reads went out
 * beside the page's own and delayed its first content (decision 065).
 */
export function usePageSettled(): boolean {
  return useSyncExternalStore(subscribe, () => settled, () => false);
}
