import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';

// The database half of backup and restore, one pair of functions per dialect. Plain drivers, not
// Kysely: these copy whole databases and count every table, including ones the app never names.

const run = promisify(execFile);
const PG_BIN = '/usr/bin';

export interface DatabaseSnapshot {
  migration: string | null;
  tables: Record<string, number>;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

// ------------------------------------------------------------------ SQLite

function sqliteTables(sqlite: SQLite.Database): string[] {
  const rows = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[];
  return rows.map((row) => row.name);
}

export function sqliteSnapshot(sqlite: SQLite.Database): DatabaseSnapshot {
  const tables: Record<string, number> = {};
  for (const name of sqliteTables(sqlite)) {
    tables[name] = (sqlite.prepare(`select count(*) as n from ${quoteIdent(name)}`).get() as { n: number }).n;
  }
  const migration = tables.kysely_migration
    ? ((sqlite.prepare('select name from kysely_migration order by name desc limit 1').get() as { name: string } | undefined)?.name ?? null)
    : null;
  return { migration, tables };
}

/**
 * SQLite's online backup API: consistent even while the server writes (it restarts if the source
 * changes under it), and it reads through the WAL, so the copy holds every committed write.
 */
export async function backupSqlite(sourceFile: string, targetFile: string): Promise<DatabaseSnapshot> {
  const source = new SQLite(sourceFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(targetFile);
  } finally {
    source.close();
  }
  const copy = new SQLite(targetFile, { fileMustExist: true });
  try {
    checkSqliteIntegrity(copy);
    // A copy is self-contained: no WAL beside it.
    copy.pragma('journal_mode = DELETE');
    return sqliteSnapshot(copy);
  } finally {
    copy.close();
  }
}

export function checkSqliteIntegrity(sqlite: SQLite.Database): void {
  const result = sqlite.pragma('integrity_check', { simple: true });
  if (result !== 'ok') throw new Error(`SQLite integrity check failed: ${String(result)}`);
}

// ------------------------------------------------------------------ PostgreSQL

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function postgresSnapshot(client: pg.Client): Promise<DatabaseSnapshot> {
  const { rows } = await client.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
  );
  const tables: Record<string, number> = {};
  for (const { table_name: name } of rows) {
    const result = await client.query<{ n: string }>(`select count(*) as n from ${quoteIdent(name)}`);
    tables[name] = Number(result.rows[0]?.n ?? 0);
  }
  const migration = tables.kysely_migration
    ? ((await client.query<{ name: string }>('select name from kysely_migration order by name desc limit 1')).rows[0]?.name ?? null)
    : null;
  return { migration, tables };
}

export async function postgresRowCounts(url: string): Promise<DatabaseSnapshot> {
  return withClient(url, postgresSnapshot);
}

/**
 * pg_dump in custom format. The row counts come from a repeatable-read transaction whose snapshot
 * pg_dump reuses (--snapshot), so the manifest describes exactly the data in the dump even while
 * the server keeps writing.
 */
export async function backupPostgres(url: string, targetFile: string): Promise<DatabaseSnapshot> {
  return withClient(url, async (client) => {
    await client.query('begin isolation level repeatable read read only');
    try {
      const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
      const snapshot = await postgresSnapshot(client);
      await run(`${PG_BIN}/pg_dump`, [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${rows[0]!.id}`,
        `--file=${targetFile}`,
        `--dbname=${url}`,
      ]);
      return snapshot;
    } finally {
      await client.query('commit');
    }
  });
}

/** pg_restore in one transaction: it either restores everything or leaves the database as it was. */
export async function restorePostgres(url: string, dumpFile: string, options: { clean: boolean }): Promise<void> {
  const args = ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${url}`];
  if (options.clean) args.push('--clean', '--if-exists');
  await run(`${PG_BIN}/pg_restore`, [...args, dumpFile]);
}
