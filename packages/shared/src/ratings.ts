import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam, pagingQuery, uidListParam } from './paging';
import { defineSchema } from './define-schema';

// What members think of a problem after answering it (issue 30 item 6, decision 167): 좋은 문제,
// 문제에 오류가 있음 (with a comment for the lead), and the difficulty they felt. One row per member
// and problem (table problem_ratings).

export const ratingMessages = {
  goodRequired: '좋은 문제 여부를 지정하세요.',
  erroneousRequired: '오류 신고 여부를 지정하세요.',
  difficultyInvalid: '난이도는 쉬움, 보통, 어려움 중에서 고르세요.',
  commentTooLong: `의견은 ${500}자 이내로 입력하세요.`,
} as const;
const r = ratingMessages;

export const DIFFICULTIES = ['easy', 'normal', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const RATING_COMMENT_MAX = 500;
/** Members' difficulty is shown once this many have rated it (fewer say little). */
export const DIFFICULTY_MIN_RATERS = 5;
/** A problem this many members called erroneous goes to the leads' review queue. */
export const ERRONEOUS_QUEUE_MIN = 3;

export const ratingParamsSchema = defineSchema(() => z.strictObject({ id: idParam }));

/** PUT /v1/problem/{id}/rating: the member's whole rating; all empty withdraws it. */
export const ratingRequestSchema = defineSchema(() =>
  z.strictObject({
    good: z.boolean({ error: r.goodRequired }),
    erroneous: z.boolean({ error: r.erroneousRequired }),
    difficulty: z.enum(DIFFICULTIES, { error: r.difficultyInvalid }).nullable(),
    comment: z
      .string({ error: m.invalidInput })
      .max(RATING_COMMENT_MAX, r.commentTooLong)
      .transform((text) => text.replaceAll('\u0000', '').trim())
      .default(''),
  }),
);
export type RatingRequest = z.input<typeof ratingRequestSchema>;

export const ratingSchema = defineSchema(() =>
  z.object({
    good: z.boolean(),
    erroneous: z.boolean(),
    difficulty: z.enum(DIFFICULTIES).nullable(),
    comment: z.string(),
    update_time: z.string(),
  }),
);
export type Rating = z.infer<typeof ratingSchema>;

/**
 * The members' figures of a problem. `difficulty` counts each answer and is null until
 * DIFFICULTY_MIN_RATERS members have given one; `felt` is the most frequent of them (ties: the harder).
 */
export const ratingSummarySchema = defineSchema(() =>
  z.object({
    problem_uid: z.number().int(),
    good: z.number().int(),
    erroneous: z.number().int(),
    difficulty: z.object({ easy: z.number().int(), normal: z.number().int(), hard: z.number().int(), felt: z.enum(DIFFICULTIES) }).nullable(),
  }),
);
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** GET and PUT /v1/problem/{id}/rating: the member's own rating and everyone's figures. */
export const ratingResponseSchema = defineSchema(() => z.object({ rating: ratingSchema.nullable(), summary: ratingSummarySchema }));
export type RatingResponse = z.infer<typeof ratingResponseSchema>;

export const RATINGS_BATCH_MAX = 200;

/** GET /v1/ratings/summary?problem_uids=3,5,8 */
export const ratingSummaryQuerySchema = defineSchema(() => z.strictObject({ problem_uids: uidListParam(RATINGS_BATCH_MAX) }));
export const ratingSummariesResponseSchema = defineSchema(() => z.object({ summaries: z.array(ratingSummarySchema) }));
export type RatingSummariesResponse = z.infer<typeof ratingSummariesResponseSchema>;

/** GET /v1/ratings/flagged: problems several members called erroneous, most reports first (leads). */
export const flaggedQuerySchema = defineSchema(() => z.strictObject({ ...pagingQuery(20, 100) }));

export const flaggedProblemSchema = defineSchema(() =>
  z.object({
    problem_uid: z.number().int(),
    test_code: z.number().int(),
    test_name: z.string(),
    no: z.number().int(),
    question_text: z.string(),
    erroneous: z.number().int(),
    /** The reporters' comments, newest first; who wrote them is not shown. */
    comments: z.array(z.object({ comment: z.string(), update_time: z.string() })),
  }),
);
export type FlaggedProblem = z.infer<typeof flaggedProblemSchema>;

export const flaggedResponseSchema = defineSchema(() =>
  z.object({ problems: z.array(flaggedProblemSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
);
export type FlaggedResponse = z.infer<typeof flaggedResponseSchema>;
