import { act, render, renderHook } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAW_AHEAD_MARGIN, FIRST_SLICE, NEXT_SLICE, useProgressiveCount } from './use-progressive-count';

describe('useProgressiveCount', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const step = () =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });

  it('draws the first screenful of a list that arrives, then a few more at each idle moment until all are drawn', async () => {
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total).shown, { initialProps: { total: 0 } });
    expect(result.current).toBe(0);
    rerender({ total: 20 });
    expect(result.current).toBe(FIRST_SLICE);
    await step();
    expect(result.current).toBe(FIRST_SLICE + NEXT_SLICE);
    for (let i = 0; i < 10; i += 1) await step();
    expect(result.current).toBe(20);
    // The next chunk grows on from there.
    rerender({ total: 40 });
    expect(result.current).toBe(20);
    await step();
    expect(result.current).toBe(20 + NEXT_SLICE);
  });

  it('draws at once what is there when it mounts (a list from the cache) and everything up to a problem to scroll to', () => {
    const cached = renderHook(() => useProgressiveCount(60).shown);
    expect(cached.result.current).toBe(60);
    const { result, rerender } = renderHook(({ total, atLeast }) => useProgressiveCount(total, atLeast).shown, { initialProps: { total: 0, atLeast: 0 } });
    rerender({ total: 60, atLeast: 45 });
    expect(result.current).toBe(45);
  });

  it('draws ahead of the reader only: it stops while the end of the drawn cards is over two screens away, and goes on as it nears', async () => {
    const observers: Array<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit; target?: Element; live: boolean }> = [];
    class Stub {
      private entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, options, live: true };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {
        this.entry.live = false;
      }
    }
    vi.stubGlobal('IntersectionObserver', Stub);
    const seen: number[] = [];
    function List({ total }: { total: number }) {
      const { shown, endRef } = useProgressiveCount(total);
      seen.push(shown);
      return shown < total ? createElement('div', { ref: endRef, 'data-testid': 'end' }) : null;
    }
    const report = (isIntersecting: boolean) =>
      act(() => {
        const live = observers.filter((o) => o.live && o.target);
        for (const o of live) o.callback([{ isIntersecting, target: o.target } as IntersectionObserverEntry], {} as IntersectionObserver);
      });
    const view = render(createElement(List, { total: 0 }));
    view.rerender(createElement(List, { total: 20 }));
    expect(seen.at(-1)).toBe(FIRST_SLICE);
    const observer = observers.find((o) => o.live);
    expect(observer?.options?.rootMargin).toBe(DRAW_AHEAD_MARGIN);

    // The marker starts near the screen: a step is drawn.
    await report(true);
    await step();
    expect(seen.at(-1)).toBe(FIRST_SLICE + NEXT_SLICE);
    // Far below the screen now: no more steps, however long the page stays idle.
    await report(false);
    for (let i = 0; i < 10; i += 1) await step();
    const stopped = seen.at(-1) ?? 0;
    expect(stopped).toBeLessThan(20);
    // The reader scrolls down: drawing goes on, to the end of what is loaded.
    await report(true);
    for (let i = 0; i < 12; i += 1) await step();
    expect(seen.at(-1)).toBe(20);
    vi.unstubAllGlobals();
  });
});
