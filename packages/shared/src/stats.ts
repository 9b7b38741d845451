import { z } from 'zod';
import { idParam } from './paging';
import { defineSchema } from './define-schema';
import { keyConflictVersionSchema } from './lineage';

// Statistics (issue 14): a member's own progress, the class's first answers to a problem, the
// percentile on an exam, and the item analysis for leads. Every figure comes from SQL aggregates
// over solve_attempts; the rules are in docs/decisions/087–092.

/** No class figure is shown before this many first answers / members (privacy and noise). */
export const MIN_CLASS_ANSWERS = 5;
/** The last 12 weeks of activity (Asia/Seoul days, today included). */
export const ACTIVITY_DAYS = 84;
/** Share of the ranked members in each of the upper and lower groups of the item analysis. */
export const GROUP_SHARE = 0.27;

const count = defineSchema(() => z.number().int().nonnegative());
const rate = defineSchema(() => z.number().min(0).max(1));

/** /v1/stats/me takes no parameters: no member can name another (a stray query is refused). */
export const statsMeQuerySchema = defineSchema(() => z.strictObject({}));

export const statsTotalsSchema = defineSchema(() =>
  z.object({
    /** Problems answered (each counted once, by its first answer). */
    answered: count,
    /** First answers that were correct. */
    correct: count,
    /** How many of `answered` the member judged themselves (essay/slide); included in the two above. */
    self_judged: count,
  }),
);

export const subjectStatsSchema = defineSchema(() =>
  z.object({
    subject_code: z.number().int(),
    subject_name: z.string(),
    answered: count,
    correct: count,
  }),
);
export type SubjectStats = z.infer<typeof subjectStatsSchema>;

export const dayStatsSchema = defineSchema(() =>
  z.object({
    /** YYYY-MM-DD, an Asia/Seoul day. */
    date: z.string(),
    /** Every answer given that day (repeats included). */
    answered: count,
    correct: count,
  }),
);
export type DayStats = z.infer<typeof dayStatsSchema>;

export const testStatsSchema = defineSchema(() =>
  z.object({
    test_code: z.number().int(),
    test_name: z.string(),
    year: z.number().int(),
    subject_name: z.string(),
    /** The exam's problems (vacant slots excluded). */
    problem_count: count,
    answered: count,
    correct: count,
    /** Every scored problem answered in solve mode's first pass: the exam has a percentile (GET /v1/stats/me/tests/{code}). */
    completed: z.boolean(),
  }),
);
export type TestStats = z.infer<typeof testStatsSchema>;

export const statsMeResponseSchema = defineSchema(() =>
  z.object({
    totals: statsTotalsSchema,
    /** Weakest (lowest correct rate) first. */
    by_subject: z.array(subjectStatsSchema),
    /** Days of the last 12 weeks with at least one answer, oldest first. */
    by_day: z.array(dayStatsSchema),
    /** Consecutive Asia/Seoul days with an answer, ending today (or yesterday when none yet today). */
    streak_days: count,
    /** Today in Asia/Seoul, so the client draws the same 12 weeks. */
    today: z.string(),
    /** Exams with at least one answer of the member, most recently answered first. */
    by_test: z.array(testStatsSchema),
  }),
);
export type StatsMe = z.infer<typeof statsMeResponseSchema>;

export const problemStatsParamsSchema = defineSchema(() => z.strictObject({ id: idParam }));

export const optionStatsSchema = defineSchema(() =>
  z.object({
    /** The option's circled digit, ① … ⑨. */
    option: z.string(),
    count: count.nullable(),
    /** Share of first answers that chose the option (null under the minimum). */
    rate: rate.nullable(),
  }),
);

export const problemStatsResponseSchema = defineSchema(() =>
  z.object({
    /** Approved members' first answers, machine-judged. */
    answers: count,
    correct_rate: rate.nullable(),
    options: z.array(optionStatsSchema),
    min_answers: count,
    /** 문항 무효: nothing is counted (answers 0, no options), and the panel says why (decision 079). */
    voided: z.boolean(),
  }),
);
export type ProblemStats = z.infer<typeof problemStatsResponseSchema>;

export const myTestStatsParamsSchema = defineSchema(() => z.strictObject({ testCode: idParam }));

export const myTestStatsResponseSchema = defineSchema(() =>
  z.object({
    test_code: z.number().int(),
    /** Objective problems of the exam: the scored ones. */
    scored_count: count,
    /** Of those, answered in solve mode (first pass). */
    answered: count,
    correct: count,
    completed: z.boolean(),
    /** Percentile rank (0–100) among members of the same grade who completed the exam; null until enough have. */
    percentile: z.number().min(0).max(100).nullable(),
    /** Members of the grade (me included) who completed it. */
    peers: count,
    min_peers: count,
  }),
);
export type MyTestStats = z.infer<typeof myTestStatsResponseSchema>;

export const itemAnalysisParamsSchema = defineSchema(() => z.strictObject({ id: idParam }));

export const ITEM_FLAGS = ['probably_miskeyed', 'unchosen_distractor', 'negative_discrimination'] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];

export const itemOptionSchema = defineSchema(() =>
  z.object({
    option: z.string(),
    is_key: z.boolean(),
    upper_rate: rate.nullable(),
    lower_rate: rate.nullable(),
    rate: rate.nullable(),
  }),
);
export type ItemOption = z.infer<typeof itemOptionSchema>;

export const itemSchema = defineSchema(() =>
  z.object({
    uid: z.number().int(),
    no: z.number().int(),
    /** Proportion correct. */
    difficulty: rate.nullable(),
    /** Upper-group minus lower-group proportion correct, −1 … 1. */
    discrimination: z.number().min(-1).max(1).nullable(),
    options: z.array(itemOptionSchema),
    flags: z.array(z.enum(ITEM_FLAGS)),
    /** The `same` versions of the question keyed to different answers, by year; empty when they agree (issue 28 item 7). */
    key_conflict: z.array(keyConflictVersionSchema),
  }),
);
export type Item = z.infer<typeof itemSchema>;

export const itemAnalysisResponseSchema = defineSchema(() =>
  z.object({
    test_code: z.number().int(),
    test_name: z.string(),
    /** Approved members who answered every scored problem: the analysed group. */
    members: count,
    min_members: count,
    upper_size: count,
    lower_size: count,
    kr20: z.number().nullable(),
    items: z.array(itemSchema),
  }),
);
export type ItemAnalysis = z.infer<typeof itemAnalysisResponseSchema>;

/** YYYY-MM-DD plus `days` calendar days (both sides count Asia/Seoul days this way). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
