import { sql } from 'kysely';
import type { Db, Dialect } from './db';

/**
 * The query planners choose indexes from table statistics. PostgreSQL's autovacuum keeps them by
 * itself between bulk loads; SQLite keeps none unless asked, and without them it ignored the
 * covering listing index, so a 13,000-hit search read its sort keys from whole problem rows
 * (docs/performance.md).
 * - 'start': on every server start, SQLite analyzes only the tables whose statistics are missing
 *   or stale (PRAGMA optimize, sampling at most `analysis_limit` rows per index), so a start stays fast.
 * - 'bulk': after a bulk write (large seed, import), every table is analyzed now.
 */
export async function refreshPlannerStatistics(db: Db, dialect: Dialect, when: 'start' | 'bulk'): Promise<void> {
  if (dialect === 'postgres') {
    if (when === 'bulk') await sql`analyze`.execute(db);
    return;
  }
  if (when === 'bulk') {
    await sql`analyze`.execute(db);
    return;
  }
  await sql`pragma analysis_limit = 1000`.execute(db);
  await sql`pragma optimize = 0x10002`.execute(db);
}
