import { sql, type Kysely } from 'kysely';
import { POSTGRES_EVENTS, postgresBump, SQLITE_TRIGGERS, sqliteBump } from './2026-11-26-020-problem-answers-version';

// Decision 217: an exam's answers version, one row per exam, raised with its problems' answers
// versions (migration 2026-11-26-020) by the same triggers. Every exam report from the cache
// (item analysis, a member's figures and percentile on the exam) reads it first; the sum of the
// exam's ~140 problem versions it replaces cost PostgreSQL ~200 µs a request.
//
// Lock order: a statement's trigger bumps its problems' rows (in uid order), then their exams'
// rows (in code order), within the one trigger function, so every writer still takes members,
// then problems, then exams. A trigger of its own would fire by name ("solve_attempts_exam…"
// before "solve_attempts_member…"), taking an exam before a member another writer holds.
//
// A problem deleted with its answers has no exam left to bump here; its delete raises the
// content version, which every cached report depends on too. So does a problem moving exams.

const EXAMS_OF_BUMPED = (problems: string) =>
  `insert into exam_answer_versions as v (test_code, version) ` +
  `select distinct p.test_code, 1 from problems p where p.uid in (${problems}) order by 1 ` +
  `on conflict (test_code) do update set version = v.version + 1`;

function sqliteExamBump(row: 'new' | 'old'): string {
  const exam = `(select test_code from problems where uid = ${row}.problem_uid)`;
  return (
    `insert or ignore into exam_answer_versions (test_code, version) select ${exam}, 0 where ${exam} is not null; ` +
    `update exam_answer_versions set version = version + 1 where test_code = ${exam};`
  );
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

async function replaceTriggers(db: Kysely<any>, withExams: boolean): Promise<void> {
  if (isPostgres(db)) {
    for (const { operation, problems } of POSTGRES_EVENTS) {
      const body = postgresBump(problems) + (withExams ? `; ${EXAMS_OF_BUMPED(problems)}` : '');
      await sql
        .raw(
          `create or replace function solve_attempts_problem_answers_${operation}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`,
        )
        .execute(db);
    }
    return;
  }
  for (const [operation, { when, rows }] of Object.entries(SQLITE_TRIGGERS)) {
    const body = rows.map((row) => sqliteBump(row) + (withExams ? ` ${sqliteExamBump(row)}` : '')).join(' ');
    await sql.raw(`drop trigger solve_attempts_problem_answers_${operation}`).execute(db);
    await sql.raw(`create trigger solve_attempts_problem_answers_${operation} after ${operation} on solve_attempts when ${when} begin ${body} end`).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('exam_answer_versions')
    .addColumn('test_code', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Each exam starts at its problems' sum, the version the reports were cached under until now.
  await sql`insert into exam_answer_versions (test_code, version)
    select p.test_code, sum(v.version) from problem_answer_versions v join problems p on p.uid = v.problem_uid group by p.test_code`.execute(db);
  await replaceTriggers(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await replaceTriggers(db, false);
  await db.schema.dropTable('exam_answer_versions').execute();
}
