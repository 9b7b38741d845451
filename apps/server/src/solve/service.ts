import { isCorrectAnswer } from '@qbank/shared/answers';
import type { AttemptRequest } from '@qbank/shared/solve';
import type { AppContext } from '../core/context';
import { requireVisibleProblem } from '../problems/visibility';
import { getTestInfo } from '../tests/service';
import { findLatestRun, insertAttempt, insertRun, listLatestAttempts } from './repository';

export async function solveProgress(ctx: AppContext, memberCode: number, testCode: number) {
  await getTestInfo(ctx, testCode);
  const run = await findLatestRun(ctx.db, memberCode, testCode);
  return { run: run ?? null, attempts: run ? await listLatestAttempts(ctx.db, run.code) : [] };
}

/** Restart: a new, empty run; the earlier runs and their attempts are kept. */
export async function restartRun(ctx: AppContext, memberCode: number, testCode: number) {
  await getTestInfo(ctx, testCode);
  return { run: await insertRun(ctx.db, memberCode, testCode), attempts: [] };
}

// The server decides correctness with the shared rule, so a record cannot be forged by the client.
export async function recordAttempt(ctx: AppContext, memberCode: number, request: AttemptRequest) {
  const problem = await requireVisibleProblem(ctx.db, request.problem_uid);
  return ctx.db.transaction().execute(async (trx) => {
    const run = (await findLatestRun(trx, memberCode, problem.test_code)) ?? (await insertRun(trx, memberCode, problem.test_code));
    return insertAttempt(trx, {
      run_code: run.code,
      member_code: memberCode,
      problem_uid: problem.uid,
      answer: request.answer,
      is_correct: isCorrectAnswer(request.answer, problem.answer, problem.type),
    });
  });
}
