import { z } from 'zod';
import { PROBLEM_CLASSES_MAX, imageFieldSchema, problemContentSchema, problemNoSchema, problemTypeSchema } from './authoring';
import { validationMessages as m } from './messages';
import { defineSchema } from './define-schema';

// POST /v1/problem: a lead creates one problem with its content in one call. The
// content fields and their rules are the edit path's (sanitized HTML, pictures as inline data
// URLs, choices one per line); an empty question makes an empty slot (is_vacant 1).
//
// POST /v1/problem takes the fields a problem is read with, so a client may send a
// problem as it read one (decision 078). The fields the server derives itself — ids, the exam's
// names and year, the plain text, vacancy — are accepted and ignored; the pictures' read names
// (`question_pic_path`, `qpic_path` …) and `set_header` are honoured as the fields they name.

const id = defineSchema(() => z.number({ error: m.invalidInput }).int(m.invalidInput).min(1, m.invalidInput).max(2_147_483_647, m.invalidInput));

/** The fields of a problem the server derives: checked for their type, then dropped. */
const derivedShape = () => ({
  uid: z.number({ error: m.invalidInput }).int(m.invalidInput).optional(),
  problem_code: z.number({ error: m.invalidInput }).int(m.invalidInput).optional(),
  code: z.number({ error: m.invalidInput }).int(m.invalidInput).optional(),
  test_name: z.string({ error: m.invalidInput }).optional(),
  subject_name: z.string({ error: m.invalidInput }).optional(),
  year: z.number({ error: m.invalidInput }).int(m.invalidInput).optional(),
  question_text: z.string({ error: m.invalidInput }).optional(),
  is_vacant: z.literal([0, 1], { error: m.invalidInput }).optional(),
  // Who is in charge comes from the assignments (POST /v1/problem/assign, which tells the student);
  // "nobody" is what a new problem has anyway.
  member_in_charge_code: z.null({ error: m.assigneeOnCreate }).optional(),
  person_in_charge_id: z.null({ error: m.assigneeOnCreate }).optional(),
});
const DERIVED_FIELDS = [
  'uid',
  'problem_code',
  'code',
  'test_name',
  'subject_name',
  'year',
  'question_text',
  'is_vacant',
  'member_in_charge_code',
  'person_in_charge_id',
] as const;

/** The read names of the three pictures (`*_pic_path`, also read as `qpic_path` …). */
const PICTURE_ALIASES = {
  question_pic: ['question_pic_path', 'qpic_path'],
  answer_pic: ['answer_pic_path', 'apic_path'],
  comment_pic: ['comment_pic_path', 'cpic_path'],
} as const;

const aliasShape = () => ({
  question_pic_path: imageFieldSchema.optional(),
  qpic_path: imageFieldSchema.optional(),
  answer_pic_path: imageFieldSchema.optional(),
  apic_path: imageFieldSchema.optional(),
  comment_pic_path: imageFieldSchema.optional(),
  cpic_path: imageFieldSchema.optional(),
  /** The common passage as read (`{code, …}` or null): its code links the problem. */
  set_header: z.looseObject({ code: id }, { error: m.invalidInput }).nullable().optional(),
});
const ALIAS_FIELDS = ['set_header', ...Object.values(PICTURE_ALIASES).flat()];

const createFieldsShape = () => ({
  ...problemContentSchema.shape,
  test_code: id,
  no: problemNoSchema,
  type: problemTypeSchema,
  set_header_code: id.nullable().optional(),
  class_uids: z.array(id).max(PROBLEM_CLASSES_MAX, m.invalidInput).optional(),
});

/** What the service gets: the content and placement, each under its one name. */
type CreateProblemFields = z.infer<z.ZodObject<ReturnType<typeof createFieldsShape>>>;

/** The first value that was sent (null included: it removes a picture or unlinks a passage). */
function firstSent<T>(values: readonly T[]): T | undefined {
  return values.find((value) => value !== undefined);
}

export const createProblemRequestSchema = defineSchema(() =>
  z
    .strictObject({
      ...createFieldsShape(),
      ...derivedShape(),
      ...aliasShape(),
    })
    .superRefine((body, ctx) => {
      // One picture (or passage) under two names must say the same thing.
      for (const [field, aliases] of Object.entries(PICTURE_ALIASES)) {
        const values = [field, ...aliases].map((key) => body[key as keyof typeof body]).filter((value) => value !== undefined);
        if (new Set(values).size > 1) ctx.addIssue({ code: 'custom', message: m.fieldNamedTwice, path: [field] });
      }
      const headerCode = body.set_header === undefined ? undefined : (body.set_header?.code ?? null);
      if (headerCode !== undefined && body.set_header_code !== undefined && headerCode !== body.set_header_code) {
        ctx.addIssue({ code: 'custom', message: m.fieldNamedTwice, path: ['set_header_code'] });
      }
    })
    .transform((body) => {
      const request: Record<string, unknown> = { ...body };
      for (const key of [...DERIVED_FIELDS, ...ALIAS_FIELDS]) delete request[key];
      for (const [field, aliases] of Object.entries(PICTURE_ALIASES)) {
        const value = firstSent([field, ...aliases].map((key) => body[key as keyof typeof body]));
        if (value !== undefined) request[field] = value;
      }
      const headerCode = firstSent([body.set_header_code, body.set_header === undefined ? undefined : (body.set_header?.code ?? null)]);
      if (headerCode !== undefined) request.set_header_code = headerCode;
      return request as CreateProblemFields;
    }),
);
export type CreateProblemRequest = z.output<typeof createProblemRequestSchema>;
