import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam } from './paging';
import { defineSchema } from './define-schema';

// The exam calendar, the plan to an exam and the predicted score (issue 29, decisions 150–152).
// Dates are Korea's calendar days (YYYY-MM-DD); times are HH:MM in Korea.

export const EXAM_TITLE_MAX = 100;
export const EXAM_SCOPE_MAX = 200;
export const DAILY_MINUTES_DEFAULT = 45;
export const DAILY_MINUTES_MIN = 5;
export const DAILY_MINUTES_MAX = 600;
export const TARGET_RECALL_DEFAULT = 0.9;
/** Reminders: a week and a day before. */
export const REMINDER_DAYS = [7, 1] as const;

export const examDateMessages = {
  titleRequired: '시험 이름을 입력하세요.',
  titleTooLong: `시험 이름은 ${EXAM_TITLE_MAX}자 이내로 입력하세요.`,
  dateInvalid: '시험 날짜를 YYYY-MM-DD 형식으로 입력하세요.',
  timeInvalid: '시험 시각을 HH:MM 형식으로 입력하세요.',
  subjectRequired: '과목을 선택하세요.',
  scopeInvalid: '범위(수업, 기출 시험)를 올바르게 선택하세요.',
  scopeTooLong: `범위는 ${EXAM_SCOPE_MAX}개까지 고를 수 있습니다.`,
  publishInvalid: '학년 공개 여부를 지정하세요.',
  nothingToChange: '바꿀 내용을 하나 이상 보내세요.',
  minutesRange: `하루 공부 시간은 ${DAILY_MINUTES_MIN}–${DAILY_MINUTES_MAX}분 사이로 정하세요.`,
  targetRange: '목표 기억률은 70–97 % 사이로 정하세요.',
} as const;
const e = examDateMessages;

