import { z } from 'zod';
import { PROBLEM_CLASSES_MAX, problemContentSchema, problemNoSchema, problemTypeSchema } from './authoring';
import { validationMessages as m } from './messages';
import { defineSchema } from './define-schema';

// POST /v1/problem (spec §7): a lead creates one problem with its content in one call. The
// content fields and their rules are the edit path's (sanitized HTML, pictures as inline data
// URLs, choices one per line); an empty question makes an empty slot (is_vacant 1).

const id = defineSchema(() => z.number({ error: m.invalidInput }).int(m.invalidInput).min(1, m.invalidInput).max(2_147_483_647, m.invalidInput));

export const createProblemRequestSchema = defineSchema(() =>
  z.strictObject({
    ...problemContentSchema.shape,
    test_code: id,
    no: problemNoSchema,
    type: problemTypeSchema,
    set_header_code: id.nullable().optional(),
    class_uids: z.array(id).max(PROBLEM_CLASSES_MAX, m.invalidInput).optional(),
  }),
);
export type CreateProblemRequest = z.infer<typeof createProblemRequestSchema>;
