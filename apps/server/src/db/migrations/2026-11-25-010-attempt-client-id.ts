import type { Kysely } from 'kysely';

// An answer made offline is kept in the browser and sent when the connection returns, possibly
// more than once (a reply lost on the way, two tabs flushing at once). The browser names each
// answer with a random id; the server keeps it, and a second send with the same id gets the first
// record back instead of a second one (decision 041). NULL for answers sent without one, and
// NULLs never collide in a unique index on either database.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('solve_attempts').addColumn('client_id', 'text').execute();
  await db.schema.createIndex('solve_attempts_client_id').on('solve_attempts').columns(['member_code', 'client_id']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('solve_attempts_client_id').execute();
  await db.schema.alterTable('solve_attempts').dropColumn('client_id').execute();
}
