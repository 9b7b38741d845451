import { isSelfJudgedType, type AttemptRequest } from '@qbank/shared/solve';
import { findOwnAnswer, listLatestRunAnswers, setSelfVerdict, type StoredAnswer } from '../answers/repository';
import { recordAnswer } from '../answers/service';
import { conflict, notFound } from '../errors';
import { messages } from '../messages';
import type { AppContext } from '../core/context';
import { requireAnswerableProblem } from '../problems/visibility';
import { getTestInfo } from '../exams/service';
import { closeOpenRun, findOpenRun, openRun } from './repository';
import { rescheduleReviewCard } from '../study/review-service';
import { requireJudgeableStudySessionAnswer } from '../study/service';

export async function solveProgress(ctx: AppContext, memberCode: number, testCode: number) {
  await getTestInfo(ctx, testCode);
  const run = await findOpenRun(ctx.db, memberCode, testCode);
  return { run: run ?? null, attempts: run ? (await listLatestRunAnswers(ctx.db, run.code)).map(presentAttempt) : [] };
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
    return { run, attempts: (await listLatestRunAnswers(trx, run.code)).map(presentAttempt) };
  });
}

/** What a reply shows of an answer's record; run_code is null for answers given outside solve mode. */
function presentAttempt<R extends number | null>(answer: StoredAnswer & { run_code: R }) {
  const { code, run_code, problem_uid, answer: text, is_correct, judged_by, creation_time } = answer;
  return { code, run_code, problem_uid, answer: text, is_correct, judged_by, creation_time };
}

/** A solve-mode answer: one made in a run. */
const inRun = (answer: StoredAnswer): answer is StoredAnswer & { run_code: number } => answer.run_code !== null;

// Recorded once per client_id by answers/ (decision 134): an answer sent again (the offline queue
// replaying after a lost reply, two tabs flushing at once) gets the first record back, `replayed`.
export async function recordAttempt(ctx: AppContext, memberCode: number, request: AttemptRequest) {
  const recorded = await recordAnswer(ctx.db, {
    memberCode,
    clientId: request.client_id ?? null,
    answer: request.answer,
    admit: () => requireAnswerableProblem(ctx.db, request.problem_uid),
    place: async (trx, problem) => ({ source: 'solve', run_code: (await openRun(trx, memberCode, problem.test_code)).code }),
  });
  // An id names one answer: the same id with another problem or answer, or on an answer made
  // outside solve mode, is a client's mistake, not a replay.
  const { answer } = recorded;
  if (!inRun(answer) || (recorded.replayed && (answer.problem_uid !== request.problem_uid || answer.answer !== request.answer)))
    throw conflict(messages.attemptClientIdTaken);
  return { attempt: presentAttempt(answer), replayed: recorded.replayed };
}

/**
 * The member's own verdict on an essay or slide answer, after seeing the official answer
 * (decision 116). Only their own answers: anyone else's is answered 404, as if it did
 * not exist. Multiple choice keeps the machine's verdict. Judging again replaces the verdict.
 */
export async function recordSelfJudgment(ctx: AppContext, memberCode: number, attemptCode: number, isCorrect: boolean) {
  const attempt = await findOwnAnswer(ctx.db, memberCode, attemptCode);
  if (!attempt) throw notFound(messages.attemptNotFound);
  if (!isSelfJudgedType(attempt.problem_type)) throw conflict(messages.selfJudgmentNotAllowed);
  // A running timed session shows no verdicts, so it takes none either (decision 075).
  if (attempt.source === 'session' && attempt.session_code !== null) await requireJudgeableStudySessionAnswer(ctx, memberCode, attempt.session_code);
  // The verdict changes a stored answer without adding one: the review card built on it is
  // rebuilt from it at once, so a review screen can show when the problem comes back.
  return ctx.db.transaction().execute(async (trx) => {
    const judged = presentAttempt(await setSelfVerdict(trx, attemptCode, isCorrect));
    const reviewDueAt = await rescheduleReviewCard(trx, memberCode, attempt.problem_uid);
    return { attempt: judged, review_due_at: reviewDueAt };
  });
}
