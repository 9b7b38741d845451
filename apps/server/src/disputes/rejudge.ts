import { isCorrectAnswer } from '@qbank/shared/answers';
import type { DbOrTx } from '../core/db';
import { findProblemKey, listMachineAnswers, setAnswersCorrectness } from './repository';

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
 * Everything derived from these rows must be refreshed in the same transaction: the lead wires
 * the review deck's cache invalidation here.
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
  return { rejudged: answers.length, changed: nowCorrect.length + nowWrong.length };
}
