import { z } from 'zod';
import { validationMessages as m } from './messages';
import { defineSchema } from './define-schema';

// Authoring of problems: a problem's fields, its status, and the edit and submit requests. The
// other authoring schemas are beside this file: authoring-slots.ts (empty slots and deletion),
// lead-problems.ts (the lead list, detail and version history), set-headers.ts, assignments.ts and
// my-problems.ts. The same schemas check the web forms and the requests.

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

/**
 * The slot workflow (decisions 078, 105): vacant (no content, no owner) → assigned (an owner, no content yet) →
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

/**
 * The fields that name a problem in the lead list and in "my problems" (built when the schema
 * using them is: decision 064).
 */
export function problemKeyFields() {
  return {
    uid: z.number().int(),
    problem_code: z.number().int(),
    no: z.number().int(),
    type: z.number().int(),
    choice_type: z.number().int().nullable(),
  };
}

/** A row's id in a JSON body (a positive 32-bit integer). */
export const rowId = defineSchema(() => z.number({ error: m.invalidInput }).int(m.invalidInput).min(1, m.invalidInput).max(2_147_483_647, m.invalidInput));
export const problemTypeSchema = defineSchema(() => z.literal([1, 2, 4], { error: m.problemTypeInvalid }));
export const choiceTypeSchema = defineSchema(() => z.literal([1, 2, 4, 5], { error: m.choiceTypeInvalid }).nullable());
export const problemNoSchema = defineSchema(() =>
  z.number({ error: m.problemNoInvalid }).int(m.problemNoInvalid).min(1, m.problemNoInvalid).max(PROBLEM_NO_MAX, m.problemNoInvalid),
);
export const setHeaderTypeSchema = defineSchema(() => z.literal([1, 2], { error: m.setHeaderTypeInvalid }));

/**
 * A picture field: a data URL to upload (sniffed and limited by the server), the path it already
 * has (`/uploads/…`) to keep it, or null to remove it.
 */
export const imageFieldSchema = defineSchema(() => z.string({ error: m.imageFieldInvalid }).min(1, m.imageFieldInvalid).nullable());

/** Rich HTML as sent: the request size limit bounds it; the stored form is checked against RICH_TEXT_MAX. */
export const richText = defineSchema(() => z.string({ error: m.invalidInput }));
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

/**
 * The past problem the content was started from ("이 문제에서 시작", issue 28 item 6): the save links
 * the two (decision 187).
 */
const startedFrom = defineSchema(() => rowId.optional());

export const submitProblemRequestSchema = defineSchema(() => z.strictObject({ content: problemContentSchema, started_from: startedFrom }));
export type SubmitProblemRequest = z.infer<typeof submitProblemRequestSchema>;

const editShape = {
  ...contentShape,
  no: problemNoSchema.optional(),
  set_header_code: rowId.nullable().optional(),
  class_uids: z.array(rowId).max(PROBLEM_CLASSES_MAX, m.invalidInput).optional(),
  started_from: startedFrom,
};

/**
 * PATCH /v1/problem/{id}: only the changed fields. `type` may be sent, but only with the value
 * it already has (a type never changes after creation).
 */
export const updateProblemRequestSchema = defineSchema(() =>
  z.strictObject({ ...editShape, type: problemTypeSchema.optional() }).refine((body) => Object.keys(body).length > 0, { message: m.problemNoChanges }),
);
export type UpdateProblemRequest = z.infer<typeof updateProblemRequestSchema>;

/** PUT /v1/problem: the problem named by uid, with its exam, number and type, plus the changed fields. */
export const putProblemRequestSchema = defineSchema(() =>
  z.strictObject({
    ...editShape,
    uid: rowId,
    test_code: rowId,
    no: problemNoSchema,
    type: problemTypeSchema,
  }),
);
export type PutProblemRequest = z.infer<typeof putProblemRequestSchema>;

/** The fields that can change through an edit (PATCH, PUT, submit, restore). */
export type ProblemChanges = Omit<UpdateProblemRequest, 'type' | 'started_from'>;
