import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createMember, openTestDatabase, testDialects, type TestDatabase } from '../testing/harness';
import { countingStatements } from '../testing/statement-counter';
import { loadContentVersion, loadMemberWithVersions, perPollPhase, perPollPhaseByIntegerKey } from './batched-reads';

// The reads the requests of one poll phase share (./batched-reads.ts, decision 212), their
// statements counted (../testing/statement-counter.ts).
describe.each(testDialects)('reads batched per poll phase on %s', (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('reads the members asked for in one poll phase in one statement, each request its own row', async () => {
    const { db, count, reset } = countingStatements(database.db);
    const [first, second] = [await createMember(database.db, { id: 'batch-a' }), await createMember(database.db, { id: 'batch-b' })];
    reset();
    const rows = await Promise.all([first.code, second.code, first.code, -1].map((code) => loadMemberWithVersions(db, dialect, code)));
    expect(count()).toBe(1);
    expect(rows.map((row) => row?.id ?? null)).toEqual(['batch-a', 'batch-b', 'batch-a', null]);
    // The versions come with every row: the response caches compare them (../read-caches).
    expect(rows[0]?.content_version).not.toBeUndefined();
    expect(rows[0]?.lineage_version).not.toBeUndefined();
  });

  it('keeps no row for a later request: a change made in between is read', async () => {
    const { db, count, reset } = countingStatements(database.db);
    const member = await createMember(database.db, { id: 'batch-c' });
    expect((await loadMemberWithVersions(db, dialect, member.code))?.token_version).not.toBe(7);
    await database.db.updateTable('members').set({ token_version: 7 }).where('code', '=', member.code).execute();
    reset();
    expect((await loadMemberWithVersions(db, dialect, member.code))?.token_version).toBe(7);
    expect(count()).toBe(1);
  });

  it('reads the content version once for the requests of one poll phase, and anew for the next', async () => {
    const { db, count, reset } = countingStatements(database.db);
    reset();
    const versions = await Promise.all([1, 2, 3].map(() => loadContentVersion(db)));
    expect(count()).toBe(1);
    expect(new Set(versions).size).toBe(1);
    await sql`update content_versions set version = version + 1`.execute(database.db);
    const after = await loadContentVersion(db);
    expect(count()).toBe(2);
    expect(Number(after)).toBeGreaterThan(Number(versions[0]));
  });

  it('answers each request its own key, one batch per poll phase', async () => {
    const batches: number[][] = [];
    const doubled = perPollPhase(async (_db, keys: readonly number[]) => {
      batches.push([...keys]);
      return keys.map((key) => key * 2);
    });
    expect(await Promise.all([1, 2, 1].map((key) => doubled(database.db, key)))).toEqual([2, 4, 2]);
    expect(await doubled(database.db, 5)).toBe(10);
    expect(batches).toEqual([[1, 2, 1], [5]]);
  });

  it('builds a read by integer keys once per database, whatever the number of keys a poll phase asks', async () => {
    const { db, count, reset } = countingStatements(database.db);
    const members = [await createMember(database.db, { id: 'batch-d' }), await createMember(database.db, { id: 'batch-e' })];
    let builds = 0;
    const idOf = perPollPhaseByIntegerKey(
      (built, codesIn) => {
        builds += 1;
        return built.selectFrom('members').select(['code', 'id']).where(codesIn('code'));
      },
      (row) => row.code,
      (row) => row.id,
      'none',
    );
    reset();
    expect(await idOf(db, dialect, members[0]!.code)).toBe('batch-d');
    expect(await Promise.all([members[1]!.code, -1, members[0]!.code].map((code) => idOf(db, dialect, code)))).toEqual(['batch-e', 'none', 'batch-d']);
    expect(count()).toBe(2);
    expect(builds).toBe(1);
  });
});
