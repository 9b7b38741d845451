import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createMember, openTestDatabase, testDialects, type TestDatabase } from '../testing/harness';
import { reusedQuery } from './reused-query';

const memberIdByCode = reusedQuery((db: Kysely<Database>) => db.selectFrom('members').select(['code', 'id']).where('code', '=', 0));

describe.each(testDialects)('a reused query on %s', (dialect) => {
  let database: TestDatabase;
  let other: TestDatabase;

  beforeAll(async () => {
    [database, other] = await Promise.all([openTestDatabase(dialect), openTestDatabase(dialect)]);
  });
  afterAll(async () => {
    await database?.close();
    await other?.close();
  });

  it('runs with each call’s own values, on each database it is given', async () => {
    const first = await createMember(database.db, { id: 'reused-a' });
    const second = await createMember(database.db, { id: 'reused-b' });
    const elsewhere = await createMember(other.db, { id: 'reused-c' });
    expect(await memberIdByCode(database.db, [first.code])).toEqual([{ code: first.code, id: 'reused-a' }]);
    expect(await memberIdByCode(database.db, [second.code])).toEqual([{ code: second.code, id: 'reused-b' }]);
    expect(await memberIdByCode(other.db, [elsewhere.code])).toEqual([{ code: elsewhere.code, id: 'reused-c' }]);
    expect(await memberIdByCode(database.db, [-1])).toEqual([]);
  });

  it('refuses a call with more or fewer values than the query has parameters', async () => {
    await expect(memberIdByCode(database.db, [])).rejects.toThrow(/0 values for 1 parameters/);
    await expect(memberIdByCode(database.db, [1, 2])).rejects.toThrow(/2 values for 1 parameters/);
  });
});
