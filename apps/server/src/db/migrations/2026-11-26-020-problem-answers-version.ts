import { sql, type Kysely } from 'kysely';

// A problem's answers version (decision 063): one number per problem that changes whenever the
// class's answers to it (`/v1/problem/{id}/stats`) can change, so the shared response cache can
// keep that read with exact invalidation across processes. The class's answers are each approved
// member's first answer, so what changes them is:
// - a member's first answer to the problem (later answers leave the first one as it was; a
//   review session of known problems takes no lock here);
// - a stored answer changing its problem, member, answer, verdict or judge (re-judging,
//   self-judgment), or being deleted (with its problem, its member, or by hand);
// - a member's approval or grade changing (the class's figures count approved members, and a
//   member's percentile is among their grade): that raises the content version (migration 070),
//   which every cached body depends on, as both are rare and touch every problem the member
//   answered.
// The answer key and the problem itself are content and raise the content version already.
//
// As with the other versions the database bumps it in triggers, so no write path has to remember
// to. On PostgreSQL the triggers fire after the member activity triggers (trigger names sort
// "member_activity" before "problem_answers"), and each statement locks the problems' rows in
// uid order: every writer takes members first, then problems, each in order, so two writers never
// wait on each other in a cycle.

/** The problems of a statement's first answers: no earlier answer by the same member to the same problem. */
const FIRST_ANSWERS = `select n.problem_uid from new_rows n where not exists (
  select 1 from solve_attempts a where a.problem_uid = n.problem_uid and a.member_code = n.member_code and a.code < n.code)`;

const JUDGED_COLUMNS = ['problem_uid', 'member_code', 'answer', 'is_correct', 'judged_by'];

/** The problems whose rows changed a judged column (a review's self-rating changes none). */
function changedRows(side: 'o' | 'n'): string {
  const tuple = (alias: string) => `(${JUDGED_COLUMNS.map((column) => `${alias}.${column}`).join(', ')})`;
  return `select ${side}.problem_uid from old_rows o join new_rows n on n.code = o.code where ${tuple('o')} is distinct from ${tuple('n')}`;
}

export function postgresBump(problems: string): string {
  return (
    `insert into problem_answer_versions as v (problem_uid, version) ` +
    `select distinct problem_uid, 1 from (${problems}) p order by 1 ` +
    `on conflict (problem_uid) do update set version = v.version + 1`
  );
}

export const POSTGRES_EVENTS = [
  { operation: 'insert', referencing: 'new table as new_rows', problems: FIRST_ANSWERS },
  { operation: 'update', referencing: 'old table as old_rows new table as new_rows', problems: `${changedRows('o')} union ${changedRows('n')}` },
  { operation: 'delete', referencing: 'old table as old_rows', problems: 'select problem_uid from old_rows' },
] as const;

export function sqliteBump(row: 'new' | 'old'): string {
  return (
    `insert or ignore into problem_answer_versions (problem_uid, version) values (${row}.problem_uid, 0); ` +
    `update problem_answer_versions set version = version + 1 where problem_uid = ${row}.problem_uid;`
  );
}

/** Each operation's condition and the rows whose problems it bumps (the trigger's body, in order). */
export const SQLITE_TRIGGERS: Record<'insert' | 'update' | 'delete', { when: string; rows: Array<'new' | 'old'> }> = {
  insert: {
    when: 'not exists (select 1 from solve_attempts a where a.problem_uid = new.problem_uid and a.member_code = new.member_code and a.code < new.code)',
    rows: ['new'],
  },
  update: {
    when: `(${JUDGED_COLUMNS.map((column) => `old.${column}`).join(', ')}) is not (${JUDGED_COLUMNS.map((column) => `new.${column}`).join(', ')})`,
    rows: ['old', 'new'],
  },
  delete: { when: '1', rows: ['old'] },
};

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('problem_answer_versions')
    .addColumn('problem_uid', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Problems answered before this migration start at 1, so their first bump is a change too.
  await sql`insert into problem_answer_versions (problem_uid, version) select distinct problem_uid, 1 from solve_attempts`.execute(db);

  if (isPostgres(db)) {
    for (const { operation, referencing, problems } of POSTGRES_EVENTS) {
      const fn = `solve_attempts_problem_answers_${operation}`;
      await sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin ${postgresBump(problems)}; return null; end $$`).execute(db);
      await sql
        .raw(`create trigger ${fn} after ${operation} on solve_attempts referencing ${referencing} for each statement execute function ${fn}()`)
        .execute(db);
    }
    await sql
      .raw(`create trigger solve_attempts_problem_answers_truncate after truncate on solve_attempts for each statement execute function bump_content_version()`)
      .execute(db);
    await sql
      .raw(
        `create trigger members_approval_content_version after update of validated, grade on members for each row ` +
          `when ((old.validated, old.grade) is distinct from (new.validated, new.grade)) execute function bump_content_version()`,
      )
      .execute(db);
  } else {
    for (const [operation, { when, rows }] of Object.entries(SQLITE_TRIGGERS)) {
      await sql
        .raw(
          `create trigger solve_attempts_problem_answers_${operation} after ${operation} on solve_attempts when ${when} begin ${rows.map(sqliteBump).join(' ')} end`,
        )
        .execute(db);
    }
    await sql
      .raw(
        `create trigger members_approval_content_version after update of validated, grade on members ` +
          `when old.validated is not new.validated or old.grade is not new.grade ` +
          `begin update content_versions set version = version + 1 where name = 'content-0'; end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const on = (table: string) => (isPostgres(db) ? ` on ${table}` : '');
  for (const operation of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger if exists solve_attempts_problem_answers_${operation}${on('solve_attempts')}`).execute(db);
    if (isPostgres(db)) await sql.raw(`drop function if exists solve_attempts_problem_answers_${operation}()`).execute(db);
  }
  if (isPostgres(db)) await sql.raw('drop trigger if exists solve_attempts_problem_answers_truncate on solve_attempts').execute(db);
  await sql.raw(`drop trigger if exists members_approval_content_version${on('members')}`).execute(db);
  await db.schema.dropTable('problem_answer_versions').execute();
}
