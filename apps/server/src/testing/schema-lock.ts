import pg from 'pg';

// Kysely's migrator looks for its tables by reading the catalog of every schema in the database
// (pg_get_serial_sequence for each column), and that read fails when another test file drops its
// schema or is half-way through its migrations at the same moment ("schema … does not exist",
// "column … does not exist"). The test files run side by side (vitest.config.ts), so whatever
// migrates or drops a test schema in the shared test database takes its turn under this lock.
const SCHEMA_CHANGE_LOCK = 57_000_057;

/** Runs `work` while holding the test database's schema-change lock (a session advisory lock). */
export async function withSchemaChangeLock<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_CHANGE_LOCK]);
    return await work(client);
  } finally {
    // Ending the session releases the lock.
    await client.end();
  }
}
