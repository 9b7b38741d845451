import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, openTestDatabase, testDialects, type TestDatabase } from '../testing/harness';
import { tryTakeLease } from './repository';
import { runIfLeased, scheduledJobs } from './scheduler';

const log = Fastify({ logger: false }).log;
const HOUR = 60 * 60 * 1000;

describe.each(testDialects)('once-only jobs on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });
  afterAll(async () => database?.close());

  it('gives a lease to exactly one of many processes racing for it, until it runs out', async () => {
    const now = Date.now();
    const owners = Array.from({ length: 8 }, (_, i) => `process-${i}`);
    const won = await Promise.all(owners.map((owner) => tryTakeLease(database.db, 'race', owner, HOUR, now)));
    expect(won.filter(Boolean)).toHaveLength(1);
    const holder = owners[won.indexOf(true)]!;
    // The holder may renew; nobody else may take it before it runs out.
    expect(await tryTakeLease(database.db, 'race', holder, HOUR, now + 1000)).toBe(true);
    expect(await tryTakeLease(database.db, 'race', 'late-comer', HOUR, now + 2000)).toBe(false);
    const again = await Promise.all(owners.map((owner) => tryTakeLease(database.db, 'race', `${owner}-next`, HOUR, now + 1000 + HOUR + 1)));
    expect(again.filter(Boolean)).toHaveLength(1);
  });

  it('purges ended password-change requests once, on one process', async () => {
    const member = await createMember(database.db);
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const request = (values: { expires_at: string; used_at?: string | null; token_hash: string }) =>
      database.db
        .insertInto('password_change_requests')
        .values({ member_code: member.code, email: 'a@example.com', new_password_hash: 'x', used_at: null, ...values })
        .execute();
    await request({ token_hash: 'expired-long-ago', expires_at: ago(3 * 24 * HOUR) });
    await request({ token_hash: 'used-long-ago', expires_at: ago(2 * 24 * HOUR), used_at: ago(2 * 24 * HOUR + 1000) });
    await request({ token_hash: 'pending', expires_at: new Date(now.getTime() + HOUR).toISOString() });
    await request({ token_hash: 'used-this-hour', expires_at: new Date(now.getTime() + HOUR).toISOString(), used_at: ago(1000) });

    const job = scheduledJobs.find((j) => j.name === 'purge-password-changes')!;
    const ran = await Promise.all(['a', 'b', 'c'].map((owner) => runIfLeased(database.db, job, owner, log, now)));
    expect(ran.filter(Boolean)).toHaveLength(1);
    const left = await database.db.selectFrom('password_change_requests').select('token_hash').orderBy('token_hash').execute();
    expect(left.map((row) => row.token_hash)).toEqual(['pending', 'used-this-hour']);
  });
});
