import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam } from './paging';
import { answerClientIdSchema } from './solve';
import { defineSchema } from './define-schema';

// The review deck (spaced repetition, FSRS): the member's due problems and their review answers.
// The deck is built on the server from every answer the member gave anywhere (solve mode,
// sessions, reviews); see apps/server/src/study/review-service.ts.

const ratingMessage = '평가는 다시, 어려움, 알맞음, 쉬움 중에서 고르세요.';

/** The member's own rating after the verdict: 다시 / 어려움 / 알맞음 / 쉬움 (the FSRS grades). */
export const REVIEW_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export const reviewRatingSchema = defineSchema(() => z.enum(REVIEW_RATINGS, { error: ratingMessage }));
export type ReviewRating = z.infer<typeof reviewRatingSchema>;

/** At most this many due cards are sent at once (the count says how many are due in all). */
export const REVIEW_PAGE_SIZE = 50;

export const reviewProblemParamsSchema = defineSchema(() => z.strictObject({ problemUid: idParam }));

export const reviewAnswerRequestSchema = defineSchema(() =>
  z.strictObject({
    answer: z.string({ error: m.answerRequired }).trim().min(1, m.answerRequired).max(500, m.answerTooLong),
    rating: reviewRatingSchema.optional(),
    /** Sent again under the same id (the offline queue), the answer is recorded once (decision 054). */
    client_id: answerClientIdSchema.optional(),
  }),
);
export type ReviewAnswerRequest = z.infer<typeof reviewAnswerRequestSchema>;

export const reviewAnswerResponseSchema = defineSchema(() =>
  z.object({
    is_correct: z.boolean(),
    /** The stored answer: an essay or slide answer the key does not match is judged by the member with it. */
    attempt_code: z.number().int(),
    judged_by: z.enum(['machine', 'self']),
    /**
     * When the problem is due again (ISO time), after this answer; null while an essay or slide
     * answer waits for the member's 맞음 / 틀림 (decision 075): the self-judgment answers the time.
     */
    due_at: z.string().nullable(),
  }),
);
export type ReviewAnswerResponse = z.infer<typeof reviewAnswerResponseSchema>;

/** A rating given after the verdict, for the member's latest review answer to the problem. */
export const reviewRatingRequestSchema = defineSchema(() => z.strictObject({ rating: reviewRatingSchema }));
export type ReviewRatingRequest = z.infer<typeof reviewRatingRequestSchema>;
/** due_at is null while the rated answer waits for the member's 맞음 / 틀림 (decision 075). */
export const reviewRatingResponseSchema = defineSchema(() => z.object({ due_at: z.string().nullable() }));

/**
 * A due card: the member's own data alone. The problem is read from GET /v1/problem?uid=N, the
 * shared content cache's entry every member reads, so the member's cached deck stays small
 * (decision 205).
 */
export const reviewDueProblemSchema = defineSchema(() =>
  z.object({
    problem_uid: z.number().int(),
    /** When it fell due (ISO time): the most overdue come first. */
    due_at: z.string(),
    /** The member's latest answer to it, anywhere, and whether it was right. */
    last_answer: z.string(),
    last_is_correct: z.boolean(),
    /** How many times it has been answered, and how often forgotten (answered wrong after a right answer). */
    reps: z.number().int(),
    lapses: z.number().int(),
  }),
);
export type ReviewDueProblem = z.infer<typeof reviewDueProblemSchema>;

export const reviewDeckResponseSchema = defineSchema(() =>
  z.object({
    due_count: z.number().int(),
    problems: z.array(reviewDueProblemSchema),
  }),
);
export type ReviewDeck = z.infer<typeof reviewDeckResponseSchema>;

/** GET /v1/study/review/count: the number alone, for /home and the dashboard. */
export const reviewCountResponseSchema = defineSchema(() => z.object({ due_count: z.number().int() }));
export type ReviewCount = z.infer<typeof reviewCountResponseSchema>;
