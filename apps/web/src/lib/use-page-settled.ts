import { useSyncExternalStore } from 'react';
import { afterPageSettles } from './when-idle';

let settled = false;
let started = false;
const listeners = new Set<() => void>();

/** A top-bar part that waits for the page to settle, which a member can reach for before it has loaded. */
export type WaitingPart = 'bell' | 'logout';
let reachedFor: WaitingPart | null = null;

function markSettled(): void {
  settled = true;
  listeners.forEach((notify) => notify());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!started) {
    started = true;
    afterPageSettles(() => {
      if (!settled) markSettled();
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
  return useSyncExternalStore(
    subscribe,
    () => settled,
    () => false,
  );
}

/**
 * The member pressed a part's stand-in (app/member-look-alikes.tsx) before the page settled: the
 * wait ends now, and the part, once loaded, does what was asked (opens, logs out; issue 26 item 14).
 */
export function reachFor(part: WaitingPart): void {
  reachedFor = part;
  if (!settled) markSettled();
}

/** Whether the member reached for `part` before it had loaded; says yes once. */
export function takeReachedFor(part: WaitingPart): boolean {
  if (reachedFor !== part) return false;
  reachedFor = null;
  return true;
}
