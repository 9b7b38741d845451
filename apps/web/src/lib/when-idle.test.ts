import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPageSettles, SETTLE_DELAY_MS } from './when-idle';

describe('afterPageSettles', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('waits for the load event, then the settle delay, then an idle moment', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const callback = vi.fn();
    afterPageSettles(callback);
    await vi.advanceTimersByTimeAsync(SETTLE_DELAY_MS * 2);
    expect(callback).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(SETTLE_DELAY_MS - 1);
    expect(callback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('counts from now on a page that has already loaded', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const callback = vi.fn();
    afterPageSettles(callback);
    await vi.advanceTimersByTimeAsync(SETTLE_DELAY_MS - 1);
    expect(callback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(callback).toHaveBeenCalledOnce();
  });
});
