import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/harness';

const postgresUrl = process.env.TEST_DATABASE_URL;

let database: TestDatabase | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await database?.close();
  database = undefined;
});

describe.skipIf(!postgresUrl)('the PostgreSQL pool', () => {
  it('survives the server closing an idle connection and serves the next query on a new one', async () => {
    database = await openTestDatabase('postgres');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
    const pid = before.rows[0]!.pid;

    // Another session ends the pool's idle connection, as a restart or an administrator would.
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('PostgreSQL closed an idle pooled connection')), { timeout: 30_000 });

    const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
    expect(after.rows[0]!.pid).not.toBe(pid);
  });
});
