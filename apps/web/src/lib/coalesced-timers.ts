import type { TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

// React Query keeps a timer per query (when to forget it, gcTime) and per watched query (when it
// turns stale). A list's chunk asks for its 20 problems' notes, dispute badges and stars
// (problems/use-card-data-prefetch.ts): 60 queries and as many platform timers, which were ~39 %
// of the task asking for the notes and badges in Lighthouse's trace of the problem list (decision
// 068). Long timers are coalesced instead, as React Query's TimeoutProvider is meant for: each
// fires in a shared one-second slot, never early and at most a second late, and a slot is one
// platform timer. Short ones (a retry's 2 or 4 s wait) keep a timer of their own, to the millisecond.

/** Timers at least this long (a query's 30 s freshness, its 5 min gcTime) share slots. */
export const COALESCE_FROM_MS = 10_000;
/** The width of a slot: a coalesced timer fires at the end of the slot its deadline falls in. */
export const SLOT_MS = 1000;

type Host = Pick<typeof globalThis, 'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval'> & { now(): number };

interface Slot {
  handle: ReturnType<typeof setTimeout>;
  callbacks: Map<number, TimeoutCallback>;
}

/**
 * A TimeoutProvider for `timeoutManager.setTimeoutProvider` (call it before the QueryClient is
 * made). Coalesced timers get negative ids, so they never meet the platform's (positive) ones.
 */
export function coalescedTimeoutProvider(host: Host = { setTimeout, clearTimeout, setInterval, clearInterval, now: Date.now }): TimeoutProvider<number> {
  // Called as plain functions: a browser's window.setTimeout called on another object (`host.…`)
  // throws "Illegal invocation".
  const {
    setTimeout: platformSetTimeout,
    clearTimeout: platformClearTimeout,
    setInterval: platformSetInterval,
    clearInterval: platformClearInterval,
    now,
  } = host;
  const slots = new Map<number, Slot>();
  const slotOf = new Map<number, number>();
  let lastId = 0;

  function fire(end: number) {
    const slot = slots.get(end);
    slots.delete(end);
    if (!slot) return;
    for (const [id, callback] of slot.callbacks) {
      slotOf.delete(id);
      try {
        callback();
      } catch (error) {
        // As with platform timers, one callback's error neither stops the others nor goes unseen.
        platformSetTimeout(() => {
          throw error;
        }, 0);
      }
    }
  }

  return {
    setTimeout(callback, delay) {
      if (!(delay >= COALESCE_FROM_MS)) return Number(platformSetTimeout(callback, delay));
      const start = now();
      const end = Math.ceil((start + delay) / SLOT_MS) * SLOT_MS;
      let slot = slots.get(end);
      if (!slot) {
        slot = { handle: platformSetTimeout(() => fire(end), end - start), callbacks: new Map() };
        slots.set(end, slot);
      }
      lastId -= 1;
      slot.callbacks.set(lastId, callback);
      slotOf.set(lastId, end);
      return lastId;
    },
    clearTimeout(id) {
      if (id === undefined) return;
      if (id > 0) return platformClearTimeout(id as unknown as ReturnType<typeof setTimeout>);
      const end = slotOf.get(id);
      if (end === undefined) return;
      slotOf.delete(id);
      const slot = slots.get(end);
      if (!slot) return;
      slot.callbacks.delete(id);
      if (slot.callbacks.size === 0) {
        platformClearTimeout(slot.handle);
        slots.delete(end);
      }
    },
    setInterval: (callback, delay) => Number(platformSetInterval(callback, delay)),
    clearInterval: (id) => platformClearInterval(id as unknown as ReturnType<typeof setInterval>),
  };
}
