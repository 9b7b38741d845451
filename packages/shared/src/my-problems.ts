import { z } from 'zod';
import { validationMessages as m } from './messages';
import { optionalId } from './paging';
import { problemKeyFields, problemStatusSchema } from './authoring';
import { defineSchema } from './define-schema';

// "My problems": the slots assigned to the signed-in member, with their review step.

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
    ...problemKeyFields(),
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
