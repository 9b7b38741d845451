import { sql, type Kysely } from 'kysely';

// Issue 30: what a member marks on a problem while answering (strikes, highlights, the review
// mark), what members think of a problem (ratings), the member's look (theme, type size) and
// the leads' edition of the 참고치 table. Each member-and-problem table has one row per pair,
// written by upsert; a row with nothing left in it is deleted rather than kept empty.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  const now = isPostgres(db) ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  await db.schema
    .createTable('problem_annotations')
    .addColumn('member_code', 'integer', (c) => c.notNull().references('members.code').onDelete('cascade'))
    .addColumn('problem_uid', 'integer', (c) => c.notNull().references('problems.uid').onDelete('cascade'))
    // Struck option numbers, comma-separated ('2,4'); highlights as JSON ([{part,start,end}]).
    .addColumn('struck', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('highlights', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('highlights_time', 'text')
    .addColumn('is_marked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('update_time', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('problem_annotations_pk', ['member_code', 'problem_uid'])
    .execute();

  await db.schema
    .createTable('problem_ratings')
    .addColumn('member_code', 'integer', (c) => c.notNull().references('members.code').onDelete('cascade'))
    .addColumn('problem_uid', 'integer', (c) => c.notNull().references('problems.uid').onDelete('cascade'))
    .addColumn('is_good', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_erroneous', 'integer', (c) => c.notNull().defaultTo(0))
    // 1 쉬움, 2 보통, 3 어려움; null when the member gave no difficulty.
    .addColumn('difficulty', 'integer')
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('update_time', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('problem_ratings_pk', ['member_code', 'problem_uid'])
    .execute();
  // The figures of a page of problems and the leads' queue read by problem.
  await db.schema.createIndex('problem_ratings_problem').on('problem_ratings').columns(['problem_uid', 'is_erroneous']).execute();

  await db.schema
    .createTable('member_settings')
    .addColumn('member_code', 'integer', (c) => c.primaryKey().references('members.code').onDelete('cascade'))
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo('light'))
    .addColumn('type_size', 'text', (c) => c.notNull().defaultTo('medium'))
    .addColumn('update_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  // One row (id 1) once a lead has edited the table; none while the built-in default applies.
  await db.schema
    .createTable('reference_tables')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('edited_by', 'integer', (c) => c.references('members.code').onDelete('set null'))
    .addColumn('update_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reference_tables').execute();
  await db.schema.dropTable('member_settings').execute();
  await db.schema.dropTable('problem_ratings').execute();
  await db.schema.dropTable('problem_annotations').execute();
}
