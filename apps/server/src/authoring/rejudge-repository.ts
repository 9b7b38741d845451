import type { DbOrTx } from '../core/db';
import { visibleProblems } from '../core/visible-problems';

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
    await db.updateTable('solve_attempts').set({ is_correct: correct ? 1 : 0 }).where('code', 'in', codes.slice(i, i + 500)).execute();
  }
}
