import type { DbOrTx } from '../core/db';
import { visibleProblems } from '../visibility/visible-problems';

export function findProblemKey(db: DbOrTx, problemUid: number) {
  return db.selectFrom('problems').select(['uid', 'type', 'answer']).where('uid', '=', problemUid).where(visibleProblems()).executeTakeFirst();
}

export function listMachineAnswers(db: DbOrTx, problemUid: number) {
  return db
    .selectFrom('solve_attempts')
    .select(['code', 'member_code', 'answer', 'is_correct'])
    .where('problem_uid', '=', problemUid)
    .where('judged_by', '=', 'machine')
    .execute();
}

export async function setAnswersCorrectness(db: DbOrTx, codes: readonly number[], correct: boolean): Promise<void> {
  for (let i = 0; i < codes.length; i += 500) {
    await db
      .updateTable('solve_attempts')
      .set({ is_correct: correct ? 1 : 0 })
      .where('code', 'in', codes.slice(i, i + 500))
      .execute();
  }
}

/**
 * PostgreSQL: takes the rows of every member with answers or cards at the problem, in member
 * order, before the re-judging touches those answers and cards. The activity-version triggers
 * (migration 2026-11-26-010) lock a member's row after each statement that changes their rows; a
 * member answering this problem in review right now holds their row and then writes their card,
 * so a re-judging that took the card first and the member's row after (the cards' delete) would
 * deadlock with them. FOR NO KEY UPDATE, as the triggers take it.
 */
export async function lockMembersOfProblem(db: DbOrTx, problemUid: number): Promise<void> {
  await db
    .selectFrom('members')
    .select('code')
    .where('code', 'in', (eb) =>
      eb
        .selectFrom('solve_attempts')
        .select('member_code')
        .where('problem_uid', '=', problemUid)
        .union(eb.selectFrom('review_cards').select('member_code').where('problem_uid', '=', problemUid)),
    )
    .orderBy('code')
    .forNoKeyUpdate()
    .execute();
}