const ISO_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A real calendar day (2026-02-30 is refused). */
export const isoDaySchema = defineSchema(() =>
  z
    .string({ error: e.dateInvalid })
    .regex(ISO_DAY, e.dateInvalid)
    // The check runs after a failed pattern too (zod does not abort): parse without throwing.
    .refine((day) => {
      const ms = Date.parse(`${day}T00:00:00Z`);
      return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
    }, e.dateInvalid),
);
const timeSchema = defineSchema(() => z.string({ error: e.timeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, e.timeInvalid));
const code = defineSchema(() => z.number({ error: e.scopeInvalid }).int(e.scopeInvalid).min(1, e.scopeInvalid).max(2_147_483_647, e.scopeInvalid));
const codeList = defineSchema(() => z.array(code, { error: e.scopeInvalid }).max(EXAM_SCOPE_MAX, e.scopeTooLong));

const fields = {
  title: z.string({ error: e.titleRequired }).trim().min(1, e.titleRequired).max(EXAM_TITLE_MAX, e.titleTooLong),
  date: isoDaySchema,
  time: timeSchema.nullable(),
  subject_code: z.number({ error: e.subjectRequired }).int(e.subjectRequired).min(1, e.subjectRequired).max(2_147_483_647, e.subjectRequired),
  class_uids: codeList,
  test_codes: codeList,
};

/**
 * POST /v1/exam-dates. `publish`: a lead publishes it for their grade (everyone in the grade sees
 * it); otherwise it is the member's own entry, seen by nobody else.
 */
export const createExamDateRequestSchema = defineSchema(() =>
  z.strictObject({
    ...fields,
    time: fields.time.default(null),
    class_uids: fields.class_uids.default([]),
    test_codes: fields.test_codes.default([]),
    publish: z.boolean({ error: e.publishInvalid }).default(false),
  }),
);
export type CreateExamDateRequest = z.input<typeof createExamDateRequestSchema>;

/** PATCH /v1/exam-dates/{code}: the fields to change (a scope list replaces the old one). */
export const updateExamDateRequestSchema = defineSchema(() =>
  z
    .strictObject({
      title: fields.title.optional(),
      date: fields.date.optional(),
      time: fields.time.optional(),
      subject_code: fields.subject_code.optional(),
      class_uids: fields.class_uids.optional(),
      test_codes: fields.test_codes.optional(),
    })
    .refine((body) => Object.values(body).some((value) => value !== undefined), e.nothingToChange),
);
export type UpdateExamDateRequest = z.input<typeof updateExamDateRequestSchema>;

export const examDateParamsSchema = defineSchema(() => z.strictObject({ code: idParam }));

/** GET /v1/exam-dates: upcoming (from today) by default; `past=1` adds the last 60 days. */
export const examDatesQuerySchema = defineSchema(() => z.strictObject({ past: z.enum(['1'], { error: m.invalidInput }).optional() }));

export const examDateSchema = defineSchema(() =>
  z.object({
    code: z.number().int(),
    title: z.string(),
    date: z.string(),
    time: z.string().nullable(),
    subject_code: z.number().int(),
    subject_name: z.string(),
    class_uids: z.array(z.number().int()),
    test_codes: z.array(z.number().int()),
    /** The grade it is published for; null: the member's own entry. */
    grade: z.number().int().nullable(),
    /** The caller may change and delete it. */
    editable: z.boolean(),
    /** Whole days from today (Korea) to the exam: 0 on the day. */
    days_left: z.number().int(),
  }),
);
export type ExamDate = z.infer<typeof examDateSchema>;

export const examDateResponseSchema = defineSchema(() => z.object({ exam_date: examDateSchema }));
export const examDatesResponseSchema = defineSchema(() => z.object({ exam_dates: z.array(examDateSchema) }));
export type ExamDatesResponse = z.infer<typeof examDatesResponseSchema>;

/** GET/PUT /v1/exam-dates/settings: the member's daily budget and target recall. */
export const planSettingsSchema = defineSchema(() =>
  z.strictObject({
    daily_minutes: z.number({ error: e.minutesRange }).int(e.minutesRange).min(DAILY_MINUTES_MIN, e.minutesRange).max(DAILY_MINUTES_MAX, e.minutesRange),
    target_recall: z.number({ error: e.targetRange }).min(0.7, e.targetRange).max(0.97, e.targetRange),
  }),
);
export type PlanSettings = z.infer<typeof planSettingsSchema>;

export const planDaySchema = defineSchema(() => z.object({ date: z.string(), new: z.number().int(), review: z.number().int(), minutes: z.number() }));
export type PlanDay = z.infer<typeof planDaySchema>;

/** GET /v1/exam-dates/{code}/plan: each day's work from today to the day before the exam. */
export const planResponseSchema = defineSchema(() =>
  z.object({
    exam_date: examDateSchema,
    settings: planSettingsSchema,
    days: z.array(planDaySchema),
    today: z.object({ problem_uids: z.array(z.number().int()), new: z.number().int(), review: z.number().int(), minutes: z.number() }),
    /** Problems in scope and how many the member has seen. */
    scope: z.object({ problems: z.number().int(), seen: z.number().int() }),
    /** What does not fit the budget before the exam (all zero: the plan fits). */
    left_out: z.object({ new: z.number().int(), review: z.number().int(), minutes: z.number() }),
  }),
);
export type PlanResponse = z.infer<typeof planResponseSchema>;

export const predictionSchema = defineSchema(() => z.object({ mean: z.number(), low: z.number(), high: z.number() }));
export type Prediction = z.infer<typeof predictionSchema>;

export const LEVER_KINDS = ['unseen', 'review'] as const;

/** GET /v1/exam-dates/{code}/readiness: the predicted share answered right on the day (0–1). */
export const readinessResponseSchema = defineSchema(() =>
  z.object({
    exam_date: examDateSchema,
    predicted: predictionSchema,
    /** Share of the scope's problems the member has answered at least once (0–1). */
    coverage: z.number(),
    by_subject: z.array(
      z.object({
        /** A lecture class of the scope (one of the classes of that name), or null: the subject, for problems in no class. */
        class_uid: z.number().int().nullable(),
        name: z.string(),
        problems: z.number().int(),
        seen: z.number().int(),
        mean: z.number(),
      }),
    ),
    /** What would move the prediction most, best first. */
    levers: z.array(
      z.object({
        kind: z.enum(LEVER_KINDS),
        class_uid: z.number().int().nullable(),
        name: z.string(),
        count: z.number().int(),
        /** Points of predicted score (0–1) the lever would add. */
        gain: z.number(),
      }),
    ),
    /** Whose memory model was used: 'fitted' (the member's own FSRS parameters) or 'default'. */
    memory_model: z.enum(['fitted', 'default']),
  }),
);
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

/** POST /v1/exam-dates/{code}/session: today's problems of the plan as a study session. */
export const startPlanSessionRequestSchema = defineSchema(() => z.strictObject({}).default({}));

/**
 * GET /v1/exam-dates/memory-model: how well the member's fitted FSRS parameters predict their own
 * recalls against the defaults, over the history they were fitted on (null: not fitted yet).
 */
export const memoryModelResponseSchema = defineSchema(() =>
  z.object({
    fitted: z
      .object({
        review_count: z.number().int(),
        log_loss_fitted: z.number(),
        log_loss_default: z.number(),
        rmse_fitted: z.number(),
        rmse_default: z.number(),
        fitted_at: z.string(),
      })
      .nullable(),
    /** The optimizer's minimum of reviews (after a first answer, a day or more apart). */
    min_reviews: z.number().int(),
  }),
);
export type MemoryModelResponse = z.infer<typeof memoryModelResponseSchema>;
