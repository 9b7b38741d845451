import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema';
import { cacheStatements, FairSqliteDialect } from './fair-sqlite';
import { sendPreparedStatementsNamed } from './prepared-statements';
import { bigramDocument, choseongDocument, choseongKey } from '../db/search-documents';

export type { Dialect } from './dialect';
import type { Dialect } from './dialect';
export type Db = Kysely<Database>;
export type DbOrTx = Kysely<Database> | Transaction<Database>;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
}

// PostgreSQL returns COUNT(*) and BIGINT as strings; the product never counts past 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

// The PostgreSQL pool behind each opened database, for /metrics (metrics/collectors.ts).
const pools = new WeakMap<Db, pg.Pool>();

/** The pool's connections and waiting queries; null on SQLite (one connection, no pool). */
export function poolStateOf(db: Db): { total: number; idle: number; waiting: number; max: number } | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 } : null;
}

export function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): DbHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle pooled connection that the server closes (a PostgreSQL restart, a failover, an
    // administrator's pg_terminate_backend) makes the pool emit 'error'; with no listener Node
    // would end the process. The pool has already dropped that client and opens a new one for the
    // next query, so saying so is all there is to do.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL closed an idle pooled connection: ${error.message}`);
    });
    // No JIT compilation: the statistics queries' cost estimates pass jit_above_cost (a correlated
    // count per exam), and compiling took ~17 ms of a 26 ms query (EXPLAIN ANALYZE of a student's
    // figures, decision 058). Set per connection, since the URL's own options (the tests' search_path)
    // must stay; the client runs it before any query handed to it.
    pool.on('connect', (client) => {
      sendPreparedStatementsNamed(client);
      // A server without JIT knows the setting too (PostgreSQL 11+); a failure only leaves JIT on.
      client.query('set jit = off').catch(() => undefined);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return { db, dialect: 'postgres' };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'qbank.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  // The bigram search index's triggers call this (migration 2026-11-22-001).
  sqlite.function('qbank_bigrams', { deterministic: true }, (text) => bigramDocument(typeof text === 'string' ? text : ''));
  // The 초성 search column's triggers and the name searches call this (migration 2026-11-24-060).
  sqlite.function('qbank_choseong', { deterministic: true }, (text) => choseongDocument(typeof text === 'string' ? text : ''));
  // The search rows' triggers call this (migration 2026-11-27-010).
  sqlite.function('qbank_choseong_key', { deterministic: true }, (text) => choseongKey(choseongDocument(typeof text === 'string' ? text : '')));
  return { db: new Kysely<Database>({ dialect: new FairSqliteDialect({ database: cacheStatements(sqlite) }) }), dialect: 'sqlite' };
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** A unique constraint refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** A foreign key refused the write: the referenced row is gone, or rows still point at it. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}
