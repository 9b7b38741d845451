import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam, optionalId, searchText, uidListParam } from './paging';
import { defineSchema } from './define-schema';

/** Solve mode's two fixed boxes (code 1 important, 2 wrong-answer notes), per member. */
export const SOLVE_BOX_SLOTS = { important: 1, wrong: 2 } as const;

export const boxSchema = defineSchema(() =>
  z.object({
    code: z.number().int(),
    box_name: z.string(),
    precidence: z.number().int(),
    /** 1 or 2 for the solve-mode boxes, null for boxes the member made. */
    solve_slot: z.number().int().nullable(),
    problem_count: z.number().int(),
    creation_time: z.string(),
    /** Present when the list was asked about one problem (`?problem_uid=`): whether it is in this box. */
    has_problem: z.boolean().optional(),
  }),
);
export type Box = z.infer<typeof boxSchema>;

/** How many problems one `GET /v1/box?problem_uids=` asks about (a loaded chunk of cards is 20). */
export const BOOKMARK_BATCH_MAX = 200;

export const boxesQuerySchema = defineSchema(() => z.strictObject({ problem_uid: optionalId, problem_uids: uidListParam(BOOKMARK_BATCH_MAX).optional() }));
export const boxesResponseSchema = defineSchema(() =>
  z.object({
    boxes: z.array(boxSchema),
    /**
     * Present when the list was asked about a page of problems (`?problem_uids=`): those of them in
     * any of the member's boxes — what the bookmark stars of a list need, in one call.
     */
    bookmarked_uids: z.array(z.number().int()).optional(),
  }),
);
export const boxResponseSchema = defineSchema(() => z.object({ box: boxSchema }));

export const BOX_NAME_MAX = 50;
export const createBoxRequestSchema = defineSchema(() =>
  z.strictObject({
    box_name: z.string({ error: m.boxNameRequired }).trim().min(1, m.boxNameRequired).max(BOX_NAME_MAX, m.boxNameTooLong),
    /** Ignored when absent: a new box goes last (precidence = current box count). */
    precidence: z.number({ error: m.invalidInput }).int(m.invalidInput).min(0, m.invalidInput).max(100_000, m.invalidInput).optional(),
  }),
);
export type CreateBoxRequest = z.infer<typeof createBoxRequestSchema>;

export const boxParamsSchema = defineSchema(() => z.strictObject({ id: idParam }));
export const boxProblemParamsSchema = defineSchema(() => z.strictObject({ boxId: idParam, problemId: idParam }));

export const boxProblemsQuerySchema = defineSchema(() =>
  z.strictObject({
    subject_code: optionalId,
    year: optionalId,
    type: z
      .enum(['', '1', '2', '4'], { error: m.invalidInput })
      .optional()
      .transform((v) => (v ? Number(v) : undefined)),
    q: searchText,
  }),
);

export const boxProblemSchema = defineSchema(() =>
  z.object({
    uid: z.number().int(),
    problem_uid: z.number().int(),
    no: z.number().int(),
    type: z.number().int(),
    test_code: z.number().int(),
    subject_code: z.number().int(),
    subject_name: z.string(),
    test_name: z.string(),
    test_year: z.number().int(),
    question_text: z.string(),
    /** When the problem was put in the box. */
    creation_time: z.string(),
  }),
);
export type BoxProblem = z.infer<typeof boxProblemSchema>;
export const boxProblemsResponseSchema = defineSchema(() => z.object({ problems: z.array(boxProblemSchema), box: boxSchema }));

export const solveBoxesResponseSchema = defineSchema(() => z.object({ important: boxSchema, wrong: boxSchema }));
