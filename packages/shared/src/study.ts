import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam, pagingQuery } from './paging';
import { problemSchema } from './problems';
import { answerClientIdSchema } from './solve';
import { DIFFICULTIES } from './ratings';
import { defineSchema } from './define-schema';

// Study sessions (issue 13 items 1–3): a member's own practice set over any mix of subjects,
// years, exams and lecture classes, in tutor mode (verdict after each answer) or timed mode
// (no verdicts until the end, answers refused after ends_at on the server's clock).

export const studyMessages = {
  scopeListInvalid: '범위 목록이 올바르지 않습니다.',
  scopeListTooLong: '범위는 항목마다 200개까지 고를 수 있습니다.',
  filterInvalid: '문제 고르기 조건이 올바르지 않습니다.',
  boxRequired: '문제를 가져올 박스를 고르세요.',
  boxOnlyWithBoxFilter: '박스는 "내 박스" 조건에서만 고를 수 있습니다.',
  countRange: '문제 수는 1~200 사이로 입력하세요.',
  orderInvalid: '문제 순서가 올바르지 않습니다.',
  onePerLineageInvalid: '"한 계열에 한 문제"는 true 또는 false로 보내세요.',
  modeInvalid: '풀이 모드가 올바르지 않습니다.',
  minutesRange: '시험 시간은 1~600분 사이로 입력하세요.',
  minutesOnlyTimed: '시험 시간은 시험 모드에서만 정할 수 있습니다.',
  difficultiesInvalid: '난이도는 쉬움, 보통, 어려움 중에서 고르세요.',
} as const;
const s = studyMessages;

export const STUDY_FILTERS = ['all', 'unseen', 'wrong', 'marked', 'box', 'confused'] as const;
export type StudyFilter = (typeof STUDY_FILTERS)[number];
/** 'frequency' (빈출 우선, issue 28 item 4): the most-repeated lineages first (decision 173). */
export const STUDY_ORDERS = ['random', 'exam', 'frequency'] as const;
export type StudyOrder = (typeof STUDY_ORDERS)[number];
export const STUDY_MODES = ['tutor', 'timed'] as const;
export type StudyMode = (typeof STUDY_MODES)[number];

export const SESSION_COUNT_MIN = 1;
export const SESSION_COUNT_MAX = 200;
export const SESSION_MINUTES_MAX = 600;
/** Timed mode's default: 1.2 minutes a problem (issue 13). */
export const DEFAULT_MINUTES_PER_PROBLEM = 1.2;
/** How many codes one scope list may name. */
const SCOPE_LIST_MAX = 200;

/** The default time of a timed session of `count` problems, in whole minutes (at least 1). */
export function defaultSessionMinutes(count: number): number {
  return Math.max(1, Math.ceil(count * DEFAULT_MINUTES_PER_PROBLEM));
}

const positiveCode = defineSchema(() =>
  z.number({ error: s.scopeListInvalid }).int(s.scopeListInvalid).min(1, s.scopeListInvalid).max(2_147_483_647, s.scopeListInvalid),
);
const year = defineSchema(() => z.number({ error: s.scopeListInvalid }).int(s.scopeListInvalid).min(1900, s.scopeListInvalid).max(2999, s.scopeListInvalid));
const codeList = (item: z.ZodNumber) => z.array(item, { error: s.scopeListInvalid }).max(SCOPE_LIST_MAX, s.scopeListTooLong).optional();

/** Within a list any item matches; the lists narrow one another (see decision 094). */
export const studyScopeSchema = defineSchema(() =>
  z.strictObject(
    {
      subject_codes: codeList(positiveCode),
      years: codeList(year),
      test_codes: codeList(positiveCode),
      class_codes: codeList(positiveCode),
      box_code: positiveCode.optional(),
      /** Only problems whose members' difficulty (issue 30, five ratings or more) is one of these. */
      difficulties: z
        .array(z.enum(DIFFICULTIES, { error: s.difficultiesInvalid }), { error: s.difficultiesInvalid })
        .max(DIFFICULTIES.length, s.difficultiesInvalid)
        .optional(),
    },
    { error: s.scopeListInvalid },
  ),
);
export type StudyScope = z.infer<typeof studyScopeSchema>;

const filterSchema = defineSchema(() => z.enum(STUDY_FILTERS, { error: s.filterInvalid }));

