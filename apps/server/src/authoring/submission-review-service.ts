import type { ReviewRequest, ReviewStatus } from '@qbank/shared/submission-review';
import type { AppContext } from '../core/context';
import type { MemberRow } from '../db/schema';
import { conflict, notFound } from '../errors';
import { messages } from '../messages';
import { insertNotifications } from '../notifications/repository';
import { getTestInfo } from '../exams/service';
import {
  insertReviewStep,
  listReviewSteps,
  problemExists,
  reviewCountsOfTest,
  setAssignmentStatus,
  submittedAssignees,
  syncWithheld,
} from './submission-review-repository';

// Review of submitted slots (issue 15 item 3). The assignment's status is the current step
// (assigned → submitted → approved | changes_requested → submitted …); submission_reviews keeps
// every step with who took it and the comment.

const NOTHING_TO_REVIEW = '검토할 제출이 없습니다. 학생이 제출한 문제만 검토할 수 있습니다.';

type Step = Awaited<ReturnType<typeof listReviewSteps>>[number];
const present = (step: Step) => ({ ...step, action: step.action as ReviewStatus });

/** POST /v1/problem/{id}/review: approve or return the submission, tell its assignees, keep the step. */
export async function reviewSubmission(ctx: AppContext, lead: MemberRow, uid: number, body: ReviewRequest) {
  if (!(await problemExists(ctx.db, uid))) throw notFound(messages.problemNotFound);
  await ctx.db.transaction().execute(async (trx) => {
    const assignees = await submittedAssignees(trx, uid);
    if (assignees.length === 0) throw conflict(NOTHING_TO_REVIEW);
    await setAssignmentStatus(trx, uid, assignees, body.decision);
    // 수정 요청 takes the problem from its readers until a lead approves it again (decision 077).
    await syncWithheld(trx, [uid]);
    await insertReviewStep(trx, { problem_uid: uid, actor_code: lead.code, action: body.decision, comment: body.comment ?? '' });
    const kind = body.decision === 'approved' ? 'submission_approved' : 'submission_returned';
    await insertNotifications(
      trx,
      assignees.map((member_code) => ({ member_code, kind, problem_uid: uid, detail: body.comment ?? '' })),
    );
  });
  return { status: body.decision, steps: (await listReviewSteps(ctx.db, uid)).map(present) };
}

export async function reviewHistory(ctx: AppContext, uid: number) {
  return { steps: (await listReviewSteps(ctx.db, uid)).map(present) };
}

export async function reviewCounts(ctx: AppContext, testCode: number) {
  await getTestInfo(ctx, testCode);
  const counts = await reviewCountsOfTest(ctx.db, testCode);
  return {
    counts: { submitted: counts.get('submitted') ?? 0, approved: counts.get('approved') ?? 0, changes_requested: counts.get('changes_requested') ?? 0 },
  };
}
