import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects, type TestDatabase } from '../testing/harness';
import { refreshPlannerStatistics } from './planner-statistics';

async function analyzedTables(database: TestDatabase): Promise<string[]> {
  if (database.dialect === 'sqlite') {
    const { rows } = await sql<{ tbl: string }>`select distinct tbl from sqlite_stat1 order by tbl`.execute(database.db);
    return rows.map((row) => row.tbl);
  }
  const { rows } = await sql<{ relname: string }>`
    select relname from pg_stat_user_tables where schemaname = current_schema() and last_analyze is not null order by relname`.execute(database.db);
  return rows.map((row) => row.relname);
}

describe.each(testDialects)('planner statistics (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('analyzes every table after a bulk write', async () => {
    database = await openTestDatabase(dialect);
    await database.db.insertInto('subjects').values({ subject_name: '순환기내과학' }).execute();
    await refreshPlannerStatistics(database.db, dialect, 'bulk');
    expect(await analyzedTables(database)).toContain('subjects');
    if (dialect === 'postgres') {
      // Vacuumed too, so index-only scans need no heap fetches on a freshly loaded bank.
      const { rows } = await sql<{ relname: string }>`
        select relname from pg_stat_user_tables where schemaname = current_schema() and last_vacuum is not null`.execute(database.db);
      expect(rows.map((row) => row.relname)).toContain('problems');
    }
  });

  it('analyzes every table after a start that applied migrations (new indexes have no statistics yet)', async () => {
    database = await openTestDatabase(dialect);
    await database.db.insertInto('subjects').values({ subject_name: '순환기내과학' }).execute();
    await refreshPlannerStatistics(database.db, dialect, 'migrated');
    expect(await analyzedTables(database)).toContain('subjects');
  });

  it('keeps a start cheap: SQLite fills missing statistics, PostgreSQL leaves them to autovacuum', async () => {
    database = await openTestDatabase(dialect);
    await database.db.insertInto('subjects').values({ subject_name: '순환기내과학' }).execute();
    await refreshPlannerStatistics(database.db, dialect, 'start');
    if (dialect === 'sqlite') expect(await analyzedTables(database)).toContain('subjects');
    else expect(await analyzedTables(database)).toEqual([]);
  });
});
