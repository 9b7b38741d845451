import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam, pagingQuery, searchText, uidListParam } from './paging';
import { defineSchema } from './define-schema';

// A member's private memo on a problem and their 헷갈림 (confusing) flag: one row per member and
// problem (table problem_notes). Only the member ever sees them.

export const NOTE_MAX_LENGTH = 2000;
const noteTooLong = `메모는 ${NOTE_MAX_LENGTH}자 이내로 입력하세요.`;
const confusedRequired = '헷갈림 표시 여부를 지정하세요.';

export const noteParamsSchema = defineSchema(() => z.strictObject({ id: idParam }));

/** PUT /v1/problem/{id}/note: the memo's whole text; empty (or blank) deletes the memo. */
export const noteRequestSchema = defineSchema(() =>
  z.strictObject({
    text: z
      .string({ error: m.invalidInput })
      .max(NOTE_MAX_LENGTH, noteTooLong)
      .transform((text) => text.trim()),
  }),
);
export type NoteRequest = z.input<typeof noteRequestSchema>;

/** PUT /v1/problem/{id}/confused: the 헷갈림 flag on or off. */
export const confusedRequestSchema = defineSchema(() => z.strictObject({ is_confused: z.boolean({ error: confusedRequired }) }));
export type ConfusedRequest = z.infer<typeof confusedRequestSchema>;

export const noteSchema = defineSchema(() =>
  z.object({
    problem_uid: z.number().int(),
    text: z.string(),
    is_confused: z.boolean(),
    update_time: z.string(),
  }),
);
export type Note = z.infer<typeof noteSchema>;

/** The member's note on a problem, or null when there is neither a memo nor the flag. */
export const noteResponseSchema = defineSchema(() => z.object({ note: noteSchema.nullable() }));
export type NoteResponse = z.infer<typeof noteResponseSchema>;

/** At most this many problems' notes are asked for at once (a page of a viewer). */
export const NOTES_BATCH_MAX = 100;

/**
 * GET /v1/notes: the member's notes, newest first; q searches the memo text; problem_uids
 * ('3,5,8') limits the list to those problems (the viewers ask for a page's notes in one call).
 */
export const notesQuerySchema = defineSchema(() =>
  z.strictObject({
    q: searchText,
    confused: z.enum(['1'], { error: m.invalidInput }).optional(),
    problem_uids: uidListParam(NOTES_BATCH_MAX).optional(),
    ...pagingQuery(20, NOTES_BATCH_MAX),
  }),
);

export const noteListItemSchema = defineSchema(() =>
  noteSchema.extend({
    test_code: z.number().int(),
    test_name: z.string(),
    no: z.number().int(),
    /** The problem's question as plain text, for the list. */
    question_text: z.string(),
  }),
);
export type NoteListItem = z.infer<typeof noteListItemSchema>;

export const notesResponseSchema = defineSchema(() =>
  z.object({
    notes: z.array(noteListItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
export type NotesResponse = z.infer<typeof notesResponseSchema>;
