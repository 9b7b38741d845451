import type { DbOrTx } from '../core/db';
import { ERROR_CODES } from '@qbank/shared/errors';
import { AppError, notFound } from '../errors';
import { messages } from '../messages';
import { visibleProblems } from '../visibility/visible-problems';

/** The problem exists and has content; vacant slots are not visible to readers (decision 014). */
export async function requireVisibleProblem(
  db: DbOrTx,
  uid: number,
): Promise<{ uid: number; test_code: number; type: number; answer: string; is_voided: number }> {
  const problem = await db
    .selectFrom('problems')
    .select(['uid', 'test_code', 'type', 'answer', 'is_voided'])
    .where('uid', '=', uid)
    .where(visibleProblems())
    .executeTakeFirst();
  if (!problem) throw notFound(messages.problemNotFound);
  return problem;
}

/**
 * A 문항 무효 problem takes no answer (decision 079): it stays readable, but an answer to it would
 * be judged against a key the college withdrew, so every place that records one refuses with 409.
 */
export function refuseVoided<P extends { is_voided: number }>(problem: P): P {
  if (problem.is_voided === 1) throw new AppError(409, ERROR_CODES.problemVoided, messages.problemVoidedNotJudged);
  return problem;
}

/** A visible problem that may be answered (not voided). */
export async function requireAnswerableProblem(db: DbOrTx, uid: number) {
  return refuseVoided(await requireVisibleProblem(db, uid));
}
