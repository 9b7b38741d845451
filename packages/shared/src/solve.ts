import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam } from './paging';
import { PROBLEM_TYPES } from './problems';
import { defineSchema } from './define-schema';

/**
 * The browser's own id for one answer (a random UUID), so an answer sent again after a lost reply
 * or from the offline queue is recorded once: the second send gets the first record back
 * (decisions 041, 054). Solve mode, study sessions and the review deck all take it.
 */
export const answerClientIdSchema = defineSchema(() => z.uuid({ error: m.clientIdInvalid }));

export const attemptRequestSchema = defineSchema(() =>
  z.strictObject({
    problem_uid: idParam,
    answer: z.string({ error: m.answerRequired }).trim().min(1, m.answerRequired).max(500, m.answerTooLong),
    client_id: answerClientIdSchema.optional(),
  }),
);
export type AttemptRequest = z.infer<typeof attemptRequestSchema>;

export const attemptSchema = defineSchema(() =>
  z.object({
    code: z.number().int(),
    run_code: z.number().int(),
    problem_uid: z.number().int(),
    answer: z.string(),
    /** Decided by the server with the shared answer rule, or by the member (judged_by 'self'). */
    is_correct: z.boolean(),
    /**
     * 'machine': compared with the official answer. 'self': the member judged their essay or slide
     * answer against the official one (decision 116); statistics keep the two apart.
     */
    judged_by: z.enum(['machine', 'self']),
    creation_time: z.string(),
  }),
);
export type Attempt = z.infer<typeof attemptSchema>;
export const attemptResponseSchema = defineSchema(() => z.object({ attempt: attemptSchema }));

export const solveTestParamsSchema = defineSchema(() => z.strictObject({ testCode: idParam }));

/** The member's current run of an exam: the latest answer to each problem in it. */
export const solveProgressResponseSchema = defineSchema(() =>
  z.object({
    run: z.object({ code: z.number().int(), test_code: z.number().int(), creation_time: z.string() }).nullable(),
    attempts: z.array(attemptSchema),
  }),
);
export type SolveProgress = z.infer<typeof solveProgressResponseSchema>;

/**
 * Essay (type 2) and slide (type 4) answers are worded freely: after seeing the official answer
 * the member says whether theirs was right (맞음 / 틀림). Multiple choice stays machine-judged.
 */
export const SELF_JUDGED_TYPES: readonly number[] = [PROBLEM_TYPES.subjective, PROBLEM_TYPES.slide];
export const isSelfJudgedType = (type: number) => SELF_JUDGED_TYPES.includes(type);

/**
 * An essay or slide answer that is not word for word the key waits for its member's 맞음 / 틀림
 * (decision 075): stored is_correct 0, judged_by 'machine'. Until then it counts neither as right
 * nor as wrong anywhere (scores, retry sets, 오답 노트, statistics, the review deck).
 */
export function awaitsVerdict(problemType: number, answer: { is_correct: boolean; judged_by: 'machine' | 'self' }): boolean {
  return isSelfJudgedType(problemType) && !answer.is_correct && answer.judged_by === 'machine';
}

export const selfJudgmentParamsSchema = defineSchema(() => z.strictObject({ code: idParam }));
export const selfJudgmentRequestSchema = defineSchema(() =>
  z.strictObject({
    is_correct: z.boolean({ error: m.selfJudgmentRequired }),
  }),
);
export type SelfJudgmentRequest = z.infer<typeof selfJudgmentRequestSchema>;
/** The judged answer; run_code is null for answers given outside solve mode (sessions, review). */
export const selfJudgmentResponseSchema = defineSchema(() =>
  z.object({
    attempt: attemptSchema.extend({ run_code: z.number().int().nullable() }),
    /** When the problem is due again in the member's review deck, rescheduled from the verdict. */
    review_due_at: z.string().nullable(),
  }),
);
