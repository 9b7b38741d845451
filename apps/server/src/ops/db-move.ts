import { existsSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { MIGRATION_NAMES, migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import {
  foreignKeyOrder,
  isBookkeeping,
  postgresRowCount,
  postgresSequences,
  postgresTables,
  quoteIdent,
  secondaryIndexes,
  sqliteMigrations,
  sqliteSequences,
  sqliteTables,
  type SourceTable,
  type TargetTable,
} from './db-move-schema';
import { TableChecksum, toPostgres } from './db-move-values';

// `npm run db:move` (decision 131): the embedded SQLite database of DATA_DIR into an empty
// PostgreSQL database. Everything on the target happens in one transaction (schema by the
// project's migrations, every row, the sequences, then the comparison), so a move that fails at
// any point leaves the target as it found it and can simply be run again. The SQLite file is held
// with an exclusive lock from the first check to the end: a server still running on it is found
// by that lock (the move refuses), and a server started during the move cannot write to it.

export interface MoveOptions {
  dataDir: string;
  targetUrl: string;
  /** Rows per INSERT and per read-back fetch; bounds memory whatever the table's size. */
  batchRows?: number;
  /** A line per table as the copy goes (large moves take minutes). */
  progress?: (line: string) => void;
}

export interface MovedTable {
  name: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
}

export interface MoveReport {
  migration: string;
  /** Copied and compared, in the order they were filled. */
  tables: MovedTable[];
  /** Only in SQLite (its FTS5 search indexes and their shadow tables): not copied. */
  sourceOnly: string[];
  /** Filled by the target's own migrations (per-dialect counters): kept as they are, not compared. */
  targetOwn: { name: string; rows: number }[];
  /** Only in PostgreSQL: left as the migrations made them. */
  targetOnly: string[];
  /** table.column that PostgreSQL computes itself: not written, not compared. */
  generated: string[];
  sequences: { sequence: string; value: string }[];
}

/** The move will not start: the reason is for the operator, and nothing was changed. */
export class MoveRefused extends Error {}

const SQLITE_FILE = 'qbank.sqlite';

/**
 * Opens DATA_DIR's SQLite file and takes its exclusive lock, kept until `close()`. A running
 * server holds a shared lock on the file for as long as it has it open (WAL mode), so the lock is
 * refused exactly when a server (or any other process) is using the database.
 */
function lockSource(dataDir: string): SQLite.Database {
  const file = path.join(dataDir, SQLITE_FILE);
  if (!existsSync(file)) throw new MoveRefused(`no SQLite database at ${file} (set --data-dir or DATA_DIR)`);
  const sqlite = new SQLite(file, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 0');
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.exec('begin exclusive');
    sqlite.exec('commit');
  } catch (error) {
    sqlite.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new MoveRefused(`${file} is in use by another process: stop the qbank server (and anything else using the file) first`);
    }
    throw error;
  }
  return sqlite;
}

/** A client whose bigints arrive as text, so the comparison sees every digit. */
function targetClient(url: string): pg.Client {
  return new pg.Client({
    connectionString: url,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8 ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
}

/** Kysely on the one client the move's transaction runs on, for the project's migrator. */
function kyselyOn(client: pg.Client): Kysely<Database> {
  const held = Object.assign(client, { release: () => undefined });
  const pool = { connect: async () => held, end: async () => undefined } as unknown as pg.Pool;
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

async function refuseNonEmpty(client: pg.Client): Promise<void> {
  const filled: string[] = [];
  for (const name of (await postgresTables(client)).keys()) {
    if (isBookkeeping(name)) continue;
    const rows = await postgresRowCount(client, name);
    if (rows > 0) filled.push(`${name} (${rows} rows)`);
  }
  if (filled.length > 0) {
    throw new MoveRefused(
      `the target database is not empty: ${filled.slice(0, 5).join(', ')}${filled.length > 5 ? `, … ${filled.length - 5} more` : ''}; ` +
        'give the move a new, empty database (createdb) and do not start the server on it before the move',
    );
  }
}

function checkMigrations(sqlite: SQLite.Database): string {
  const applied = sqliteMigrations(sqlite);
  const latest = MIGRATION_NAMES[MIGRATION_NAMES.length - 1]!;
  if (applied.join('\n') !== MIGRATION_NAMES.join('\n')) {
    throw new MoveRefused(
      `the SQLite database is at migration ${applied.at(-1) ?? '(none)'}, this code at ${latest}: ` +
        'start this version of the server on it once (it migrates at start), stop it, and run the move again',
    );
  }
  return latest;
}

function checkColumns(name: string, source: SourceTable, target: TargetTable): void {
  const missing = target.columns.filter((column) => !source.columns.includes(column.name)).map((column) => column.name);
  const extra = source.columns.filter((column) => !target.columns.some((c) => c.name === column) && !target.generated.includes(column));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      `table ${name} differs between the databases (only in PostgreSQL: ${missing.join(', ') || '–'}; only in SQLite: ${extra.join(', ') || '–'})`,
    );
  }
}

async function copyTable(
  sqlite: SQLite.Database,
  client: pg.Client,
  name: string,
  source: SourceTable,
  target: TargetTable,
  batchRows: number,
): Promise<TableChecksum> {
  const columns = target.columns;
  const list = columns.map((column) => quoteIdent(column.name)).join(', ');
  // Key order: a table whose foreign key points at itself gets its parents first.
  const order = (source.key.length > 0 ? source.key : ['rowid']).map(quoteIdent).join(', ');
  const read = sqlite.prepare(`select ${list} from ${quoteIdent(name)} order by ${order}`).safeIntegers(true);
  const perInsert = Math.max(1, Math.min(batchRows, Math.floor(60_000 / columns.length)));
  const insert = async (rows: Record<string, unknown>[]) => {
    const values = rows.map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
    const params = rows.flatMap((row) => columns.map((column) => toPostgres(row[column.name], column)));
    const overriding = target.identityAlways ? 'overriding system value ' : '';
    await client.query(`insert into ${quoteIdent(name)} (${list}) ${overriding}values ${values.join(', ')}`, params);
  };
  const checksum = new TableChecksum(columns);
  let batch: Record<string, unknown>[] = [];
  for (const row of read.iterate() as IterableIterator<Record<string, unknown>>) {
    checksum.add(row);
    batch.push(row);
    if (batch.length === perInsert) {
      await insert(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await insert(batch);
  return checksum;
}

/** The target's side, read back through a cursor in the move's own transaction. */
async function targetChecksum(client: pg.Client, name: string, target: TargetTable, batchRows: number): Promise<TableChecksum> {
  const checksum = new TableChecksum(target.columns);
  await client.query(
    `declare qbank_move_check no scroll cursor for select ${target.columns.map((c) => quoteIdent(c.name)).join(', ')} from ${quoteIdent(name)}`,
  );
  for (;;) {
    const { rows } = await client.query<Record<string, unknown>>(`fetch ${batchRows} from qbank_move_check`);
    if (rows.length === 0) break;
    for (const row of rows) checksum.add(row);
  }
  await client.query('close qbank_move_check');
  return checksum;
}

/** Each sequence past the largest id copied and past SQLite's AUTOINCREMENT high-water mark. */
async function advanceSequences(client: pg.Client, sqlite: SQLite.Database, copied: Map<string, SourceTable>): Promise<MoveReport['sequences']> {
  const highWater = sqliteSequences(sqlite);
  const result: MoveReport['sequences'] = [];
  for (const { table, column, sequence } of await postgresSequences(client)) {
    const source = copied.get(table);
    if (!source) continue;
    const { rows } = await client.query<{ max: string | null }>(`select max(${quoteIdent(column)})::text as max from ${quoteIdent(table)}`);
    let value = BigInt(rows[0]!.max ?? 0);
    const mark = source.key.length === 1 && source.key[0] === column ? highWater.get(table) : undefined;
    if (mark !== undefined && mark > value) value = mark;
    if (value > 0n) await client.query('select setval($1, $2, true)', [sequence, value.toString()]);
    else await client.query('select setval($1, 1, false)', [sequence]);
    result.push({ sequence, value: value > 0n ? value.toString() : '(unused)' });
  }
  return result;
}

export async function moveDatabase(options: MoveOptions): Promise<MoveReport> {
  const batchRows = options.batchRows ?? 1000;
  const progress = options.progress ?? (() => undefined);
  const sqlite = lockSource(options.dataDir);
  const client = targetClient(options.targetUrl);
  let db: Kysely<Database> | undefined;
  try {
    const migration = checkMigrations(sqlite);
    await client.connect();
    await client.query('begin');
    try {
      await refuseNonEmpty(client);
      const schema = (await client.query<{ schema: string }>('select current_schema() as schema')).rows[0]!.schema;
      db = kyselyOn(client);
      await migrateToLatest(db, { schema, inCallersTransaction: true });

      const source = sqliteTables(sqlite);
      const target = await postgresTables(client);
      const report: MoveReport = { migration, tables: [], sourceOnly: [], targetOwn: [], targetOnly: [], generated: [], sequences: [] };
      const copied = new Map<string, SourceTable>();
      for (const [name, table] of target) {
        if (isBookkeeping(name)) continue;
        const rows = await postgresRowCount(client, name);
        // Nothing was there before the migrations, so these rows are theirs (content_versions:
        // 16 counters on PostgreSQL, one on SQLite).
        if (rows > 0) report.targetOwn.push({ name, rows });
        else if (!source.has(name)) report.targetOnly.push(name);
        else {
          checkColumns(name, source.get(name)!, table);
          copied.set(name, source.get(name)!);
          report.generated.push(...table.generated.map((column) => `${name}.${column}`));
        }
      }
      report.sourceOnly = [...source.keys()].filter((name) => !isBookkeeping(name) && !target.has(name));

      const order = await foreignKeyOrder(client, [...copied.keys()]);
      // Derived tables (problem_search, the version counters) are copied as SQLite has them, so
      // their triggers must not fire on the copy; foreign keys stay checked (they are not USER).
      for (const name of order) await client.query(`alter table ${quoteIdent(name)} disable trigger user`);
      const indexes = await secondaryIndexes(client, order);
      for (const index of indexes) await client.query(`drop index ${quoteIdent(index.name)}`);
      const sourceSums = new Map<string, TableChecksum>();
      for (const name of order) {
        sourceSums.set(name, await copyTable(sqlite, client, name, copied.get(name)!, target.get(name)!, batchRows));
        progress(`copied ${name}: ${sourceSums.get(name)!.rows} rows`);
      }
      for (const index of indexes) await client.query(index.definition);
      progress(`built ${indexes.length} indexes again`);
      report.sequences = await advanceSequences(client, sqlite, copied);
      for (const name of order) await client.query(`alter table ${quoteIdent(name)} enable trigger user`);

      for (const name of order) {
        const after = await targetChecksum(client, name, target.get(name)!, batchRows);
        const before = sourceSums.get(name)!;
        report.tables.push({ name, sourceRows: before.rows, targetRows: after.rows, sourceChecksum: before.hex(), targetChecksum: after.hex() });
      }
      const differing = report.tables.filter((t) => t.sourceRows !== t.targetRows || t.sourceChecksum !== t.targetChecksum);
      if (differing.length > 0) throw new Error(`the copy differs from the source in ${differing.map((t) => t.name).join(', ')}; nothing was kept`);
      await client.query('commit');
      return report;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  } finally {
    await db?.destroy();
    await client.end().catch(() => undefined);
    sqlite.close();
  }
}
