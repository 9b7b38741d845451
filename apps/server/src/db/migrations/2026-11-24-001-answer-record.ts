import { sql, type Kysely } from 'kysely';

// solve_attempts becomes the one record of every answer a member gives anywhere: solve mode
// (a run of one exam), study sessions (any mix of exams) and the review deck. Statistics, the
// "wrong"/"unseen" filters, the review schedule and answer-key re-judging all read this table,
// so an answer is stored once and judged in one place.
//   source       'solve' | 'session' | 'review'
//   run_code     the solve run (solve mode only; null otherwise)
//   session_code the study session (sessions only)
//   judged_by    'machine' (compared with the key) | 'self' (the member judged an essay answer)
//
// SQLite cannot drop NOT NULL in place, so the table is rebuilt (nothing references it).

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table solve_attempts alter column run_code drop not null`.execute(db);
    await sql`alter table solve_attempts add column source text not null default 'solve'`.execute(db);
    await sql`alter table solve_attempts add column session_code integer`.execute(db);
    await sql`alter table solve_attempts add column judged_by text not null default 'machine'`.execute(db);
  } else {
    await sql`create table solve_attempts_new (
      code integer primary key autoincrement,
      run_code integer references solve_runs(code) on delete cascade,
      member_code integer not null references members(code) on delete cascade,
      problem_uid integer not null references problems(uid) on delete cascade,
      answer text not null,
      is_correct integer not null,
      creation_time text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      source text not null default 'solve',
      session_code integer,
      judged_by text not null default 'machine'
    )`.execute(db);
    await sql`insert into solve_attempts_new (code, run_code, member_code, problem_uid, answer, is_correct, creation_time)
      select code, run_code, member_code, problem_uid, answer, is_correct, creation_time from solve_attempts`.execute(db);
    await sql`drop table solve_attempts`.execute(db);
    await sql`alter table solve_attempts_new rename to solve_attempts`.execute(db);
    await db.schema.createIndex('solve_attempts_run_idx').on('solve_attempts').columns(['run_code', 'problem_uid', 'code']).execute();
  }
  await db.schema.dropIndex('solve_attempts_member_problem_idx').ifExists().execute();
  // A member's latest (and first) answer to each problem: "wrong"/"unseen" filters, review, my stats.
  await db.schema.createIndex('solve_attempts_member_problem_idx').on('solve_attempts').columns(['member_code', 'problem_uid', 'code']).execute();
  // Everyone's answers to one problem: the class's distribution, item analysis, re-judging.
  await db.schema.createIndex('solve_attempts_problem_member_idx').on('solve_attempts').columns(['problem_uid', 'member_code', 'code']).execute();
  await db.schema.createIndex('solve_attempts_session_idx').on('solve_attempts').columns(['session_code', 'problem_uid', 'code']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('solve_attempts_session_idx').execute();
  await db.schema.dropIndex('solve_attempts_problem_member_idx').execute();
  await db.deleteFrom('solve_attempts').where('run_code', 'is', null).execute();
  for (const column of ['judged_by', 'session_code', 'source']) {
    await db.schema.alterTable('solve_attempts').dropColumn(column).execute();
  }
}
