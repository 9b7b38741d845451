import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam, optionalId, pagingQuery } from './paging';
import { problemSchema, setHeaderSchema } from './problems';
import { testInfoSchema } from './tests';
import { defineSchema } from './define-schema';

// Authoring of problems (spec §2 lead screens and "my problems", §4 problem lifecycle, §5):
// empty slots, editing with version history, set headers, class links, assignment and submit.
// The same schemas check the web forms and the requests.

/** Per type and per call: the "add problems" dialog and create-specific take at most this many. */
export const SLOT_COUNT_MAX = 500;
export const PROBLEM_NO_MAX = 9999;
/** Characters of stored (sanitized) question, explanation and set-header HTML, after inline images became /uploads/ links. */
export const RICH_TEXT_MAX = 100_000;
export const ILLUSTRATION_MAX = 20_000;
export const PROBLEM_ANSWER_MAX = 5_000;
/** Decision 125: each at most 5 MB decoded. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Classes one problem may be linked to. */
export const PROBLEM_CLASSES_MAX = 100;
export const ASSIGNMENTS_MAX = 10_000;

/**
 * Spec §4 slot workflow: vacant (no content, no owner) → assigned (an owner, no content yet) →
 * submitted (an assignee saved it; waits for review) → approved (검토 완료) or changes_requested
 * (수정 요청, back to the assignee). 'written' is content no assignee submitted: a lead's own
 * problem, an import, a lead's edit of an assigned slot (issue 26 item 12: only a submission is 제출됨).
 */
export const PROBLEM_STATUSES = ['vacant', 'assigned', 'written', 'submitted', 'approved', 'changes_requested'] as const;
export const problemStatusSchema = defineSchema(() => z.enum(PROBLEM_STATUSES));
export type ProblemStatus = z.infer<typeof problemStatusSchema>;

/** The review steps a slot's assignments can be in, the one waiting for a lead first. */
const REVIEW_ORDER = ['submitted', 'changes_requested', 'approved'] as const;

/**
 * The status shown for a slot: content decides first (is_vacant 1 is empty; 0, or 2 while a
 * returned submission is withheld, is written), then its assignments' review steps, then whether
 * anyone owns it.
 */
export function problemStatus(isVacant: number, assignmentStatuses: readonly string[]): ProblemStatus {
  if (isVacant === 1) return assignmentStatuses.length > 0 ? 'assigned' : 'vacant';
  return REVIEW_ORDER.find((step) => assignmentStatuses.includes(step)) ?? 'written';
}

const id = defineSchema(() => z.number({ error: m.invalidInput }).int(m.invalidInput).min(1, m.invalidInput).max(2_147_483_647, m.invalidInput));
export const problemTypeSchema = defineSchema(() => z.literal([1, 2, 4], { error: m.problemTypeInvalid }));
export const choiceTypeSchema = defineSchema(() => z.literal([1, 2, 4, 5], { error: m.choiceTypeInvalid }).nullable());
export const problemNoSchema = defineSchema(() =>
  z
    .number({ error: m.problemNoInvalid })
    .int(m.problemNoInvalid)
    .min(1, m.problemNoInvalid)
    .max(PROBLEM_NO_MAX, m.problemNoInvalid),
);
export const setHeaderTypeSchema = defineSchema(() => z.literal([1, 2], { error: m.setHeaderTypeInvalid }));

/**
 * A picture field: a data URL to upload (sniffed and limited by the server), the path it already
 * has (`/uploads/…`) to keep it, or null to remove it.
 */
export const imageFieldSchema = defineSchema(() => z.string({ error: m.imageFieldInvalid }).min(1, m.imageFieldInvalid).nullable());

/** Rich HTML as sent: the request size limit bounds it; the stored form is checked against RICH_TEXT_MAX. */
const richText = defineSchema(() => z.string({ error: m.invalidInput }));
const illustration = defineSchema(() => z.string({ error: m.invalidInput }).max(ILLUSTRATION_MAX, m.illustrationTooLong));
const answer = defineSchema(() => z.string({ error: m.invalidInput }).max(PROBLEM_ANSWER_MAX, m.problemAnswerTooLong));

const contentShape = {
  question: richText.optional(),
  illustration: illustration.optional(),
  answer: answer.optional(),
  comments: richText.optional(),
  choice_type: choiceTypeSchema.optional(),
  question_pic: imageFieldSchema.optional(),
  answer_pic: imageFieldSchema.optional(),
  comment_pic: imageFieldSchema.optional(),
};

