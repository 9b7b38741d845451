import type { DbOrTx } from '../core/db';
import { notFound } from '../errors';
import { messages } from '../messages';
import { visibleProblems } from '../core/visible-problems';

/** The problem exists and has content; vacant slots are not visible to readers (decision 014). */
export async function requireVisibleProblem(db: DbOrTx, uid: number): Promise<{ uid: number; test_code: number; type: number; answer: string }> {
  const problem = await db
    .selectFrom('problems')
    .select(['uid', 'test_code', 'type', 'answer'])
    .where('uid', '=', uid)
    .where(visibleProblems())
    .executeTakeFirst();
  if (!problem) throw notFound(messages.problemNotFound);
  return problem;
}
