import { isCorrectAnswer } from '@qbank/shared/answers';
import { isSelfJudgedType, type AttemptRequest } from '@qbank/shared/solve';
import { isUniqueViolation } from '../core/db';
import { conflict, notFound } from '../errors';
import { messages } from '../messages';
import type { AppContext } from '../core/context';
import { requireAnswerableProblem } from '../problems/visibility';
import { getTestInfo } from '../tests/service';
import { closeOpenRun, findAttemptByClientId, findOpenRun, findOwnAttempt, insertAttempt, listLatestAttempts, openRun, updateSelfJudgment } from './repository';
import { rescheduleReviewCard } from '../study/review-service';
import { requireJudgeableSessionAnswer } from '../study/service';

export async function solveProgress(ctx: AppContext, memberCode: number, testCode: number) {
  await getTestInfo(ctx, testCode);
  const run = await findOpenRun(ctx.db, memberCode, testCode);
  return { run: run ?? null, attempts: run ? await listLatestAttempts(ctx.db, run.code) : [] };
}

/**
 * Restart: a new, empty run; the earlier runs and their attempts are kept. Two restarts at once
 * make one new run (the second finds the first's open), with what was answered in it meanwhile.
 */
export async function restartRun(ctx: AppContext, memberCode: number, testCode: number) {
  await getTestInfo(ctx, testCode);
  return ctx.db.transaction().execute(async (trx) => {
    await closeOpenRun(trx, memberCode, testCode);
    const run = await openRun(trx, memberCode, testCode);
    return { run, attempts: await listLatestAttempts(trx, run.code) };
  });
}

// The server decides correctness with the shared rule, so a record cannot be forged by the client.
// An answer sent again under the same client_id (the offline queue replaying after a lost reply,
// two tabs flushing at once) gets the first record back, `replayed`, and adds nothing.
export async function recordAttempt(ctx: AppContext, memberCode: number, request: AttemptRequest) {
  const clientId = request.client_id ?? null;
  if (clientId) {
    const earlier = await findAttemptByClientId(ctx.db, memberCode, clientId);
    if (earlier) return replayed(earlier, request);
  }
  const problem = await requireAnswerableProblem(ctx.db, request.problem_uid);
  try {
    const attempt = await ctx.db.transaction().execute(async (trx) => {
      const run = await openRun(trx, memberCode, problem.test_code);
      return insertAttempt(trx, {
        run_code: run.code,
        member_code: memberCode,
        problem_uid: problem.uid,
        answer: request.answer,
        is_correct: isCorrectAnswer(request.answer, problem.answer, problem.type),
        client_id: clientId,
      });
    });
    return { attempt, replayed: false };
  } catch (error) {
    // The same answer arrived twice at once: the other send won the unique index.
    const earlier = clientId && isUniqueViolation(error) ? await findAttemptByClientId(ctx.db, memberCode, clientId) : undefined;
    if (earlier) return replayed(earlier, request);
    throw error;
  }
}

/** An id names one answer: the same id with another problem or answer is a client's mistake, not a replay. */
function replayed<A extends { problem_uid: number; answer: string }>(attempt: A, request: AttemptRequest) {
  if (attempt.problem_uid !== request.problem_uid || attempt.answer !== request.answer) throw conflict(messages.attemptClientIdTaken);
  return { attempt, replayed: true };
}

/**
 * The member's own verdict on an essay or slide answer, after seeing the official answer
 * (decision 116). Only their own answers: anyone else's is answered 404, as if it did
 * not exist. Multiple choice keeps the machine's verdict. Judging again replaces the verdict.
 */
export async function recordSelfJudgment(ctx: AppContext, memberCode: number, attemptCode: number, isCorrect: boolean) {
  const attempt = await findOwnAttempt(ctx.db, memberCode, attemptCode);
  if (!attempt) throw notFound(messages.attemptNotFound);
  if (!isSelfJudgedType(attempt.problem_type)) throw conflict(messages.selfJudgmentNotAllowed);
  // A running timed session shows no verdicts, so it takes none either (decision 075).
  if (attempt.source === 'session' && attempt.session_code !== null) await requireJudgeableSessionAnswer(ctx, memberCode, attempt.session_code);
  // The verdict changes a stored answer without adding one: the review card built on it is
  // rebuilt from it at once, so a review screen can show when the problem comes back.
  return ctx.db.transaction().execute(async (trx) => {
    const judged = await updateSelfJudgment(trx, attemptCode, isCorrect);
    const reviewDueAt = await rescheduleReviewCard(trx, memberCode, attempt.problem_uid);
    return { attempt: judged, review_due_at: reviewDueAt };
  });
}
