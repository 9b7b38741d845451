import { isCorrectAnswer } from '@qbank/shared/answers';
import type { DbOrTx } from '../core/db';
import { invalidateReviewCards } from '../study/review-service';
import { findProblemKey, listMachineAnswers, setAnswersCorrectness } from './rejudge-repository';

export interface RejudgeResult {
  /** Machine-judged answers compared with the key again. */
  rejudged: number;
  /** Of those, the ones whose verdict changed. */
  changed: number;
}

/**
 * Judges every machine-judged stored answer to the problem again with its current key (solve
 * runs, study sessions, the review deck: all live in solve_attempts), inside the caller's
 * transaction. Self-judged answers keep the member's own verdict (decision D-disputes-3).
 * Called by the one versioned write of a problem (content.ts writeProblemContent) whenever the
 * key or type changes: an editor's edit, a restore, an accepted dispute. What is derived from
 * these rows follows: the review deck's cards are dropped and rebuilt on their next read;
 * session results and statistics are computed from the rows on every read.
 */
export async function rejudgeProblemAnswers(tx: DbOrTx, problemUid: number): Promise<RejudgeResult> {
  const problem = await findProblemKey(tx, problemUid);
  if (!problem) return { rejudged: 0, changed: 0 };
  const answers = await listMachineAnswers(tx, problemUid);
  const nowCorrect: number[] = [];
  const nowWrong: number[] = [];
  for (const answer of answers) {
    const correct = isCorrectAnswer(answer.answer, problem.answer, problem.type);
    if (correct === (answer.is_correct === 1)) continue;
    (correct ? nowCorrect : nowWrong).push(answer.code);
  }
  await setAnswersCorrectness(tx, nowCorrect, true);
  await setAnswersCorrectness(tx, nowWrong, false);
  await invalidateReviewCards(tx, problemUid);
  return { rejudged: answers.length, changed: nowCorrect.length + nowWrong.length };
}
