import { QueryClient, timeoutManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COALESCE_FROM_MS, coalescedTimeoutProvider, SLOT_MS } from './coalesced-timers';

describe('coalescedTimeoutProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 10_250 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  // A browser's timer functions throw "Illegal invocation" when called on another object; these
  // do the same, so a provider that calls them as `host.setTimeout(…)` fails here too.
  const unbound = <A extends unknown[], R>(fn: (...args: A) => R) =>
    function (this: unknown, ...args: A): R {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      return fn(...args);
    };
  const provider = () =>
    coalescedTimeoutProvider({
      setTimeout: unbound((callback: () => void, delay?: number) => setTimeout(callback, delay)) as unknown as typeof setTimeout,
      clearTimeout: unbound((id?: ReturnType<typeof setTimeout>) => clearTimeout(id)) as typeof clearTimeout,
      setInterval: unbound((callback: () => void, delay?: number) => setInterval(callback, delay)) as unknown as typeof setInterval,
      clearInterval: unbound((id?: ReturnType<typeof setInterval>) => clearInterval(id)) as typeof clearInterval,
      now: unbound(() => Date.now()),
    });

  it('gives long timers that end in one slot a single platform timer, fired never early and at most a slot late', () => {
    const timers = provider();
    const fired: string[] = [];
    timers.setTimeout(() => fired.push('a'), 300_000);
    timers.setTimeout(() => fired.push('b'), 300_400);
    timers.setTimeout(() => fired.push('c'), 300_900);
    expect(vi.getTimerCount()).toBe(2); // 310,250 and 310,650 end at 311,000; 311,150 at 312,000
    vi.advanceTimersByTime(300_000 - 1);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(751); // the slot ends at 311,000: 750 ms after the first deadline
    expect(fired).toEqual(['a', 'b']);
    expect(Date.now()).toBe(311_000);
    vi.advanceTimersByTime(SLOT_MS);
    expect(fired).toEqual(['a', 'b', 'c']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps short timers exact and on their own platform timer', () => {
    const timers = provider();
    const fired: number[] = [];
    timers.setTimeout(() => fired.push(Date.now()), 0);
    timers.setTimeout(() => fired.push(Date.now()), COALESCE_FROM_MS - 1);
    expect(vi.getTimerCount()).toBe(2);
    vi.advanceTimersByTime(COALESCE_FROM_MS);
    expect(fired).toEqual([10_250, 10_250 + COALESCE_FROM_MS - 1]);
  });

  it('clears a timer; a slot left empty gives its platform timer back; platform ids clear too', () => {
    const timers = provider();
    const fired: string[] = [];
    const a = timers.setTimeout(() => fired.push('a'), 15_000);
    const b = timers.setTimeout(() => fired.push('b'), 15_100);
    const short = timers.setTimeout(() => fired.push('short'), 10);
    expect(a).toBeLessThan(0);
    expect(short).toBeGreaterThan(0);
    timers.clearTimeout(a);
    timers.clearTimeout(short);
    expect(vi.getTimerCount()).toBe(1);
    timers.clearTimeout(b);
    expect(vi.getTimerCount()).toBe(0);
    timers.clearTimeout(a);
    timers.clearTimeout(undefined);
    vi.advanceTimersByTime(20_000);
    expect(fired).toEqual([]);
  });

  it('runs the rest of a slot when one callback throws, and rethrows the error on a timer of its own', () => {
    const timers = provider();
    const fired: string[] = [];
    timers.setTimeout(() => {
      throw new Error('boom');
    }, 20_000);
    timers.setTimeout(() => fired.push('after'), 20_000);
    // The slot ends at 31,000; the error comes out of its own timer right after.
    expect(() => vi.advanceTimersByTime(20_751)).toThrow('boom');
    expect(fired).toEqual(['after']);
  });

  it("forgets an unwatched query after its gcTime, through React Query's timeout manager", async () => {
    timeoutManager.setTimeoutProvider(provider());
    try {
      const client = new QueryClient({ defaultOptions: { queries: { gcTime: 60_000 } } });
      await client.prefetchQuery({ queryKey: ['a'], queryFn: () => 1 });
      await client.prefetchQuery({ queryKey: ['b'], queryFn: () => 2 });
      expect(client.getQueryCache().getAll()).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(60_000 - 1);
      expect(client.getQueryCache().getAll()).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(SLOT_MS);
      expect(client.getQueryCache().getAll()).toHaveLength(0);
    } finally {
      timeoutManager.setTimeoutProvider({ setTimeout, clearTimeout, setInterval, clearInterval } as never);
    }
  });
});