/** What a student fills in from "my problems": content only. */
export const problemContentSchema = defineSchema(() => z.strictObject(contentShape));
export type ProblemContent = z.infer<typeof problemContentSchema>;

export const submitProblemRequestSchema = defineSchema(() => z.strictObject({ content: problemContentSchema }));
export type SubmitProblemRequest = z.infer<typeof submitProblemRequestSchema>;

const editShape = {
  ...contentShape,
  no: problemNoSchema.optional(),
  set_header_code: id.nullable().optional(),
  class_uids: z.array(id).max(PROBLEM_CLASSES_MAX, m.invalidInput).optional(),
};

/**
 * PATCH /v1/problem/{id}: only the changed fields. `type` may be sent, but only with the value
 * it already has (a type never changes after creation).
 */
export const updateProblemRequestSchema = defineSchema(() =>
  z
    .strictObject({ ...editShape, type: problemTypeSchema.optional() })
    .refine((body) => Object.keys(body).length > 0, { message: m.problemNoChanges }),
);
export type UpdateProblemRequest = z.infer<typeof updateProblemRequestSchema>;

/** PUT /v1/problem (spec §7): the problem named by uid, with its exam, number and type, plus the changed fields. */
export const putProblemRequestSchema = defineSchema(() =>
  z.strictObject({
    ...editShape,
    uid: id,
    test_code: id,
    no: problemNoSchema,
    type: problemTypeSchema,
  }),
);
export type PutProblemRequest = z.infer<typeof putProblemRequestSchema>;

/** The fields that can change through an edit (PATCH, PUT, submit, restore). */
export type ProblemChanges = Omit<UpdateProblemRequest, 'type'>;

// ---- Empty slots

const slotCount = defineSchema(() =>
  z
    .number({ error: m.slotCountRequired })
    .int(m.slotCountRequired)
    .min(0, m.slotCountRequired)
    .max(SLOT_COUNT_MAX, m.slotCountTooMany),
);

/**
 * POST /v1/problem/create-empty: spec §7's `{test_code, count}` (of `type`, default multiple
 * choice), or the "add problems" dialog's `{test_code, counts: {multiple_choice, subjective, slide}}`.
 */
export const createEmptySlotsRequestSchema = defineSchema(() =>
  z
    .strictObject({
      test_code: id,
      count: slotCount.optional(),
      type: problemTypeSchema.optional(),
      counts: z
        .strictObject({ multiple_choice: slotCount.default(0), subjective: slotCount.default(0), slide: slotCount.default(0) })
        .optional(),
    })
    .superRefine((body, ctx) => {
      if (body.counts !== undefined && (body.count !== undefined || body.type !== undefined)) {
        ctx.addIssue({ code: 'custom', message: m.invalidInput, path: ['counts'] });
        return;
      }
      const total = body.counts ? body.counts.multiple_choice + body.counts.subjective + body.counts.slide : (body.count ?? 0);
      if (total < 1) ctx.addIssue({ code: 'custom', message: m.slotCountRequired, path: [body.counts ? 'counts' : 'count'] });
    }),
);
export type CreateEmptySlotsRequest = z.infer<typeof createEmptySlotsRequestSchema>;

/** The slot counts of the "add problems" dialog, per type. */
export function slotCountsOf(body: CreateEmptySlotsRequest): Array<{ type: 1 | 2 | 4; count: number }> {
  if (!body.counts) return [{ type: body.type ?? 1, count: body.count ?? 0 }];
  return [
    { type: 1, count: body.counts.multiple_choice },
    { type: 2, count: body.counts.subjective },
    { type: 4, count: body.counts.slide },
  ];
}

/** POST /v1/problem/create-specific: numbers as `{type, no}`, or plain numbers of `type` (default multiple choice). */
export const createSpecificSlotsRequestSchema = defineSchema(() =>
  z.strictObject({
    test_code: id,
    type: problemTypeSchema.optional(),
    numbers: z
      .array(z.union([problemNoSchema, z.strictObject({ type: problemTypeSchema, no: problemNoSchema })]), { error: m.slotNumbersRequired })
      .min(1, m.slotNumbersRequired)
      .max(SLOT_COUNT_MAX, m.slotCountTooMany),
  }),
);
export type CreateSpecificSlotsRequest = z.infer<typeof createSpecificSlotsRequestSchema>;

export const createdSlotSchema = defineSchema(() => z.object({ uid: z.number().int(), no: z.number().int(), type: z.number().int() }));
export const createdSlotsResponseSchema = defineSchema(() => z.object({ created: z.array(createdSlotSchema) }));

