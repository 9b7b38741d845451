import { describe, expect, it } from 'vitest';
import { FifoLock } from './fair-sqlite';

describe('FifoLock', () => {
  it('hands the lock to waiters in arrival order, and a newcomer never jumps the queue', async () => {
    const lock = new FifoLock();
    const order: string[] = [];
    await lock.lock();
    const waiters = ['a', 'b', 'c'].map((name) => lock.lock().then(() => order.push(name)));
    expect(lock.waiting).toBe(3);
    lock.unlock();
    // Arrives after the release but before 'a' has run: it must queue behind b and c.
    const late = lock.lock().then(() => order.push('late'));
    for (let i = 0; i < 3; i++) {
      await waiters[i];
      lock.unlock();
    }
    await late;
    expect(order).toEqual(['a', 'b', 'c', 'late']);
    lock.unlock();
    expect(lock.waiting).toBe(0);
  });

  it('is free again once the last holder releases it', async () => {
    const lock = new FifoLock();
    await lock.lock();
    lock.unlock();
    let taken = false;
    await lock.lock().then(() => (taken = true));
    expect(taken).toBe(true);
  });
});
