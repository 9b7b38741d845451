import type pg from 'pg';

// The statements every signed-in request runs (the guard's member and versions, a report's
// answers version: ./reused-query.ts) go to PostgreSQL as named prepared statements. Kysely sends
// every query unnamed, so PostgreSQL parsed, analysed and planned each one on every run; named,
// each connection parses one once and, after five runs, keeps its generic plan (decision 216).
// SQLite needs none of this: its driver keeps the compiled statement by its text (fair-sqlite.ts).

/** PostgreSQL's SQLSTATEs for a prepared statement gone stale: its result type changed (a migration
 * altered a table under a running process) or it no longer exists on the connection. */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000']);

const names = new Map<string, string>();

/** Runs the statement with this SQL text as a named prepared statement on PostgreSQL from now on. */
export function prepareOnPostgres(sqlText: string): void {
  if (!names.has(sqlText)) names.set(sqlText, `qbank_${names.size + 1}`);
}

type QueryResult = pg.QueryResult<Record<string, unknown>>;

/**
 * Makes a pooled client send the statements of prepareOnPostgres() named. A statement that went
 * stale runs again unnamed, and the client sends every statement unnamed after that: it has no
 * way to drop one name, and a new connection starts afresh.
 */
export function sendPreparedStatementsNamed(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (config: unknown, values?: unknown, callback?: unknown) => Promise<QueryResult>;
  let named = true;
  const run = async (text: string, values: unknown[]): Promise<QueryResult> => {
    const name = named ? names.get(text) : undefined;
    if (!name) return query(text, values);
    try {
      return await query({ name, text, values });
    } catch (error) {
      if (!STALE_STATEMENT_CODES.has((error as { code?: unknown }).code as string)) throw error;
      named = false;
      return query(text, values);
    }
  };
  // Kysely's driver calls query(text, values) and query(cursor); only the first form is named.
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    if (typeof config === 'string' && Array.isArray(values) && callback === undefined) return run(config, values);
    return query(config, values, callback);
  }) as typeof client.query;
}
