import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam, optionalId, pagingQuery, searchText } from './paging';
import { defineSchema } from './define-schema';
import { EXAM_TYPES } from './exam-types';

// 출제 이력 (issue 28): the problems that are one question across years (decisions 129, 130).

export const LINEAGE_RELATIONS = ['same', 'variant', 'inverted'] as const;
export type LineageRelation = (typeof LINEAGE_RELATIONS)[number];

const relationChoice = '관계는 same, variant, inverted 중 하나여야 합니다.';
const sortChoice = '정렬은 frequency만 지원합니다.';
const examTypeChoice = `시험 종류는 ${EXAM_TYPES.join(', ')} 중 하나여야 합니다.`;
const twoDifferentProblems = '서로 다른 두 문제를 지정하세요.';

/** Which problem, and where it was asked: the fields every list of problems in this file opens with. */
const problemPlace = () => ({
  uid: z.number().int(),
  test_code: z.number().int(),
  test_name: z.string(),
  year: z.number().int(),
  no: z.number().int(),
});

export const lineageParamsSchema = defineSchema(() => z.strictObject({ id: idParam }));

export const lineageMemberSchema = defineSchema(() =>
  z.object({
    ...problemPlace(),
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

export const lineageCountSchema = defineSchema(() => z.object({ uid: z.number().int(), count: z.number().int(), years: z.array(z.number().int()) }));
export type LineageCount = z.infer<typeof lineageCountSchema>;

export const lineageCountsResponseSchema = defineSchema(() => z.object({ summaries: z.array(lineageCountSchema) }));
export type LineageCountsResponse = z.infer<typeof lineageCountsResponseSchema>;

/** GET /v1/lineages/class/{code}: how much of a lecture class recurs (issue 28 item 3, decision 190). */
export const classRecurrenceParamsSchema = defineSchema(() => z.strictObject({ code: idParam }));

export const classRecurrenceResponseSchema = defineSchema(() =>
  z.object({
    class_code: z.number().int(),
    /** The class's problems a member may read. */
    problem_count: z.number().int(),
    /** Those asked two or more times (출제 2회 or more on their badge). */
    recurring_count: z.number().int(),
  }),
);
export type ClassRecurrenceResponse = z.infer<typeof classRecurrenceResponseSchema>;

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

/**
 * GET /v1/lineages/progress (leads): detection's queue, for the whole-bank run's progress (done is
 * total − waiting), and when a drain last emptied it (null before the first).
 */
export const lineageProgressResponseSchema = defineSchema(() =>
  z.object({ waiting: z.number().int(), total: z.number().int(), last_finished_at: z.string().nullable() }),
);
export type LineageProgressResponse = z.infer<typeof lineageProgressResponseSchema>;

/** POST /v1/lineage/links/reset (leads): the pair's decision is undone; detection's verdict stands again. */
export const lineageResetRequestSchema = defineSchema(() =>
  z
    .strictObject({ problem_a: idParam, problem_b: idParam })
    .refine((body) => body.problem_a !== body.problem_b, { message: twoDifferentProblems, path: ['problem_b'] }),
);
export type LineageResetRequest = z.input<typeof lineageResetRequestSchema>;

/** The lead queues of 출제 이력 관리 (decision 203): a page, optionally one subject's. */
export const lineageQueueQuerySchema = defineSchema(() => z.strictObject({ subject_code: optionalId, ...pagingQuery(20, 100) }));
export type LineageQueueQuery = z.input<typeof lineageQueueQuerySchema>;

export const lineageQueueProblemSchema = defineSchema(() =>
  z.object({
    uid: z.number().int(),
    test_code: z.number().int(),
    test_name: z.string(),
    year: z.number().int(),
    no: z.number().int(),
    subject_name: z.string(),
  }),
);
export type LineageQueueProblem = z.infer<typeof lineageQueueProblemSchema>;

/** An undecided suggestion: a pair detection (or "이 문제에서 시작") linked that students do not see yet. */
export const lineageSuggestionSchema = defineSchema(() =>
  z.object({
    /** The pair, the lower uid first (the earlier year is usually the lower). */
    problems: z.tuple([lineageQueueProblemSchema, lineageQueueProblemSchema]),
    relation: z.enum(LINEAGE_RELATIONS),
    similarity: z.number(),
    keys_agree: z.boolean(),
  }),
);
export type LineageSuggestion = z.infer<typeof lineageSuggestionSchema>;

/** The suggestion queue counts this far: a bank of 100,000 problems can hold hundreds of thousands. */
export const LINEAGE_SUGGESTION_COUNT_CAP = 1000;

/** GET /v1/lineage/suggestions?subject_code&page&limit (leads): the bank's undecided suggestions, most similar first. */
export const lineageSuggestionsResponseSchema = defineSchema(() =>
  z.object({
    suggestions: z.array(lineageSuggestionSchema),
    total: z.number().int(),
    /** True when counting stopped at total (LINEAGE_SUGGESTION_COUNT_CAP): more suggestions wait, past the pages (decision 206). */
    total_capped: z.boolean(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
export type LineageSuggestionsResponse = z.infer<typeof lineageSuggestionsResponseSchema>;

const searchRequired = '검색어를 입력하세요.';

/**
 * GET /v1/search?q&subject_code&year&exam_type : the whole bank (issue 28 item 5), every exam a member reads,
 * with the per-exam search's matching (words, 초성, stem, options, answers, explanations). Results
 * come grouped by lineage, the largest groups first; a page is a page of groups.
 */
export const bankSearchQuerySchema = defineSchema(() =>
  z.strictObject({
    q: searchText.refine((value) => value !== undefined, searchRequired),
    subject_code: optionalId,
    year: z
      .union([z.literal(''), z.coerce.number({ error: m.invalidInput }).int(m.invalidInput).min(1900, m.invalidInput).max(2999, m.invalidInput)])
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
    /** The exam's kind as its name says it (exam-types.ts examTypeOf, decision 207); empty is any. */
    exam_type: z
      .union([z.literal(''), z.enum(EXAM_TYPES, { error: examTypeChoice })], { error: examTypeChoice })
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
    ...pagingQuery(20, 50),
  }),
);
export type BankSearchQuery = z.input<typeof bankSearchQuerySchema>;

export const bankSearchHitSchema = defineSchema(() =>
  z.object({
    ...problemPlace(),
    subject_name: z.string(),
    /** The stem as plain text, shortened (a preview). */
    question_text: z.string(),
  }),
);
export type BankSearchHit = z.infer<typeof bankSearchHitSchema>;

export const bankSearchGroupSchema = defineSchema(() =>
  z.object({
    /** null for a matching problem that is in no lineage (a group of its own). */
    lineage_code: z.number().int().nullable(),
    /** How often the lineage was asked in all (matching or not): its 출제 N회. */
    lineage_size: z.number().int(),
    years: z.array(z.number().int()),
    problems: z.array(bankSearchHitSchema),
  }),
);
export type BankSearchGroup = z.infer<typeof bankSearchGroupSchema>;

export const bankSearchResponseSchema = defineSchema(() =>
  z.object({
    groups: z.array(bankSearchGroupSchema),
    /** Matching problems and the groups they make ("14 lineages, 31 problems"). */
    total_problems: z.number().int(),
    total_groups: z.number().int(),
    /** True when more problems match than are grouped (decision 042's cap): the totals are "at least". */
    capped: z.boolean(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
export type BankSearchResponse = z.infer<typeof bankSearchResponseSchema>;

/**
 * GET /v1/problem/similar?text&subject_code : the editor's live suggestions (issue 28 item 6), the
 * existing problems most like a stem being written, with their year and similarity.
 */
export const similarProblemsQuerySchema = defineSchema(() =>
  z.strictObject({
    text: z
      .string({ error: m.invalidInput })
      .transform((value) => value.replaceAll('\u0000', '').trim())
      .pipe(z.string().min(1, '문제 내용을 입력하세요.').max(5000, m.invalidInput)),
    subject_code: optionalId,
  }),
);
export type SimilarProblemsQuery = z.input<typeof similarProblemsQuerySchema>;

export const similarProblemSchema = defineSchema(() =>
  z.object({
    ...problemPlace(),
    /** 0–1: how alike the stems are (the lineage detector's stem similarity). */
    similarity: z.number(),
    question_text: z.string(),
  }),
);
export type SimilarProblem = z.infer<typeof similarProblemSchema>;

export const similarProblemsResponseSchema = defineSchema(() => z.object({ problems: z.array(similarProblemSchema) }));
export type SimilarProblemsResponse = z.infer<typeof similarProblemsResponseSchema>;

/** One version of a question whose `same` copies are keyed to different answers (issue 28 item 7). */
export const keyConflictVersionSchema = defineSchema(() =>
  z.object({
    ...problemPlace(),
    answer: z.string(),
  }),
);
export type KeyConflictVersion = z.infer<typeof keyConflictVersionSchema>;

/** A problem whose lineage holds `same` problems keyed differently, with each such version by year. */
export const keyConflictSchema = defineSchema(() =>
  z.object({
    problem_uid: z.number().int(),
    versions: z.array(keyConflictVersionSchema),
  }),
);
export type KeyConflict = z.infer<typeof keyConflictSchema>;

/** GET /v1/lineage/key-conflicts?subject_code&page&limit (leads): lineages whose `same` problems are keyed differently. */
export const keyConflictListResponseSchema = defineSchema(() =>
  z.object({
    conflicts: z.array(z.object({ lineage_code: z.number().int(), versions: z.array(keyConflictVersionSchema) })),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
export type KeyConflictListResponse = z.infer<typeof keyConflictListResponseSchema>;
