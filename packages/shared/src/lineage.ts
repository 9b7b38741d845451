import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam, pagingQuery } from './paging';
import { defineSchema } from './define-schema';

// 출제 이력 (issue 28): the problems that are one question across years (decisions 129, 130).

export const LINEAGE_RELATIONS = ['same', 'variant', 'inverted'] as const;
export type LineageRelation = (typeof LINEAGE_RELATIONS)[number];

const relationChoice = '관계는 same, variant, inverted 중 하나여야 합니다.';
const sortChoice = '정렬은 frequency만 지원합니다.';
const twoDifferentProblems = '서로 다른 두 문제를 지정하세요.';

export const lineageParamsSchema = defineSchema(() => z.strictObject({ id: idParam }));

export const lineageMemberSchema = defineSchema(() =>
  z.object({
    uid: z.number().int(),
    test_code: z.number().int(),
    test_name: z.string(),
    year: z.number().int(),
    no: z.number().int(),
    /** How this problem is linked into the lineage (null for the problem asked about). */
    relation: z.enum(LINEAGE_RELATIONS).nullable(),
    similarity: z.number().nullable(),
    /** False only for a lead's suggestion (an undecided weak link); students never see those. */
    confirmed: z.boolean(),
    /** False when a `same` link's keys name different answers (the dispute flag, issue 28 item 7). */
    keys_agree: z.boolean(),
  }),
);
export type LineageMember = z.infer<typeof lineageMemberSchema>;

/** GET /v1/problem/{id}/lineage */
export const problemLineageResponseSchema = defineSchema(() =>
  z.object({
    lineage: z.object({ code: z.number().int(), members: z.array(lineageMemberSchema) }).nullable(),
  }),
);
export type ProblemLineageResponse = z.infer<typeof problemLineageResponseSchema>;

/** GET /v1/lineages?subject_code&min_size&sort=frequency */
export const lineagesQuerySchema = defineSchema(() =>
  z.strictObject({
    subject_code: idParam.optional(),
    min_size: z.coerce.number({ error: m.invalidInput }).int(m.invalidInput).min(2, m.invalidInput).max(1000, m.invalidInput).default(2),
    sort: z.enum(['frequency'], { error: sortChoice }).default('frequency'),
    ...pagingQuery(20, 100),
  }),
);
export type LineagesQuery = z.input<typeof lineagesQuerySchema>;

export const lineageSummarySchema = defineSchema(() =>
  z.object({
    code: z.number().int(),
    size: z.number().int(),
    years: z.array(z.number().int()),
    /** The stem of the lineage's first problem, as plain text (a preview). */
    question_text: z.string(),
  }),
);
export type LineageSummary = z.infer<typeof lineageSummarySchema>;

export const lineagesResponseSchema = defineSchema(() =>
  z.object({ lineages: z.array(lineageSummarySchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
);
export type LineagesResponse = z.infer<typeof lineagesResponseSchema>;

/**
 * GET /v1/lineages/summary?uids=… : the 출제 N회 badge of a list's chunk of problems, one call per
 * chunk (decision 068). Only problems in a lineage of two or more appear.
 */
export const lineageCountsQuerySchema = defineSchema(() =>
  z.strictObject({
    /** Comma-separated problem uids, at most 200. */
    uids: z
      .string({ error: m.invalidInput })
      .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, m.invalidInput)
      .transform((value) => [...new Set(value.split(',').map(Number))])
      .refine((uids) => uids.every((uid) => uid >= 1 && uid <= 2_147_483_647), m.invalidInput),
  }),
);
export type LineageCountsQuery = z.input<typeof lineageCountsQuerySchema>;

export const lineageCountSchema = defineSchema(() =>
  z.object({ uid: z.number().int(), count: z.number().int(), years: z.array(z.number().int()) }),
);
export type LineageCount = z.infer<typeof lineageCountSchema>;

export const lineageCountsResponseSchema = defineSchema(() => z.object({ summaries: z.array(lineageCountSchema) }));
export type LineageCountsResponse = z.infer<typeof lineageCountsResponseSchema>;

/**
 * POST /v1/lineage/links/confirm | reject (leads): a decision on the pair; it survives every later
 * detection. Confirming a pair detection never linked merges their lineages (relation given or
 * 'variant').
 */
export const lineageLinkRequestSchema = defineSchema(() =>
  z
    .strictObject({
      problem_a: idParam,
      problem_b: idParam,
      relation: z.enum(LINEAGE_RELATIONS, { error: relationChoice }).optional(),
    })
    .refine((body) => body.problem_a !== body.problem_b, { message: twoDifferentProblems, path: ['problem_b'] }),
);
export type LineageLinkRequest = z.input<typeof lineageLinkRequestSchema>;

/** POST /v1/problem/{id}/lineage/split (leads): every visible link of the problem is rejected. */
export const lineageSplitResponseSchema = problemLineageResponseSchema;

/** POST /v1/lineages/merge (leads): one confirmed link joins the lineages of the two problems. */
export const lineageMergeRequestSchema = lineageLinkRequestSchema;

/** GET /v1/lineages/progress (leads): detection's queue, for the whole-bank run's progress. */
export const lineageProgressResponseSchema = defineSchema(() => z.object({ waiting: z.number().int(), total: z.number().int() }));
export type LineageProgressResponse = z.infer<typeof lineageProgressResponseSchema>;
