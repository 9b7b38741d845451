import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cacheStatements, FifoLock } from './fair-sqlite';

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

describe('cacheStatements', () => {
  it('compiles each SQL text once, drops the least recently used past capacity, and follows schema changes', () => {
    const sqlite = cacheStatements(new SQLite(':memory:'), 2);
    sqlite.exec('create table t (a integer)');
    const first = sqlite.prepare('select a from t');
    expect(sqlite.prepare('select a from t')).toBe(first);
    const other = sqlite.prepare('select count(*) as n from t');
    expect(sqlite.prepare('select a from t')).toBe(first); // used last: the count is now oldest
    sqlite.prepare('select 1');
    expect(sqlite.prepare('select a from t')).toBe(first);
    expect(sqlite.prepare('select count(*) as n from t')).not.toBe(other);

    sqlite.prepare('insert into t (a) values (?)').run(1);
    sqlite.exec("alter table t add column b text default 'x'");
    sqlite.prepare('insert into t (a) values (?)').run(2);
    expect(sqlite.prepare('select a from t').all()).toEqual([{ a: 1 }, { a: 2 }]);
    sqlite.close();
  });
});
