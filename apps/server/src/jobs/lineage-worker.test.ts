import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FingerprintCache } from '../lineage/detect';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { openTestDatabase, testDialects, type TestDatabase } from '../testing/harness';
import { lineageStatisticsKeeper } from '../lineage/service';
import { drainAll, drainLineageQueue } from './lineage-worker';

describe.each(testDialects)('the lineage worker on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });
  afterAll(async () => database?.close());

  it('drains the queue on one process at a time, and gives the lease up when done', async () => {
    const { db } = database;
    const test = await createTest(db, { subject_code: await createSubject(db) });
    const illustration = '① 요골신경\n② 정중신경\n③ 자신경\n④ 근피신경\n⑤ 겨드랑신경';
    const question = '<p>손목처짐(wrist drop)이 나타났을 때 손상된 신경으로 가장 적절한 것은?</p>';
    const first = await createProblem(db, { test_code: test, no: 1, question, illustration, answer: '①' });
    const second = await createProblem(db, { test_code: test, no: 2, question, illustration, answer: '①' });
    const done = await Promise.all(['p1', 'p2'].map((owner) => drainLineageQueue(db, owner, new FingerprintCache())));
    expect(done.filter((n) => n > 0)).toEqual([2]);
    expect(await db.selectFrom('lineage_links').select(['problem_a', 'problem_b', 'relation']).execute()).toEqual([
      { problem_a: first, problem_b: second, relation: 'same' },
    ]);
    // The holder ran to the end and gave the lease up: a third process drains the next save at once.
    await drainAll(db, done[0]! > 0 ? 'p1' : 'p2');
    await db.updateTable('problems').set({ answer: '②' }).where('uid', '=', second).execute();
    expect(await drainLineageQueue(db, 'p3', new FingerprintCache())).toBe(1);
  });

  it('leaves the server its turns while it drains a long queue', async () => {
    const { db } = database;
    const test = await createTest(db, { subject_code: await createSubject(db) });
    for (let no = 1; no <= 40; no++) {
      const question = `<p>${no}번 환자에서 가장 가능성이 높은 진단은 무엇인가? 증례 ${no * 7}</p>`;
      await createProblem(db, { test_code: test, no, question, illustration: `① 심근경색 ${no}\n② 폐색전증\n③ 대동맥박리\n④ 기흉\n⑤ 심낭염`, answer: '①' });
    }
    // A timer stands for a request: on SQLite every query answers synchronously, and a drain
    // that never let the event loop turn would run it only once the whole queue was done.
    const queued = await db
      .selectFrom('lineage_queue')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    let draining = true;
    let timerRanWhileDraining = false;
    setTimeout(() => (timerRanWhileDraining = draining), 0);
    // p3 holds the lease since the test above.
    expect(await drainAll(db, 'p3')).toBe(Number(queued.n));
    draining = false;
    expect(Number(queued.n)).toBeGreaterThanOrEqual(40);
    expect(timerRanWhileDraining).toBe(true);
  });

  it('reads, and writes no lease, while nothing is queued', async () => {
    const { db } = database;
    expect(await db.selectFrom('lineage_queue').select('problem_uid').execute()).toEqual([]);
    expect(await drainLineageQueue(db, 'p5', new FingerprintCache())).toBe(0);
    expect(await db.selectFrom('job_leases').select('name').where('owner', '=', 'p5').execute()).toEqual([]);
  });

  it("refreshes the lineage tables' planner statistics each time a drain doubles what it detected", async () => {
    const { db } = database;
    // PostgreSQL's own row estimate for lineage_keys, which ANALYZE sets (SQLite keeps none here):
    // this test's own table, through the search path (other test files have one in their schemas).
    const estimate = async () =>
      dialect === 'postgres'
        ? Number((await sql<{ n: number }>`select reltuples as n from pg_class where oid = 'lineage_keys'::regclass`.execute(db)).rows[0]!.n)
        : null;
    await sql`delete from lineage_keys`.execute(db);
    await db
      .insertInto('lineage_keys')
      .values(Array.from({ length: 30 }, (_, i) => ({ key: i, problem_uid: 1 })))
      .execute();
    const keep = lineageStatisticsKeeper(db, 10);
    const before = await estimate();
    await keep(9);
    expect(await estimate()).toBe(before);
    await keep(10);
    if (dialect === 'postgres') expect(await estimate()).toBe(30);
    await db
      .insertInto('lineage_keys')
      .values(Array.from({ length: 30 }, (_, i) => ({ key: 100 + i, problem_uid: 1 })))
      .execute();
    await keep(19);
    if (dialect === 'postgres') expect(await estimate()).toBe(30);
    await keep(20);
    if (dialect === 'postgres') expect(await estimate()).toBe(60);
    await sql`delete from lineage_keys`.execute(db);
  });
});
