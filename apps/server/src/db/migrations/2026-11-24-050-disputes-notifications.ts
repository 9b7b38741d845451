import { sql, type Kysely } from 'kysely';

// Issue 15: answer-key disputes (이의제기) with supports, comments and the lead's ruling; the
// 문항 무효 flag of a problem; members' notifications; and the review history of submitted slots.
// Frozen in time: takes Kysely<any>, imports no application code.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const idType = pg ? 'serial' : 'integer';
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const table = (name: string) => db.schema.createTable(name).addColumn('code', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));

  // 문항 무효: readable, but out of every score.
  await db.schema
    .alterTable('problems')
    .addColumn('is_voided', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  //   status  'open' | 'accepted' | 'rejected' | 'voided'
  await table('problem_disputes')
    .addColumn('problem_uid', 'integer', (c) => c.notNull().references('problems.uid').onDelete('cascade'))
    .addColumn('member_code', 'integer', (c) => c.notNull().references('members.code').onDelete('cascade'))
    .addColumn('claimed_answer', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
    .addColumn('ruling_reason', 'text')
    .addColumn('ruling_answer', 'text')
    .addColumn('previous_answer', 'text')
    .addColumn('ruled_by', 'integer', (c) => c.references('members.code').onDelete('set null'))
    .addColumn('ruling_time', 'text')
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  // One open dispute per member and problem; the database decides when two arrive at once.
  await sql`create unique index problem_disputes_one_open_idx on problem_disputes (problem_uid, member_code) where status = 'open'`.execute(db);
  await db.schema.createIndex('problem_disputes_problem_idx').on('problem_disputes').columns(['problem_uid', 'status', 'code']).execute();
  await db.schema.createIndex('problem_disputes_status_idx').on('problem_disputes').columns(['status', 'code']).execute();
  await db.schema.createIndex('problem_disputes_member_idx').on('problem_disputes').columns(['member_code', 'code']).execute();

  await db.schema
    .createTable('dispute_supports')
    .addColumn('dispute_code', 'integer', (c) => c.notNull().references('problem_disputes.code').onDelete('cascade'))
    .addColumn('member_code', 'integer', (c) => c.notNull().references('members.code').onDelete('cascade'))
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('dispute_supports_pk', ['dispute_code', 'member_code'])
    .execute();
  await db.schema.createIndex('dispute_supports_member_idx').on('dispute_supports').columns(['member_code', 'dispute_code']).execute();

  await table('dispute_comments')
    .addColumn('dispute_code', 'integer', (c) => c.notNull().references('problem_disputes.code').onDelete('cascade'))
    .addColumn('member_code', 'integer', (c) => c.references('members.code').onDelete('set null'))
    .addColumn('comment_text', 'text', (c) => c.notNull())
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('dispute_comments_dispute_idx').on('dispute_comments').columns(['dispute_code', 'code']).execute();

  //   kind  see packages/shared/src/notifications.ts NOTIFICATION_KINDS
  await table('notifications')
    .addColumn('member_code', 'integer', (c) => c.notNull().references('members.code').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('problem_uid', 'integer', (c) => c.references('problems.uid').onDelete('set null'))
    .addColumn('dispute_code', 'integer', (c) => c.references('problem_disputes.code').onDelete('set null'))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('notifications_member_idx').on('notifications').columns(['member_code', 'code']).execute();
  await db.schema.createIndex('notifications_unread_idx').on('notifications').columns(['member_code', 'is_read']).execute();

  // Every step of a submitted slot: submitted, approved, changes_requested (assignments.status
  // holds the current one).
  await table('submission_reviews')
    .addColumn('problem_uid', 'integer', (c) => c.notNull().references('problems.uid').onDelete('cascade'))
    // Who did the step: the submitter or the reviewing lead.
    .addColumn('actor_code', 'integer', (c) => c.references('members.code').onDelete('set null'))
    .addColumn('action', 'varchar(24)', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  // 'changes_requested' is 17 characters: PostgreSQL enforces the column's length (SQLite does not).
  if (pg) await sql`alter table assignments alter column status type varchar(24)`.execute(db);
  await db.schema.createIndex('submission_reviews_problem_idx').on('submission_reviews').columns(['problem_uid', 'code']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['submission_reviews', 'notifications', 'dispute_comments', 'dispute_supports', 'problem_disputes']) {
    await db.schema.dropTable(name).execute();
  }
  await db.schema.alterTable('problems').dropColumn('is_voided').execute();
}
