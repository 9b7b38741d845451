import { z } from 'zod';
import { validationMessages } from './messages';
import { idParam, pageInfoSchema, pagingQuery } from './paging';
import { defineSchema } from './define-schema';
import { keyConflictSchema } from './lineage';

// Answer-key disputes (이의제기, issue 15): a member claims another answer with a reason; others
// support (동의) and comment; a lead rules: accepted (the key changes and every stored answer is
// judged again), rejected (the key stays, the reason is shown) or voided (문항 무효: out of scoring).

/** The Korean texts of the dispute rules, shared by the server's 400s and the web form. */
export const disputeValidationMessages = {
  claimedAnswerRequired: '맞다고 생각하는 정답을 입력하세요.',
  claimedAnswerTooLong: '정답은 500자 이내로 입력하세요.',
  reasonRequired: '이의제기 근거를 입력하세요.',
  reasonTooLong: '근거는 2,000자 이내로 입력하세요.',
  referenceTooLong: '참고 자료는 300자 이내로 입력하세요.',
  commentRequired: '의견을 입력하세요.',
  commentTooLong: '의견은 1,000자 이내로 입력하세요.',
  decisionInvalid: '처리 결과(인정, 기각, 문항 무효) 중 하나를 선택하세요.',
  rulingReasonRequired: '처리 사유를 입력하세요.',
  rulingAnswerTooLong: '정답은 500자 이내로 입력하세요.',
  statusInvalid: '상태는 open, accepted, rejected, voided 중 하나입니다.',
  problemUidsInvalid: '문제 번호 목록이 올바르지 않습니다.',
} as const;
const m = disputeValidationMessages;

export const DISPUTE_STATUSES = ['open', 'accepted', 'rejected', 'voided'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const RULING_DECISIONS = ['accepted', 'rejected', 'voided'] as const;
export type RulingDecision = (typeof RULING_DECISIONS)[number];

const requiredText = (required: string, tooLong: string, max: number) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const createDisputeRequestSchema = defineSchema(() =>
  z.strictObject({
    /** One or more options ('③', '③, ⑤') or the text of an essay answer. */
    claimed_answer: requiredText(m.claimedAnswerRequired, m.claimedAnswerTooLong, 500),
    reason: requiredText(m.reasonRequired, m.reasonTooLong, 2000),
    reference: z.string({ error: validationMessages.invalidInput }).trim().max(300, m.referenceTooLong).optional(),
  }),
);
export type CreateDisputeRequest = z.infer<typeof createDisputeRequestSchema>;

export const disputeCommentRequestSchema = defineSchema(() =>
  z.strictObject({
    comment_text: requiredText(m.commentRequired, m.commentTooLong, 1000),
  }),
);
export type DisputeCommentRequest = z.infer<typeof disputeCommentRequestSchema>;

export const rulingRequestSchema = defineSchema(() =>
  z.strictObject({
    decision: z.enum(RULING_DECISIONS, { error: m.decisionInvalid }),
    /** The new key when accepted; the claimed answer when left out. Ignored otherwise. */
    answer: z.string({ error: validationMessages.invalidInput }).trim().max(500, m.rulingAnswerTooLong).optional(),
    reason: requiredText(m.rulingReasonRequired, m.reasonTooLong, 2000),
  }),
);
export type RulingRequest = z.infer<typeof rulingRequestSchema>;

export const disputeParamsSchema = defineSchema(() => z.strictObject({ code: idParam }));

export const disputesQuerySchema = defineSchema(() =>
  z.strictObject({
    status: z.enum(DISPUTE_STATUSES, { error: m.statusInvalid }).optional(),
    ...pagingQuery(20, 100),
  }),
);

export const disputeSummaryQuerySchema = defineSchema(() =>
  z.strictObject({
    /** Comma-separated problem uids, at most 200. */
    problem_uids: z
      .string({ error: m.problemUidsInvalid })
      .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, m.problemUidsInvalid)
      .transform((value) => [...new Set(value.split(',').map(Number))])
      .refine((uids) => uids.every((uid) => uid >= 1 && uid <= 2_147_483_647), m.problemUidsInvalid),
  }),
);

