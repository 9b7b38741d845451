import { z } from 'zod';
import { GRADE_CODES } from './grade';
import { validationMessages as m } from './messages';
import { idParam, pageInfoSchema, pagingQuery, searchText } from './paging';
import { defineSchema } from './define-schema';

export const SUBJECT_TYPES = { basic: 0, clinical: 1 } as const;

export const subjectSchema = defineSchema(() =>
  z.object({
    subject_code: z.number().int(),
    subject_name: z.string(),
    abbr: z.string().nullable(),
    /** 0 basic/other, 1 clinical. */
    type: z.number().int(),
    /** 1 given in the clinical comprehensive exam, 0 not. */
    cliexam_type: z.number().int(),
    grades: z.array(z.number().int()),
    positions: z.array(z.object({ grade: z.number().int() })),
  }),
);
export type Subject = z.infer<typeof subjectSchema>;

export const subjectIdParamsSchema = defineSchema(() => z.strictObject({ id: idParam }));

export const subjectsQuerySchema = defineSchema(() =>
  z.strictObject({
    search: searchText,
    grade: z
      .union([z.literal(''), z.coerce.number({ error: m.invalidInput }).int(m.invalidInput).min(1, m.invalidInput).max(99, m.invalidInput)])
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    subject_type: z
      .enum(['', '0', '1'], { error: m.invalidInput })
      .optional()
      .transform((v) => (v === '' || v === undefined ? undefined : Number(v))),
    ...pagingQuery(200),
  }),
);
export const subjectsResponseSchema = defineSchema(() => pageInfoSchema.extend({ subjects: z.array(subjectSchema) }));

export const subjectYearsQuerySchema = defineSchema(() => z.strictObject({ subject_code: idParam.optional() }));
export const yearsResponseSchema = defineSchema(() => z.object({ years: z.array(z.number().int()) }));

export const subjectNamesResponseSchema = defineSchema(() =>
  z.object({
    subject_names: z.array(z.object({ subject_code: z.number().int(), subject_name: z.string() })),
  }),
);

export const classSchema = defineSchema(() =>
  z.object({
    uid: z.number().int(),
    subject_code: z.number().int(),
    class_name: z.string(),
    class_date: z.string(),
    class_time: z.number().int().nullable(),
    professor: z.string().nullable(),
    problem_count: z.number().int(),
  }),
);
export type ClassRow = z.infer<typeof classSchema>;

export const subjectClassesQuerySchema = defineSchema(() =>
  z.strictObject({
    search: searchText,
    year: z
      .union([z.literal(''), z.coerce.number({ error: m.invalidInput }).int(m.invalidInput).min(1900, m.invalidInput).max(2999, m.invalidInput)])
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    ...pagingQuery(100),
  }),
);
export const subjectClassesResponseSchema = defineSchema(() => pageInfoSchema.extend({ classes: z.array(classSchema), subject: subjectSchema }));

export const classMetaSchema = defineSchema(() =>
  z.object({
    uid: z.number().int(),
    subject_code: z.number().int(),
    subject_name: z.string(),
    class_name: z.string(),
    class_date: z.string(),
    class_time: z.number().int().nullable(),
    professor: z.string().nullable(),
    problem_count: z.number().int(),
  }),
);
export type ClassMeta = z.infer<typeof classMetaSchema>;
export const classParamsSchema = defineSchema(() => z.strictObject({ code: idParam }));
export const classMetaResponseSchema = defineSchema(() => z.object({ meta: classMetaSchema }));

// ---- Subject and class management (lead screens; decision 028) ----

export const SUBJECT_NAME_MAX = 100;
export const SUBJECT_ABBR_MAX = 32;
export const CLASS_NAME_MAX = 200;
export const PROFESSOR_MAX = 100;
export const CLASS_TIME_MAX = 12;

const isGradeCode = (value: number): boolean => (GRADE_CODES as readonly number[]).includes(value);

