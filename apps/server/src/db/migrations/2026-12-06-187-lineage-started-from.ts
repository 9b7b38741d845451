import type { Kysely } from 'kysely';

// A problem written with "이 문제에서 시작" (issue 28 item 6, decision 187) keeps a link to the problem
// it started from: `started_from` names that end. Detection never deletes such a link when it stops
// finding the pair (an undecided one stays as a lead's suggestion, detected = 0).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lineage_links').addColumn('started_from', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lineage_links').dropColumn('started_from').execute();
}