// ---- Lead problem list and detail

export const assigneeSchema = defineSchema(() =>
  z.object({
    member_code: z.number().int(),
    id: z.string(),
    name: z.string(),
    grade: z.number().int().nullable(),
  }),
);
export type Assignee = z.infer<typeof assigneeSchema>;

export const leadProblemsQuerySchema = defineSchema(() =>
  z.strictObject({
    test_code: idParam,
    /** 1 lists empty slots too (the lead screen always sends it). */
    include_vacant: z
      .enum(['0', '1'], { error: m.invalidInput })
      .optional()
      .transform((value) => value === '1'),
    /** Only slots in this review step (issue 15). */
    review_status: z.enum(['submitted', 'approved', 'changes_requested'], { error: m.invalidInput }).optional(),
    ...pagingQuery(100, 100),
  }),
);

export const leadProblemRowSchema = defineSchema(() =>
  z.object({
    uid: z.number().int(),
    problem_code: z.number().int(),
    no: z.number().int(),
    type: z.number().int(),
    choice_type: z.number().int().nullable(),
    is_vacant: z.number().int(),
    /** The question stripped of markup, first 100 characters. */
    question_text: z.string(),
    has_question_pic: z.boolean(),
    set_header: z.object({ code: z.number().int(), begin_problem_no: z.number().int(), end_problem_no: z.number().int() }).nullable(),
    status: problemStatusSchema,
    assignees: z.array(assigneeSchema),
    update_time: z.string(),
  }),
);
export type LeadProblemRow = z.infer<typeof leadProblemRowSchema>;

export const leadProblemsResponseSchema = defineSchema(() =>
  z.object({
    problem: z.array(leadProblemRowSchema),
    problem_count: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    test: testInfoSchema,
  }),
);

export const memberRefSchema = defineSchema(() => z.object({ member_code: z.number().int(), id: z.string(), name: z.string() }));

export const problemClassSchema = defineSchema(() => z.object({ uid: z.number().int(), class_name: z.string(), class_date: z.string() }));

export const problemDetailSchema = defineSchema(() =>
  problemSchema.extend({
    status: problemStatusSchema,
    assignees: z.array(assigneeSchema),
    classes: z.array(problemClassSchema),
    test: testInfoSchema,
    updated_by: memberRefSchema.nullable(),
    creation_time: z.string(),
    update_time: z.string(),
    version_count: z.number().int(),
  }),
);
export type ProblemDetail = z.infer<typeof problemDetailSchema>;
export const problemDetailResponseSchema = defineSchema(() => z.object({ problem: problemDetailSchema }));

// ---- Version history

/** Everything a save can change, as it was before that save. */
export const problemSnapshotSchema = defineSchema(() =>
  z.object({
    no: z.number().int(),
    type: z.number().int(),
    choice_type: z.number().int().nullable(),
    question: z.string(),
    illustration: z.string(),
    answer: z.string(),
    comments: z.string(),
    question_pic_path: z.string().nullable(),
    answer_pic_path: z.string().nullable(),
    comment_pic_path: z.string().nullable(),
    is_vacant: z.number().int(),
    set_header_code: z.number().int().nullable(),
    class_uids: z.array(z.number().int()),
  }),
);
export type ProblemSnapshot = z.infer<typeof problemSnapshotSchema>;

export const problemVersionSchema = defineSchema(() =>
  z.object({
    code: z.number().int(),
    problem_uid: z.number().int(),
    /** Who wrote this version's content (null: unknown or deleted member). */
    edited_by: memberRefSchema.nullable(),
    /** When this version's content was saved. */
    creation_time: z.string(),
    snapshot: problemSnapshotSchema,
  }),
);
export type ProblemVersion = z.infer<typeof problemVersionSchema>;