/** Grade codes of a subject or an exam (11–14, 21–24, 30, 40): duplicates dropped, sorted. */
export const gradeCodesSchema = defineSchema(() =>
  z
    .array(z.number({ error: m.gradeCodeInvalid }).int(m.gradeCodeInvalid).refine(isGradeCode, m.gradeCodeInvalid), { error: m.gradeCodeInvalid })
    .max(GRADE_CODES.length * 2, m.gradeCodeInvalid)
    .transform((codes) => [...new Set(codes)].sort((a, b) => a - b)),
);

const missing = (input: unknown): boolean => input === undefined || input === null || input === '';

/** A 0/1 select of the form: absent → `required`, anything else → invalid. */
function flagField(required: string) {
  return z.literal([0, 1], { error: (issue) => (missing(issue.input) ? required : m.invalidInput) });
}

/** Optional text that may be cleared: '' and null store null; absent leaves it as it is. */
function clearableText(max: number, tooLong: string) {
  return z
    .string({ error: m.invalidInput })
    .trim()
    .max(max, tooLong)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));
}

const subjectFields = {
  subject_name: z.string({ error: m.subjectNameRequired }).trim().min(1, m.subjectNameRequired).max(SUBJECT_NAME_MAX, m.subjectNameTooLong),
  /** Absent on update: unchanged. */
  abbr: clearableText(SUBJECT_ABBR_MAX, m.subjectAbbrTooLong),
  /** 0 basic/other, 1 clinical. */
  type: flagField(m.subjectTypeRequired),
  /** 1 given in the clinical comprehensive exam. */
  cliexam_type: flagField(m.cliexamTypeRequired),
  /** Absent on create: none; absent on update: unchanged; given: replaces them all. */
  grades: gradeCodesSchema.optional(),
};

const subjectCodeField = defineSchema(() =>
  z
    .number({ error: (issue) => (missing(issue.input) ? m.subjectCodeRequired : m.invalidInput) })
    .int(m.invalidInput)
    .min(1, m.invalidInput)
    .max(2_147_483_647, m.invalidInput),
);

// POST /v1/subject; PUT /v1/subject (the same plus code); DELETE /v1/subject {code}.
export const subjectCreateRequestSchema = defineSchema(() => z.strictObject(subjectFields));
export type SubjectCreateRequest = z.infer<typeof subjectCreateRequestSchema>;
export const subjectUpdateRequestSchema = defineSchema(() => z.strictObject({ code: subjectCodeField, ...subjectFields }));
export type SubjectUpdateRequest = z.infer<typeof subjectUpdateRequestSchema>;
export const subjectDeleteRequestSchema = defineSchema(() => z.strictObject({ code: subjectCodeField }));
export const subjectResponseSchema = defineSchema(() => z.object({ subject: subjectSchema }));

/** A real calendar date written YYYY-MM-DD, years 1900–2999 (the class-year filter's range). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// POST /v1/subject/{id}/classes; PUT /v1/class/{code} (absent optional fields stay as they are).
export const classWriteRequestSchema = defineSchema(() =>
  z.strictObject({
    class_name: z.string({ error: m.classNameRequired }).trim().min(1, m.classNameRequired).max(CLASS_NAME_MAX, m.classNameTooLong),
    class_date: z
      .string({ error: (issue) => (missing(issue.input) ? m.classDateRequired : m.classDateInvalid) })
      .trim()
      .min(1, m.classDateRequired)
      .refine(isCalendarDate, m.classDateInvalid),
    /** 교시, 1–12; null clears it. */
    class_time: z
      .number({ error: m.classTimeInvalid })
      .int(m.classTimeInvalid)
      .min(1, m.classTimeInvalid)
      .max(CLASS_TIME_MAX, m.classTimeInvalid)
      .nullable()
      .optional(),
    professor: clearableText(PROFESSOR_MAX, m.professorTooLong),
  }),
);
export type ClassWriteRequest = z.infer<typeof classWriteRequestSchema>;
export const classResponseSchema = defineSchema(() => z.object({ class: classSchema }));
