import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam } from './paging';
import { rowId } from './authoring';
import { defineSchema } from './define-schema';

// Assignment: which members fill which empty slots, a map of problem uid to member codes.

export const ASSIGNMENTS_MAX = 10_000;

export const assigneeSchema = defineSchema(() =>
  z.object({
    member_code: z.number().int(),
    id: z.string(),
    name: z.string(),
    grade: z.number().int().nullable(),
  }),
);
export type Assignee = z.infer<typeof assigneeSchema>;

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
    test_code: rowId.optional(),
    assignments: z
      .array(z.strictObject({ problem_code: rowId, assignee_code: rowId }), { error: m.assignmentRequired })
      .min(1, m.assignmentRequired)
      .max(ASSIGNMENTS_MAX, m.invalidInput),
  }),
);
export type AssignRequest = z.infer<typeof assignRequestSchema>;
export const assignResponseSchema = defineSchema(() => z.object({ assignments: z.record(z.string(), z.array(z.number().int())) }));
