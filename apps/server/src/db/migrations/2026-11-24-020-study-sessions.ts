import { sql, type Kysely } from 'kysely';

// Study sessions (issue 13): a member's practice set of up to 200 problems, tutor or timed.
// The answers live in solve_attempts (source 'session', session_code); the session keeps only
// what was asked for, the problems in their order, and when it ends or ended.
//   mode        'tutor' | 'timed'
//   filter      'all' | 'unseen' | 'wrong' | 'marked' | 'box' | 'confused' | 'retry'
//   scope       the builder's scope as JSON (subject_codes, years, test_codes, class_codes, box_code)
//   ends_at     timed mode: the server-clock end (ISO); null in tutor mode
//   finish_time when it was finished (by the member, or at ends_at when time ran out)
//   retry_of    the session whose misses this one retries

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  const now = isPostgres(db) ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  await db.schema
    .createTable('study_sessions')
    .addColumn('code', isPostgres(db) ? 'serial' : 'integer', (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('member_code', 'integer', (c) => c.notNull().references('members.code').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('filter', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('problem_order', 'text', (c) => c.notNull())
    .addColumn('minutes', 'real')
    .addColumn('ends_at', 'text')
    .addColumn('finish_time', 'text')
    .addColumn('retry_of', 'integer', (c) => c.references('study_sessions.code').onDelete('set null'))
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  // My sessions, newest first.
  await db.schema.createIndex('study_sessions_member_idx').on('study_sessions').columns(['member_code', 'code']).execute();
  await db.schema
    .createTable('study_session_problems')
    .addColumn('session_code', 'integer', (c) => c.notNull().references('study_sessions.code').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('problem_uid', 'integer', (c) => c.notNull().references('problems.uid').onDelete('cascade'))
    .addPrimaryKeyConstraint('study_session_problems_pk', ['session_code', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('study_session_problems').execute();
  await db.schema.dropTable('study_sessions').execute();
}
