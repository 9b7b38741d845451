import type { Expression } from 'kysely';
import type { DbOrTx } from '../core/db';
import { isLatestAnswer } from './latest-answer';
import { awaitingVerdict, hasVerdict } from './verdict-sql';

// Subqueries over the answer record for other features' queries (a study session's figures, its
// problem filters, the review deck's list): they go into one statement with the caller's tables,
// so the database plans them together, and the caller never names the answer table. Built from a
// connection only for its query builder; the caller's query runs them. An Expression argument is
// the caller's column the subquery is correlated with (eb.ref('problems.uid')).

/** The problems the member has answered, from any source. */
export function answeredProblemUids(db: DbOrTx, memberCode: number) {
  return db.selectFrom('solve_attempts').select('solve_attempts.problem_uid').where('solve_attempts.member_code', '=', memberCode);
}

/** Some answer of the member to the problem; for exists(). */
export function answersOfMemberTo(db: DbOrTx, memberCode: number, problemUid: Expression<number>) {
  return db
    .selectFrom('solve_attempts')
    .select('solve_attempts.code')
    .where('solve_attempts.member_code', '=', memberCode)
    .where('solve_attempts.problem_uid', '=', problemUid);
}

/**
 * The problems whose latest answer of the member (the greatest code, from every source) was wrong;
 * an essay answer still waiting for the member's verdict is not wrong yet (decision 075).
 * Driven from the member's few hundred answers (an IN list), not tested against every problem
 * of the scope: over 100,000 problems that is ~2 ms instead of ~250 ms.
 */
export function latestWrongProblemUids(db: DbOrTx, memberCode: number) {
  return db
    .selectFrom('solve_attempts as latest')
    .innerJoin('problems as answered', 'answered.uid', 'latest.problem_uid')
    .select('latest.problem_uid')
    .where('latest.member_code', '=', memberCode)
    .where('latest.is_correct', '=', 0)
    .where(hasVerdict('latest', 'answered'))
    .where('latest.code', '=', (inner) =>
      inner
        .selectFrom('solve_attempts as newer')
        .select((max) => max.fn.max('newer.code').as('code'))
        .where('newer.member_code', '=', memberCode)
        .whereRef('newer.problem_uid', '=', 'latest.problem_uid'),
    );
}

/**
 * How many of a study session's counted problems have a latest answer in it: all of them
 * ('answered'), the right ones ('correct'), or those waiting for the member's verdict ('pending').
 * 문항 무효 (voided) problems count in none (decision 079).
 */
export function studySessionAnswerCount(db: DbOrTx, studySessionCode: Expression<number>, which: 'answered' | 'correct' | 'pending') {
  return db
    .selectFrom('solve_attempts')
    .innerJoin('problems', 'problems.uid', 'solve_attempts.problem_uid')
    .where('problems.is_voided', '=', 0)
    .select((inner) => inner.fn.countAll<number>().as('n'))
    .where('solve_attempts.session_code', '=', studySessionCode)
    .where('solve_attempts.source', '=', 'session')
    .where((inner) => isLatestAnswer(inner, 'session_code'))
    .$if(which === 'correct', (qb) => qb.where('solve_attempts.is_correct', '=', 1))
    .$if(which === 'pending', (qb) => qb.where(awaitingVerdict('solve_attempts', 'problems')));
}

/** One column of the answer with this code (a review card's last answer). */
export function answerColumn<C extends 'answer' | 'is_correct'>(db: DbOrTx, answerCode: Expression<number>, column: C) {
  return db
    .selectFrom('solve_attempts')
    .select(`solve_attempts.${column}` as `solve_attempts.${C}`)
    .where('solve_attempts.code', '=', answerCode);
}
