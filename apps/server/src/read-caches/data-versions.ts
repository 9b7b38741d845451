import { sql } from 'kysely';

// The versions the response caches compare, as select expressions. Every request reads them
// before its data, with the member (../core/auth-guards.ts) or alone (../core/batched-reads.ts).

/**
 * The content version: the sum of the version rows (several on PostgreSQL, see migration 070);
 * every committed write raises it, so equal sums mean no write in between.
 */
export const contentVersionSum = sql<number | string | null>`(select sum(version) from content_versions)`;

/** The lineage version (decision 211): the same over lineage_versions (migration 2026-12-07-211). */
export const lineageVersionSum = sql<number | string | null>`(select sum(version) from lineage_versions)`;

/** The text form every reader of a version compares. */
export function versionText(sum: number | string | null | undefined): string {
  return String(sum ?? 'none');
}
