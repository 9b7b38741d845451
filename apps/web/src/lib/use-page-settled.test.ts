import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_DELAY_MS } from './when-idle';
import { usePageSettled } from './use-page-settled';

describe('usePageSettled', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says no until the page has settled, then yes in every component, mounted before or after', async () => {
    vi.useFakeTimers();
    const early = renderHook(() => usePageSettled());
    expect(early.result.current).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SETTLE_DELAY_MS - 1);
    });
    expect(early.result.current).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(early.result.current).toBe(true);
    expect(renderHook(() => usePageSettled()).result.current).toBe(true);
  });
});
