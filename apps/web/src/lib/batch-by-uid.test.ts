import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUidBatcher, holdUidBatches } from './batch-by-uid';

describe('createUidBatcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function batcher(max = 100) {
    const calls: number[][] = [];
    const load = createUidBatcher<string>(max, async (uids) => {
      calls.push(uids);
      return new Map(uids.filter((uid) => uid !== 3).map((uid) => [uid, `p${uid}`]));
    });
    return { load, calls };
  }

  it('asks once for the loads of one task, in chunks of max, and answers null for what is missing', async () => {
    const { load, calls } = batcher(2);
    const answers = Promise.all([load(1), load(2), load(3), load(1)]);
    await vi.runAllTimersAsync();
    expect(calls).toEqual([[1, 2], [3]]);
    expect(await answers).toEqual(['p1', 'p2', null, 'p1']);
  });

  it('holds a call taken before the hold until the hold ends, and joins what later tasks asked for', async () => {
    const { load, calls } = batcher();
    const first = load(1); // the first card, in the commit
    const end = holdUidBatches(); // the chunk's prefetch, in the same commit
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([]);
    const rest = [load(2), load(3)]; // the chunk's part, a task later
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([]);
    end();
    end(); // ending twice is ending once
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([[1, 2, 3]]);
    expect(await Promise.all([first, ...rest])).toEqual(['p1', 'p2', null]);
  });

  it('waits for the last of several holds, and a hold nobody ends lasts maxMs', async () => {
    const { load, calls } = batcher();
    const endFirst = holdUidBatches(500);
    holdUidBatches(800);
    void load(7);
    await vi.advanceTimersByTimeAsync(0);
    endFirst();
    await vi.advanceTimersByTimeAsync(700);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(101);
    expect(calls).toEqual([[7]]);
  });
});
