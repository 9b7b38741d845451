import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SLICE, NEXT_SLICE, useProgressiveCount } from './use-progressive-count';

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
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total), { initialProps: { total: 0 } });
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
    const cached = renderHook(() => useProgressiveCount(60));
    expect(cached.result.current).toBe(60);
    const { result, rerender } = renderHook(({ total, atLeast }) => useProgressiveCount(total, atLeast), { initialProps: { total: 0, atLeast: 0 } });
    rerender({ total: 60, atLeast: 45 });
    expect(result.current).toBe(45);
  });
});
