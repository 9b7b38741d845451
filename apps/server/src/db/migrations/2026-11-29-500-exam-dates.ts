import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// The exam calendar and the plan to it (issue 29, decisions 150 and 151).
// - exam_dates: an exam on a day; `grade` set: a lead published it for that grade (every member
//   of the grade sees it); `grade` null: the owner's own entry, private to them.
// - exam_date_classes / exam_date_tests: the lecture classes and past exams in scope.
// - exam_date_reminders: one row per (exam, days before) reminder sent, so the leased job sends
//   each once whichever process runs it (insert … on conflict do nothing decides).
// - study_plan_settings: a member's daily budget (minutes) and target recall on the exam day.
// - member_fsrs_params: the member's fitted FSRS parameters and how they predict the member's
//   own history against the defaults (decision 153); written only by the background job.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('exam_dates')
    .addColumn('code', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('exam_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('exam_time', 'varchar(5)')
    .addColumn('subject_code', 'integer', (c) => c.notNull())
    .addColumn('grade', 'integer')
    .addColumn('owner_code', 'integer', (c) => c.notNull())
    .addColumn('creation_time', 'varchar(32)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('update_time', 'varchar(32)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('exam_dates_grade_date').on('exam_dates').columns(['grade', 'exam_date']).execute();
  await db.schema.createIndex('exam_dates_owner_date').on('exam_dates').columns(['owner_code', 'exam_date']).execute();

  for (const [table, column] of [
    ['exam_date_classes', 'class_uid'],
    ['exam_date_tests', 'test_code'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('exam_date_code', 'integer', (c) => c.notNull().references('exam_dates.code').onDelete('cascade'))
      .addColumn(column, 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['exam_date_code', column])
      .execute();
  }

  await db.schema
    .createTable('exam_date_reminders')
    .addColumn('exam_date_code', 'integer', (c) => c.notNull().references('exam_dates.code').onDelete('cascade'))
    .addColumn('days_before', 'integer', (c) => c.notNull())
    .addColumn('creation_time', 'varchar(32)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addPrimaryKeyConstraint('exam_date_reminders_pk', ['exam_date_code', 'days_before'])
    .execute();

  await db.schema
    .createTable('study_plan_settings')
    .addColumn('member_code', 'integer', (c) => c.primaryKey())
    .addColumn('daily_minutes', 'integer', (c) => c.notNull())
    .addColumn('target_recall', 'real', (c) => c.notNull())
    .addColumn('update_time', 'varchar(32)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();

  await db.schema
    .createTable('member_fsrs_params')
    .addColumn('member_code', 'integer', (c) => c.primaryKey())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('review_count', 'integer', (c) => c.notNull())
    .addColumn('log_loss_fitted', 'real', (c) => c.notNull())
    .addColumn('log_loss_default', 'real', (c) => c.notNull())
    .addColumn('rmse_fitted', 'real', (c) => c.notNull())
    .addColumn('rmse_default', 'real', (c) => c.notNull())
    .addColumn('fitted_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['member_fsrs_params', 'study_plan_settings', 'exam_date_reminders', 'exam_date_tests', 'exam_date_classes', 'exam_dates']) {
    await db.schema.dropTable(table).execute();
  }
}