function checkBox(value: { filter: StudyFilter; scope: StudyScope }, ctx: z.RefinementCtx) {
  if (value.filter === 'box' && value.scope.box_code === undefined) ctx.addIssue({ code: 'custom', message: s.boxRequired, path: ['scope', 'box_code'] });
  if (value.filter !== 'box' && value.scope.box_code !== undefined)
    ctx.addIssue({ code: 'custom', message: s.boxOnlyWithBoxFilter, path: ['scope', 'box_code'] });
}

export const createSessionRequestSchema = defineSchema(() =>
  z
    .strictObject({
      scope: studyScopeSchema.default({}),
      filter: filterSchema,
      count: z.number({ error: s.countRange }).int(s.countRange).min(SESSION_COUNT_MIN, s.countRange).max(SESSION_COUNT_MAX, s.countRange),
      order: z.enum(STUDY_ORDERS, { error: s.orderInvalid }),
      /** 한 계열에 한 문제: at most one problem of each lineage (decision 173). */
      one_per_lineage: z.boolean({ error: s.onePerLineageInvalid }).default(false),
      mode: z.enum(STUDY_MODES, { error: s.modeInvalid }),
      minutes: z.number({ error: s.minutesRange }).min(1, s.minutesRange).max(SESSION_MINUTES_MAX, s.minutesRange).optional(),
    })
    .superRefine((value, ctx) => {
      checkBox(value, ctx);
      if (value.mode === 'tutor' && value.minutes !== undefined) ctx.addIssue({ code: 'custom', message: s.minutesOnlyTimed, path: ['minutes'] });
    }),
);
export type CreateSessionRequest = z.infer<typeof createSessionRequestSchema>;

/** "1,2,3" (or the key repeated) in a query string → [1, 2, 3]; empty → absent. */
const queryList = (item: z.ZodNumber) =>
  z.preprocess((raw) => {
    if (raw === undefined) return undefined;
    const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]));
    const texts = parts.map((part) => (typeof part === 'string' ? part.trim() : part)).filter((part) => part !== '');
    if (texts.length === 0) return undefined;
    return texts.map((part) => (typeof part === 'string' && /^\d{1,10}$/.test(part) ? Number(part) : part));
  }, codeList(item));

export const sessionCountQuerySchema = defineSchema(() =>
  z
    .strictObject({
      subject_codes: queryList(positiveCode),
      years: queryList(year),
      test_codes: queryList(positiveCode),
      class_codes: queryList(positiveCode),
      box_code: z.preprocess(
        (raw) => (raw === '' ? undefined : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : raw),
        positiveCode.optional(),
      ),
      difficulties: z.preprocess(
        (raw) => (raw === '' || raw === undefined ? undefined : typeof raw === 'string' ? raw.split(',') : raw),
        z
          .array(z.enum(DIFFICULTIES, { error: s.difficultiesInvalid }), { error: s.difficultiesInvalid })
          .max(DIFFICULTIES.length, s.difficultiesInvalid)
          .optional(),
      ),
      filter: z.preprocess((raw) => (raw === '' || raw === undefined ? 'all' : raw), filterSchema),
      /** 한 계열에 한 문제: the count a session with it can draw, a lineage counting once (decision 190). */
      one_per_lineage: z.enum(['true', 'false'], { error: s.onePerLineageInvalid }).optional(),
    })
    .transform(({ filter, one_per_lineage, ...scope }) => ({ filter, scope, one_per_lineage: one_per_lineage === 'true' }))
    .superRefine((value, ctx) => checkBox(value, ctx)),
);
export type SessionCountQuery = z.infer<typeof sessionCountQuerySchema>;
export const sessionCountResponseSchema = defineSchema(() => z.object({ count: z.number().int() }));

export const sessionParamsSchema = defineSchema(() => z.strictObject({ code: idParam }));

/** The new session of a finished one's problems that were not answered right. */
export const retrySessionRequestSchema = defineSchema(() =>
  z
    .strictObject({
      mode: z.enum(STUDY_MODES, { error: s.modeInvalid }).optional(),
      minutes: z.number({ error: s.minutesRange }).min(1, s.minutesRange).max(SESSION_MINUTES_MAX, s.minutesRange).optional(),
    })
    .default({}),
);

/** What a session was drawn from, by name (a deleted exam, class or box is left out); empty lists: the whole bank. */
export const sessionScopeNamesSchema = defineSchema(() =>
  z.object({
    subjects: z.array(z.string()),
    years: z.array(z.number().int()),
    tests: z.array(z.string()),
    classes: z.array(z.string()),
    box: z.string().nullable(),
  }),
);
export type SessionScopeNames = z.infer<typeof sessionScopeNamesSchema>;

