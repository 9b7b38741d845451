import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam } from './paging';
import { setHeaderSchema } from './problems';
import { imageFieldSchema, problemNoSchema, richText, rowId, setHeaderTypeSchema } from './authoring';
import { defineSchema } from './define-schema';

// Writing set headers (common passages shared by consecutive problems).

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
    .strictObject({ test_code: rowId, ...setHeaderShape })
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
