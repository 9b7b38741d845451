import type { Kysely } from 'kysely';

// Strikes and the review mark made offline are queued and sent later, like highlights (decision
// 197): each keeps when the member last changed it (their clock), so a queued change older than
// the stored one is dropped instead of overwriting a newer change made on another device.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('problem_annotations').addColumn('struck_time', 'text').execute();
  await db.schema.alterTable('problem_annotations').addColumn('marked_time', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('problem_annotations').dropColumn('marked_time').execute();
  await db.schema.alterTable('problem_annotations').dropColumn('struck_time').execute();
}
