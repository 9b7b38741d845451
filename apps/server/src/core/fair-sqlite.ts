import type BetterSqlite3 from 'better-sqlite3';
import { SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';
import { LRUCache } from 'lru-cache';

/**
 * Kysely asks better-sqlite3 to prepare every query anew, and compiling the SQL was ~12 % of the
 * server's busy time under load (docs/performance.md). The few hundred distinct statements the
 * server issues are kept compiled here, the least recently used dropped past `capacity`
 * (lru-cache: a hit costs ~50–80 ns against ~160–260 ns for the Map this was before,
 * bench/statement-cache.ts). Reusing a statement is safe because the FIFO lock below lets one
 * query at a time reach the connection; SQLite re-prepares a cached statement by itself after a
 * schema change.
 */
export function cacheStatements(database: BetterSqlite3.Database, capacity = 1000): BetterSqlite3.Database {
  const compiled = new LRUCache<string, BetterSqlite3.Statement>({ max: capacity });
  const prepare = database.prepare.bind(database);
  const cachedPrepare = (source: string): BetterSqlite3.Statement => {
    let statement = compiled.get(source);
    if (!statement) {
      statement = prepare(source);
      compiled.set(source, statement);
    }
    return statement;
  };
  database.prepare = cachedPrepare as BetterSqlite3.Database['prepare'];
  return database;
}

/**
 * A lock handed to waiters strictly in arrival order. Kysely's SQLite driver guards its single
 * connection with a mutex that wakes every waiter on each release (they all race again, and a
 * caller arriving in between can take the lock before any of them): at 200 concurrent requests
 * that is 200 wake-ups per query, and no bound on how often one request loses the race. Here the
 * releasing holder passes the lock to the next waiter directly.
 */
export class FifoLock {
  #held = false;
  readonly #waiters: Array<() => void> = [];

  lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  unlock(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#held = false;
  }

  get waiting(): number {
    return this.#waiters.length;
  }
}

// Only one caller at a time reaches the inner driver, so its own mutex is never contended.
class FairSqliteDriver extends SqliteDriver {
  readonly #queue = new FifoLock();

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#queue.lock();
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.#queue.unlock();
  }
}

/** Kysely's SQLite dialect (better-sqlite3) with first-come, first-served access to the connection. */
export class FairSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new FairSqliteDriver(this.#config);
  }
}
