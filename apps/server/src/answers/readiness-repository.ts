import type { DbOrTx } from '../core/db';
import { hasVerdict } from './verdict-sql';

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
 * Per problem, how the class did when they first met it: each other member's first judged answer
 * (index solve_attempts (member_code, problem_uid, code)). `before` (an ISO instant) keeps only
 * first answers given before it: the backtest predicts as of a past day (bench/readiness-backtest.ts).
 */
export async function listFirstSeenRates(db: DbOrTx, problemUids: readonly number[], exceptMember: number, before?: string): Promise<FirstSeenRate[]> {
  const out: FirstSeenRate[] = [];
  for (const part of chunks(problemUids)) {
    const rows = await db
      .selectFrom('solve_attempts as a')
      .innerJoin('problems as p', 'p.uid', 'a.problem_uid')
      .select((eb) => ['a.problem_uid', eb.fn.countAll<number | string>().as('answered'), eb.fn.sum<number | string | null>('a.is_correct').as('correct')])
      .where('a.problem_uid', 'in', part)
      .where('a.member_code', '<>', exceptMember)
      .where(hasVerdict('a', 'p'))
      .$if(before !== undefined, (q) => q.where('a.creation_time', '<', before!))
      .where((eb) =>
        eb(
          'a.code',
          '=',
          eb
            .selectFrom('solve_attempts as b')
            .select((inner) => inner.fn.min('b.code').as('first'))
            .whereRef('b.member_code', '=', 'a.member_code')
            .whereRef('b.problem_uid', '=', 'a.problem_uid'),
        ),
      )
      .groupBy('a.problem_uid')
      .execute();
    for (const row of rows) out.push({ problem_uid: row.problem_uid, answered: Number(row.answered), correct: Number(row.correct ?? 0) });
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
