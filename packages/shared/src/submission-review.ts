import { z } from 'zod';
import { validationMessages } from './messages';
import { idParam } from './paging';
import { defineSchema } from './define-schema';

// Review of submitted slots (issue 15 item 3): a submitted slot is 제출됨 until a lead approves it
// (검토 완료) or returns it with a comment (수정 요청); resubmitting makes it 제출됨 again. Every
// step is kept. The current step is the assignment's status.

export const submissionReviewMessages = {
  decisionInvalid: '검토 결과(검토 완료 또는 수정 요청)를 선택하세요.',
  commentRequired: '수정 요청 사유를 입력하세요.',
  commentTooLong: '검토 의견은 1,000자 이내로 입력하세요.',
  reviewStatusInvalid: '검토 상태는 submitted, approved, changes_requested 중 하나입니다.',
} as const;
const m = submissionReviewMessages;

/** The review steps an assignment can be in (assignments.status beyond 'assigned'). */
export const REVIEW_STATUSES = ['submitted', 'approved', 'changes_requested'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_DECISIONS = ['approved', 'changes_requested'] as const;

export const reviewRequestSchema = defineSchema(() =>
  z
    .strictObject({
      decision: z.enum(REVIEW_DECISIONS, { error: m.decisionInvalid }),
      comment: z.string({ error: validationMessages.invalidInput }).trim().max(1000, m.commentTooLong).optional(),
    })
    .refine((body) => body.decision !== 'changes_requested' || (body.comment ?? '').length > 0, { message: m.commentRequired, path: ['comment'] }),
);
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

export const reviewStepSchema = defineSchema(() =>
  z.object({
    code: z.number().int(),
    action: z.enum(REVIEW_STATUSES),
    comment: z.string(),
    actor_nickname: z.string().nullable(),
    creation_time: z.string(),
  }),
);
export type ReviewStep = z.infer<typeof reviewStepSchema>;

export const reviewResponseSchema = defineSchema(() => z.object({ status: z.enum(REVIEW_STATUSES), steps: z.array(reviewStepSchema) }));
export const reviewHistoryResponseSchema = defineSchema(() => z.object({ steps: z.array(reviewStepSchema) }));

export const reviewCountsQuerySchema = defineSchema(() => z.strictObject({ test_code: idParam }));
/** Slots of the exam in each review step (a slot counts once, by its latest step). */
export const reviewCountsResponseSchema = defineSchema(() =>
  z.object({
    counts: z.object({ submitted: z.number().int(), approved: z.number().int(), changes_requested: z.number().int() }),
  }),
);

export const reviewStatusFilterSchema = defineSchema(() => z.enum(REVIEW_STATUSES, { error: m.reviewStatusInvalid }).optional());