export const disputeCommentSchema = defineSchema(() =>
  z.object({
    code: z.number().int(),
    member_nickname: z.string().nullable(),
    comment_text: z.string(),
    creation_time: z.string(),
  }),
);
export type DisputeComment = z.infer<typeof disputeCommentSchema>;

export const disputeSchema = defineSchema(() =>
  z.object({
    code: z.number().int(),
    problem_uid: z.number().int(),
    problem: z.object({
      test_code: z.number().int(),
      test_name: z.string(),
      no: z.number().int(),
      type: z.number().int(),
      question_text: z.string(),
      /** The key now. */
      answer: z.string(),
      is_voided: z.boolean(),
    }),
    member_nickname: z.string(),
    /** The caller filed it. */
    mine: z.boolean(),
    claimed_answer: z.string(),
    reason: z.string(),
    reference: z.string(),
    status: z.enum(DISPUTE_STATUSES),
    /** "N명 동의": everyone backing the claim, its filer and supporters (decision 080). */
    backer_count: z.number().int(),
    supported_by_me: z.boolean(),
    ruling: z
      .object({
        reason: z.string(),
        /** The key set by an accepted ruling. */
        answer: z.string().nullable(),
        /** The key before an accepted ruling. */
        previous_answer: z.string().nullable(),
        /** An accepted ruling's key was changed again since (an edit, a restore, a later ruling): it is history, not the key. */
        superseded: z.boolean(),
        lead_nickname: z.string().nullable(),
        time: z.string(),
      })
      .nullable(),
    comments: z.array(disputeCommentSchema),
    creation_time: z.string(),
  }),
);
export type Dispute = z.infer<typeof disputeSchema>;

export const disputeResponseSchema = defineSchema(() => z.object({ dispute: disputeSchema }));
export const disputeCommentResponseSchema = defineSchema(() => z.object({ comment: disputeCommentSchema }));
export const problemDisputesResponseSchema = defineSchema(() => z.object({ disputes: z.array(disputeSchema) }));
export const disputesResponseSchema = defineSchema(() =>
  z
    .object({
      disputes: z.array(disputeSchema),
      /** The listed problems whose lineage keys one question differently (issue 28 item 7). */
      key_conflicts: z.array(keyConflictSchema),
    })
    .extend(pageInfoSchema.shape),
);

/** What a problem shows about its key: an open dispute, a correction, 문항 무효. */
export const problemDisputeSummarySchema = defineSchema(() =>
  z.object({
    problem_uid: z.number().int(),
    open_count: z.number().int(),
    /** "N명 동의": the members backing any open dispute of the problem, filers and supporters, each once (decision 080). */
    backer_count: z.number().int(),
    /**
     * The latest accepted ruling: "정답 정정됨", with the keys before and after; `superseded` when the
     * key was changed again since, so the viewers show it as history beside the current key.
     */
    corrected: z
      .object({ time: z.string(), reason: z.string(), answer: z.string().nullable(), previous_answer: z.string().nullable(), superseded: z.boolean() })
      .nullable(),
    voided: z.object({ time: z.string(), reason: z.string() }).nullable(),
  }),
);
export type ProblemDisputeSummary = z.infer<typeof problemDisputeSummarySchema>;
export const disputeSummaryResponseSchema = defineSchema(() => z.object({ summaries: z.array(problemDisputeSummarySchema) }));

/** POST /v1/problem/{id}/unvoid: a voided problem counts in scoring again (the ruling stays in history). */
export const unvoidResponseSchema = defineSchema(() => z.object({ problem_uid: z.number().int(), is_voided: z.literal(0) }));
export type UnvoidResponse = z.infer<typeof unvoidResponseSchema>;