export const sessionSummarySchema = defineSchema(() =>
  z.object({
    code: z.number().int(),
    mode: z.enum(STUDY_MODES),
    /** The filter it was built with; 'retry' for a session of another session's misses. */
    filter: z.string(),
    /** Its scope by name, so a list of sessions can say what each was. */
    scope_names: sessionScopeNamesSchema,
    order: z.enum(STUDY_ORDERS),
    minutes: z.number().nullable(),
    /** Timed mode: when answers stop being taken (server clock, ISO); null in tutor mode. */
    ends_at: z.string().nullable(),
    creation_time: z.string(),
    finish_time: z.string().nullable(),
    /** The session it retries, if any. */
    retry_of: z.number().int().nullable(),
    total: z.number().int(),
    answered: z.number().int(),
    /** Known only once finished in timed mode (null before). */
    correct: z.number().int().nullable(),
    /** Essay and slide answers waiting for the member's 맞음 / 틀림 (decision 075); null while correct is. */
    pending: z.number().int().nullable(),
  }),
);
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const createSessionResponseSchema = defineSchema(() =>
  z.object({
    session: z.object({ code: z.number().int(), mode: z.enum(STUDY_MODES), problem_uids: z.array(z.number().int()), ends_at: z.string().nullable() }),
  }),
);

export const sessionAnswerSchema = defineSchema(() =>
  z.object({
    /** The stored answer: an essay or slide answer is judged by its member with it (POST /v1/solve/attempts/{code}/self-judgment). */
    code: z.number().int(),
    problem_uid: z.number().int(),
    answer: z.string(),
    /** Absent while a timed session runs: verdicts wait for the end. */
    is_correct: z.boolean().optional(),
    /**
     * Absent with is_correct. 'machine' with is_correct false on an essay or slide problem: the
     * answer waits for the member's own verdict and counts neither way yet (decision 075).
     */
    judged_by: z.enum(['machine', 'self']).optional(),
    creation_time: z.string(),
  }),
);
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

export const sessionResultSchema = defineSchema(() =>
  z.object({
    total: z.number().int(),
    answered: z.number().int(),
    correct: z.number().int(),
    /** Answered essay and slide problems still waiting for the member's 맞음 / 틀림: neither right nor wrong yet. */
    pending: z.number().int(),
    seconds: z.number().int(),
  }),
);
export type SessionResult = z.infer<typeof sessionResultSchema>;

export const sessionDetailResponseSchema = defineSchema(() =>
  z.object({
    session: sessionSummarySchema.extend({ problem_uids: z.array(z.number().int()) }),
    /**
     * The session's problems in session order. While a timed session runs their answer,
     * explanation and answer pictures are blank: the verdict waits for the end.
     */
    problems: z.array(problemSchema),
    /** The latest answer to each problem in this session. */
    answers: z.array(sessionAnswerSchema),
    result: sessionResultSchema.nullable(),
    /** The server's clock now, so a countdown can correct the device's clock. */
    server_time: z.string(),
  }),
);
export type SessionDetail = z.infer<typeof sessionDetailResponseSchema>;

export const sessionAnswerRequestSchema = defineSchema(() =>
  z.strictObject({
    problem_uid: idParam,
    answer: z.string({ error: m.answerRequired }).trim().min(1, m.answerRequired).max(500, m.answerTooLong),
    /** Sent again under the same id (the offline queue), the answer is recorded once (decision 054). */
    client_id: answerClientIdSchema.optional(),
    /**
     * When the member answered, on the server's clock as the screen knows it (device clock corrected
     * by the session's server_time). Never before the session began nor ahead of the server's clock;
     * an answer arriving after a timed session's end counts if made before it, until the result
     * is shown (decisions 054, 071).
     */
    answered_at: z.iso.datetime({ error: m.answeredAtInvalid }).optional(),
  }),
);
export type SessionAnswerRequest = z.infer<typeof sessionAnswerRequestSchema>;
export const sessionAnswerResponseSchema = defineSchema(() => z.object({ answer: sessionAnswerSchema }));

export const sessionFinishResponseSchema = defineSchema(() => z.object({ result: sessionResultSchema }));

export const sessionsQuerySchema = defineSchema(() => z.strictObject({ ...pagingQuery(20, 100) }));
export const sessionsResponseSchema = defineSchema(() =>
  z.object({
    sessions: z.array(sessionSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);

export const wrongNotesResponseSchema = defineSchema(() => z.object({ box_code: z.number().int(), added: z.number().int(), total: z.number().int() }));
