import { sql, type Kysely } from 'kysely';

// A member's private memo on a problem and their "헷갈림" (confusing) flag. One row per member and
// problem; a row with no text and no flag is deleted rather than kept empty.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  const now = isPostgres(db) ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  await db.schema
    .createTable('problem_notes')
    .addColumn('member_code', 'integer', (c) => c.notNull().references('members.code').onDelete('cascade'))
    .addColumn('problem_uid', 'integer', (c) => c.notNull().references('problems.uid').onDelete('cascade'))
    .addColumn('note_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_confused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('update_time', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('problem_notes_pk', ['member_code', 'problem_uid'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('problem_notes').execute();
}
