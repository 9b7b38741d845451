import { sql } from 'kysely';
import type { Db, Dialect } from './db';

/**
 * The query planners choose indexes from table statistics. PostgreSQL's autovacuum keeps them by
 * itself between bulk loads; SQLite keeps none unless asked, and without them it ignored the
 * covering listing index, so a 13,000-hit search read its sort keys from whole problem rows
 * (docs/performance.md).
 * - 'start' (every server start) and 'write' (after an import): SQLite analyzes only the tables
 *   whose statistics are missing or stale (PRAGMA optimize, sampling at most `analysis_limit`
 *   rows per index), so both stay fast; PostgreSQL's autovacuum follows ordinary writes.
 * - 'migrated': a start that applied migrations (new indexes, new columns, rewritten documents):
 *   every table is analyzed, sampled on SQLite. PostgreSQL has no statistics for a new expression
 *   index (the bigram indexes) until an ANALYZE, and autovacuum waits for enough changed rows.
 * - 'bulk': after a bulk write (large seed), every table is analyzed now, in full. PostgreSQL also
 *   vacuums this schema's tables: until the visibility map is set, an index-only scan (the study
 *   builder's count over problems_answerable_idx) fetches every heap row, and a freshly loaded
 *   bank counted 100,000 problems in 276 ms instead of 36 ms until autovacuum came round.
 */
export async function refreshPlannerStatistics(db: Db, dialect: Dialect, when: 'start' | 'write' | 'migrated' | 'bulk'): Promise<void> {
  if (dialect === 'postgres') {
    if (when === 'bulk') {
      const { rows } = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = current_schema()`.execute(db);
      if (rows.length > 0) await sql`vacuum (analyze) ${sql.join(rows.map((row) => sql.id(row.tablename)))}`.execute(db);
    } else if (when === 'migrated') await sql`analyze`.execute(db);
    return;
  }
  if (when === 'bulk') {
    await sql`analyze`.execute(db);
    return;
  }
  await sql`pragma analysis_limit = 1000`.execute(db);
  if (when === 'migrated') await sql`analyze`.execute(db);
  else await sql`pragma optimize = 0x10002`.execute(db);
}
