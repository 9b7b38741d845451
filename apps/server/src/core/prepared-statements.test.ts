import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createMember, openTestDatabase, testDialects, type TestDatabase } from '../testing/harness';
import { reusedQuery } from './reused-query';

const memberById = reusedQuery((db: Kysely<Database>) => db.selectFrom('members').selectAll().where('id', '=', ''));

const postgres = testDialects.filter((dialect) => dialect === 'postgres');

// Decision 216: the reused statements go to PostgreSQL named, and a statement that went stale under
// a running process (a migration changed its table) runs again unnamed instead of failing.
describe.each(postgres)('reused statements as prepared statements on %s', (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('prepares a reused statement once on the connection and runs it again by name', async () => {
    const member = await createMember(database.db, { id: 'prepared-a' });
    // One connection: every statement below runs on it.
    await database.db.connection().execute(async (connection) => {
      expect((await memberById(connection, ['prepared-a'])).map((row) => row.code)).toEqual([member.code]);
      expect(await memberById(connection, ['nobody'])).toEqual([]);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements where name like 'qbank_%'`.execute(connection);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.statement).toMatch(/from "members"/);
    });
  });

  it('answers a statement whose table changed under it, with the new columns', async () => {
    await createMember(database.db, { id: 'prepared-b' });
    await database.db.connection().execute(async (connection) => {
      expect(await memberById(connection, ['prepared-b'])).toHaveLength(1);
      await sql`alter table members add column prepared_probe integer not null default 7`.execute(connection);
      const [row] = await memberById(connection, ['prepared-b']);
      expect(row).toMatchObject({ id: 'prepared-b', prepared_probe: 7 });
      // The connection goes on unnamed.
      expect(await memberById(connection, ['prepared-b'])).toHaveLength(1);
    });
  });
});
