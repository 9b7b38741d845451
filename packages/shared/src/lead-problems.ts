import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam, pagingQuery } from './paging';
import { problemSchema } from './problems';
import { testInfoSchema } from './exams';
import { problemKeyFields, problemStatusSchema } from './authoring';
import { assigneeSchema } from './assignments';
import { defineSchema } from './define-schema';

// The lead screens' reads of an exam's problems: the list, a problem's detail and its version history.

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
    ...problemKeyFields(),
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
