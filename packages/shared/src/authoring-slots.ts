import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam } from './paging';
import { problemNoSchema, problemTypeSchema, rowId, SLOT_COUNT_MAX } from './authoring';
import { defineSchema } from './define-schema';

// Empty slots a lead makes for someone to fill, and deleting problems.

const slotCount = defineSchema(() =>
  z.number({ error: m.slotCountRequired }).int(m.slotCountRequired).min(0, m.slotCountRequired).max(SLOT_COUNT_MAX, m.slotCountTooMany),
);

/**
 * POST /v1/problem/create-empty: the API's `{test_code, count}` (of `type`, default multiple
 * choice), or the "add problems" dialog's `{test_code, counts: {multiple_choice, subjective, slide}}`.
 */
export const createEmptySlotsRequestSchema = defineSchema(() =>
  z
    .strictObject({
      test_code: rowId,
      count: slotCount.optional(),
      type: problemTypeSchema.optional(),
      counts: z.strictObject({ multiple_choice: slotCount.default(0), subjective: slotCount.default(0), slide: slotCount.default(0) }).optional(),
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
    test_code: rowId,
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

// ---- Deletion

export const deleteProblemQuerySchema = defineSchema(() =>
  z.strictObject({
    test_code: idParam,
    no: idParam,
    type: z.coerce.number({ error: m.problemTypeInvalid }).pipe(problemTypeSchema),
  }),
);
export const bulkDeleteVacantRequestSchema = defineSchema(() => z.strictObject({ test_code: rowId }));
export const bulkDeleteVacantResponseSchema = defineSchema(() => z.object({ deleted: z.number().int() }));
export const deletedProblemResponseSchema = defineSchema(() => z.object({ ok: z.literal(true), deleted: createdSlotSchema }));
