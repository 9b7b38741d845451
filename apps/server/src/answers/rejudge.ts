import type { DbOrTx, Dialect } from '../core/db';
import { insertNotifications, type NewNotification } from '../notifications/repository';
import { findProblemKey, listMachineAnswers, lockMembersOfProblem, setAnswersCorrectness } from './rejudge-repository';
import { dropReviewCards } from './review-cards-repository';
import { judge } from './service';

export interface RejudgeResult {
  /** Machine-judged answers compared with the key again. */
  rejudged: number;
  /** Of those, the ones whose verdict changed. */
  changed: number;
}

/**
 * Judges every machine-judged stored answer to the problem again with its current key (solve
 * runs, study sessions, the review deck: all live in solve_attempts), inside the caller's
 * transaction. Self-judged answers keep the member's own verdict (decision 102).
 * Called by the one versioned write of a problem (authoring/content.ts writeProblemContent) whenever the
 * key or type changes: an editor's edit, a restore, an accepted dispute. What is derived from
 * these rows follows: the review deck's cards are dropped and rebuilt on their next read;
 * study session results and statistics are computed from the rows on every read. Each member whose
 * verdict changed is told (verdict_changed), unless the caller tells them itself (a dispute
 * ruling tells everyone who answered).
 */
export async function rejudgeProblemAnswers(tx: DbOrTx, dialect: Dialect, problemUid: number, options: { tellMembers?: boolean } = {}): Promise<RejudgeResult> {
  const problem = await findProblemKey(tx, problemUid);
  if (!problem) return { rejudged: 0, changed: 0 };
  if (dialect === 'postgres') await lockMembersOfProblem(tx, problemUid);
  const answers = await listMachineAnswers(tx, problemUid);
  const nowCorrect: number[] = [];
  const nowWrong: number[] = [];
  // What each member's changed answers are now: 'correct', 'wrong', or '' when both.
  const byMember = new Map<number, string>();
  for (const answer of answers) {
    const correct = judge(answer.answer, problem);
    if (correct === (answer.is_correct === 1)) continue;
    (correct ? nowCorrect : nowWrong).push(answer.code);
    const now = correct ? 'correct' : 'wrong';
    const before = byMember.get(answer.member_code);
    byMember.set(answer.member_code, before === undefined || before === now ? now : '');
  }
  await setAnswersCorrectness(tx, nowCorrect, true);
  await setAnswersCorrectness(tx, nowWrong, false);
  await dropReviewCards(tx, problemUid);
  if (options.tellMembers ?? true) {
    const told = [...byMember].map(([member_code, detail]): NewNotification => ({ member_code, kind: 'verdict_changed', problem_uid: problemUid, detail }));
    await insertNotifications(tx, told);
  }
  return { rejudged: answers.length, changed: nowCorrect.length + nowWrong.length };
}
