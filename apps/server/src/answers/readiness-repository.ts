import { sql, type SqlBool } from 'kysely';
import type { DbOrTx, Dialect } from '../core/db';
import { hasVerdict, machineWrong, selfJudgedProblem } from './verdict-sql';

// The answers the exam calendar reads (issue 29, decisions 152 and 153): first-seen accuracy of the
// class and of the member for the readiness, and a member's whole history for the memory-model fit.

const CHUNK = 1000;

function chunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(values.slice(i, i + CHUNK));
  return out;
}

export interface FirstSeenRate {
  problem_uid: number;
  /** Members (other than the asker) whose first judged answer to the problem is counted. */
  answered: number;
  correct: number;
}

/**
 * Each member's first answer to each of the problems, with its verdict columns (and its time when
 * `withTime`), read in one ordered pass over index solve_attempts_problem_first_idx (problem, member,
 * code, with the verdict columns beside the key). PostgreSQL keeps each (problem, member) group's
 * first row (distinct on) and takes the problems as one array parameter: a whole subject as IN
 * lists of a thousand parameters cost it a round trip and a parse and plan per list. SQLite gives
 * the other columns of the row min(code) picks (its documented rule for bare columns beside a
 * single min()), streaming the index's groups without a sort.
 */
function firstAnswers(db: DbOrTx, dialect: Dialect, problemUids: readonly number[], withTime: boolean) {
  const base = db
    .selectFrom('solve_attempts as a')
    .select(['a.problem_uid', 'a.member_code', 'a.is_correct', 'a.judged_by'])
    .$if(withTime, (q) => q.select('a.creation_time'));
  if (dialect === 'postgres')
    return base
      .where(sql<SqlBool>`${sql.ref('a.problem_uid')} = any(${sql.val(problemUids)}::integer[])`)
      .distinctOn(['a.problem_uid', 'a.member_code'])
      .orderBy('a.problem_uid')
      .orderBy('a.member_code')
      .orderBy('a.code');
  return base
    .where('a.problem_uid', 'in', problemUids)
    .select((eb) => eb.fn.min('a.code').as('first_code'))
    .groupBy(['a.problem_uid', 'a.member_code']);
}

/**
 * Per problem, how the class did when they first met it: each other member's first judged answer.
 * The first answers come from one ordered pass over the problems' answers (firstAnswers), are
 * counted per problem, and the problem's type, needed to tell an answer still awaiting its
 * member's verdict (verdict-sql.ts), is joined once per problem, not once per answer. (A correlated
 * min(code) and a problem lookup per answer made three index descents for each of the ~15,000
 * answers to a subject: 73,000 buffer hits, ~25 of the ~44 ms of CPU PostgreSQL spent on the
 * read; docs/performance.md.) `before` (an ISO instant) keeps only first answers given before it:
 * the backtest predicts as of a past day (bench/readiness-backtest.ts).
 */
export async function listFirstSeenRates(
  db: DbOrTx,
  dialect: Dialect,
  problemUids: readonly number[],
  exceptMember: number,
  before?: string,
): Promise<FirstSeenRate[]> {
  const out: FirstSeenRate[] = [];
  for (const part of dialect === 'postgres' ? [problemUids] : chunks(problemUids)) {
    const perProblem = db
      .selectFrom(firstAnswers(db, dialect, part, before !== undefined).as('f'))
      .select((eb) => [
        'f.problem_uid',
        eb.fn.countAll<number | string>().as('first_answers'),
        eb.fn.sum<number | string | null>('f.is_correct').as('correct'),
        eb.fn.sum<number | string | null>(sql`case when ${machineWrong('f')} then 1 else 0 end`).as('machine_wrong'),
      ])
      .where('f.member_code', '<>', exceptMember)
      .$if(before !== undefined, (q) => q.where(sql.ref('f.creation_time'), '<', before!))
      .groupBy('f.problem_uid');
    const rows = await db
      .selectFrom(perProblem.as('g'))
      .innerJoin('problems as p', 'p.uid', 'g.problem_uid')
      .select(['g.problem_uid', 'g.first_answers', 'g.correct', 'g.machine_wrong', sql<SqlBool>`${selfJudgedProblem('p')}`.as('self_judged')])
      .execute();
    for (const row of rows) {
      // A wrong machine verdict on an essay or slide problem awaits the member's own: not counted.
      const waiting = row.self_judged ? Number(row.machine_wrong ?? 0) : 0;
      const answered = Number(row.first_answers) - waiting;
      if (answered > 0) out.push({ problem_uid: row.problem_uid, answered, correct: Number(row.correct ?? 0) });
    }
  }
  return out;
}

/** The member's first judged answer to each problem of the subject they answered (before `before`, when given): right or wrong. */
export async function listMemberFirstAnswers(
  db: DbOrTx,
  memberCode: number,
  subjectCode: number,
  before?: string,
): Promise<Array<{ problem_uid: number; is_correct: boolean }>> {
  const rows = await db
    .selectFrom('solve_attempts as a')
    .innerJoin('problems as p', 'p.uid', 'a.problem_uid')
    .innerJoin('tests as t', 't.code', 'p.test_code')
    .select(['a.problem_uid', 'a.is_correct', 'a.code'])
    .where('a.member_code', '=', memberCode)
    .where('t.subject_code', '=', subjectCode)
    .where(hasVerdict('a', 'p'))
    .$if(before !== undefined, (q) => q.where('a.creation_time', '<', before!))
    .orderBy('a.problem_uid')
    .orderBy('a.code')
    .execute();
  const first = new Map<number, boolean>();
  for (const row of rows) if (!first.has(row.problem_uid)) first.set(row.problem_uid, row.is_correct === 1);
  return [...first].map(([problem_uid, is_correct]) => ({ problem_uid, is_correct }));
}

/** Members with at least `min` judged answers, and how many (the FSRS fitting job's candidates). */
export async function listMembersWithAnswers(db: DbOrTx, min: number): Promise<Array<{ member_code: number; answers: number }>> {
  const rows = await db
    .selectFrom('solve_attempts')
    .select((eb) => ['member_code', eb.fn.countAll<number | string>().as('answers')])
    .groupBy('member_code')
    .having((eb) => eb.fn.countAll(), '>=', min)
    .execute();
  return rows.map((row) => ({ member_code: row.member_code, answers: Number(row.answers) }));
}

/** Every judged answer of the member, by problem then code: their review history for the optimizer. */
export async function listMemberHistory(db: DbOrTx, memberCode: number) {
  const rows = await db
    .selectFrom('solve_attempts as a')
    .innerJoin('problems as p', 'p.uid', 'a.problem_uid')
    .select(['a.code', 'a.problem_uid', 'a.is_correct', 'a.review_rating', 'a.creation_time'])
    .where('a.member_code', '=', memberCode)
    .where(hasVerdict('a', 'p'))
    .orderBy('a.problem_uid')
    .orderBy('a.code')
    .execute();
  return rows.map((row) => ({ ...row, is_correct: row.is_correct === 1 }));
}