export const versionsQuerySchema = defineSchema(() => z.strictObject({ ...pagingQuery(50, 100) }));
export const versionsResponseSchema = defineSchema(() =>
  z.object({
    versions: z.array(problemVersionSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
export const versionParamsSchema = defineSchema(() => z.strictObject({ id: idParam, versionCode: idParam }));

// ---- Set headers (common passages)

/** A common passage's own fields: required to create one, any of them (at least one) to change it. */
const setHeaderShape = {
  type: setHeaderTypeSchema,
  begin_problem_no: problemNoSchema,
  end_problem_no: problemNoSchema,
  header_text: richText,
  pic: imageFieldSchema.optional(),
};

export const createSetHeaderRequestSchema = defineSchema(() =>
  z
    .strictObject({ test_code: id, ...setHeaderShape })
    .refine((body) => body.end_problem_no >= body.begin_problem_no, { message: m.setHeaderRangeInvalid, path: ['end_problem_no'] }),
);
export type CreateSetHeaderRequest = z.infer<typeof createSetHeaderRequestSchema>;

export const updateSetHeaderRequestSchema = defineSchema(() =>
  z
    .strictObject(setHeaderShape)
    .partial()
    .refine((body) => Object.keys(body).length > 0, { message: m.problemNoChanges }),
);
export type UpdateSetHeaderRequest = z.infer<typeof updateSetHeaderRequestSchema>;

export const setHeaderParamsSchema = defineSchema(() => z.strictObject({ code: idParam }));
export const setHeaderResponseSchema = defineSchema(() =>
  z.object({
    header: setHeaderSchema,
    /** The multiple-choice problems of the range, now linked to the header. */
    problem_uids: z.array(z.number().int()),
  }),
);

// ---- Deletion

export const deleteProblemQuerySchema = defineSchema(() =>
  z.strictObject({
    test_code: idParam,
    no: idParam,
    type: z.coerce.number({ error: m.problemTypeInvalid }).pipe(problemTypeSchema),
  }),
);
export const bulkDeleteVacantRequestSchema = defineSchema(() => z.strictObject({ test_code: id }));
export const bulkDeleteVacantResponseSchema = defineSchema(() => z.object({ deleted: z.number().int() }));
export const deletedProblemResponseSchema = defineSchema(() => z.object({ ok: z.literal(true), deleted: createdSlotSchema }));

// ---- Assignment (spec §3: a map of problem uid to member codes)

export const assignmentsQuerySchema = defineSchema(() => z.strictObject({ test_code: idParam }));
export const assignmentMemberSchema = defineSchema(() => assigneeSchema.extend({ validated: z.number().int() }));
export const assignmentsResponseSchema = defineSchema(() =>
  z.object({
    /** Problem uid → member codes. */
    assignments: z.record(z.string(), z.array(z.number().int())),
    /** Who the member codes above are (for the chips: grade, approval). */
    members: z.array(assignmentMemberSchema),
  }),
);

export const assignRequestSchema = defineSchema(() =>
  z.strictObject({
    /** With it, the whole exam's assignment set is replaced; without it, that of the problems named. */
    test_code: id.optional(),
    assignments: z
      .array(z.strictObject({ problem_code: id, assignee_code: id }), { error: m.assignmentRequired })
      .min(1, m.assignmentRequired)
      .max(ASSIGNMENTS_MAX, m.invalidInput),
  }),
);
export type AssignRequest = z.infer<typeof assignRequestSchema>;
export const assignResponseSchema = defineSchema(() => z.object({ assignments: z.record(z.string(), z.array(z.number().int())) }));

// ---- My problems

export const mySlotsQuerySchema = defineSchema(() =>
  z.strictObject({
    year: z
      .union([z.literal(''), z.coerce.number({ error: m.invalidInput }).int(m.invalidInput).min(1900, m.invalidInput).max(2999, m.invalidInput)])
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
    subject_code: optionalId,
  }),
);

export const mySlotSchema = defineSchema(() =>
  z.object({
    uid: z.number().int(),
    problem_code: z.number().int(),
    no: z.number().int(),
    type: z.number().int(),
    choice_type: z.number().int().nullable(),
    test_code: z.number().int(),
    test_name: z.string(),
    year: z.number().int(),
    subject_code: z.number().int(),
    subject_name: z.string(),
    status: problemStatusSchema,
    is_vacant: z.number().int(),
    /** The question stripped of markup, first 100 characters. */
    question_text: z.string(),
    update_time: z.string(),
    /** The review step of the member's assignment (issue 15): assigned, submitted, approved, changes_requested. */
    review_status: z.string(),
    /** The lead's comment when the slot was returned (수정 요청); null otherwise. */
    review_comment: z.string().nullable(),
  }),
);
export type MySlot = z.infer<typeof mySlotSchema>;

export const mySlotsResponseSchema = defineSchema(() =>
  z.object({
    problems: z.array(mySlotSchema),
    /** Over the member's whole list (not only the filtered rows): completed means content saved. */
    counts: z.object({ total: z.number().int(), completed: z.number().int(), incomplete: z.number().int() }),
  }),
);
