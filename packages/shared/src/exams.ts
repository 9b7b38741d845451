import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam, optionalId, pageInfoSchema, pagingQuery, searchText } from './paging';
import { gradeCodesSchema, subjectSchema } from './subjects';
import { defineSchema } from './define-schema';

/** Exam years are shown only if integers of 1900 or more. */
export const MIN_EXAM_YEAR = 1900;

export const testSummarySchema = defineSchema(() =>
  z.object({
    test_code: z.number().int(),
    test_name: z.string(),
    year: z.number().int(),
    subject_code: z.number().int(),
    subject_name: z.string(),
    /** Written (non-vacant) problems. */
    problem_count: z.number().int(),
  }),
);
export type TestSummary = z.infer<typeof testSummarySchema>;

export const testInfoSchema = defineSchema(() => testSummarySchema.extend({ grades: z.array(z.number().int()) }));
export type TestInfo = z.infer<typeof testInfoSchema>;

const yearFilter = defineSchema(() =>
  z
    .union([z.literal(''), z.coerce.number({ error: m.invalidInput }).int(m.invalidInput).min(MIN_EXAM_YEAR, m.invalidInput).max(2999, m.invalidInput)])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
);

export const testFiltersSchema = defineSchema(() =>
  z.strictObject({
    subject_code: optionalId,
    year: yearFilter,
    search: searchText,
  }),
);
export const testsQuerySchema = defineSchema(() => testFiltersSchema.extend(pagingQuery(20)));
export type TestsQuery = z.infer<typeof testsQuerySchema>;

export const testsResponseSchema = defineSchema(() =>
  pageInfoSchema.extend({
    tests: z.array(testSummarySchema),
    /** Tests in this page. */
    count: z.number().int(),
  }),
);
export const testCountResponseSchema = defineSchema(() => z.object({ count: z.number().int(), total: z.number().int() }));
export const testYearsResponseSchema = defineSchema(() => z.object({ years: z.array(z.number().int()) }));

export const testParamsSchema = defineSchema(() => z.strictObject({ id: idParam }));
export const testInfoResponseSchema = defineSchema(() => z.object({ test_info: testInfoSchema }));

export const testMetaSchema = defineSchema(() =>
  testInfoSchema.extend({
    counts: z.object({ multiple_choice: z.number().int(), subjective: z.number().int(), slide: z.number().int() }),
    set_header_count: z.number().int(),
  }),
);
export const testMetaResponseSchema = defineSchema(() => z.object({ meta: testMetaSchema }));

export const subjectTestsQuerySchema = defineSchema(() => z.strictObject({ search: searchText, ...pagingQuery(20) }));
export const subjectTestsResponseSchema = defineSchema(() => pageInfoSchema.extend({ tests: z.array(testSummarySchema), subject: subjectSchema }));

// ---- Exam management (lead screens: saving and deleting an exam) ----

export const MAX_EXAM_YEAR = 2999;
export const TEST_NAME_MAX = 200;

/** The exam form offers the current year −5 … +4, newest first. */
export function examYearChoices(currentYear: number): number[] {
  return Array.from({ length: 10 }, (_, i) => currentYear + 4 - i);
}

const absent = (input: unknown): boolean => input === undefined || input === null || input === '';

// POST /v1/test and PUT /v1/test/{id}. Absent grades: none on create, unchanged on update.
export const testWriteRequestSchema = defineSchema(() =>
  z.strictObject({
    test_name: z.string({ error: m.testNameRequired }).trim().min(1, m.testNameRequired).max(TEST_NAME_MAX, m.testNameTooLong),
    // A missing subject is 과목을 선택하세요; anything but a positive whole number is 올바른 과목을 선택하세요.
    subject_code: z
      .number({ error: (issue) => (absent(issue.input) ? m.testSubjectRequired : m.testSubjectInvalid) })
      .int(m.testSubjectInvalid)
      .min(1, m.testSubjectInvalid)
      .max(2_147_483_647, m.testSubjectInvalid),
    year: z
      .number({ error: (issue) => (absent(issue.input) ? m.testYearRequired : m.testYearInvalid) })
      .int(m.testYearInvalid)
      .min(MIN_EXAM_YEAR, m.testYearInvalid)
      .max(MAX_EXAM_YEAR, m.testYearInvalid),
    grades: gradeCodesSchema.optional(),
  }),
);
export type TestWriteRequest = z.infer<typeof testWriteRequestSchema>;

/** What deleting the exam would meet: written problems refuse it, vacant slots go with it. */
export const testDeleteCheckResponseSchema = defineSchema(() => z.object({ written_count: z.number().int(), vacant_count: z.number().int() }));
export type TestDeleteCheck = z.infer<typeof testDeleteCheckResponseSchema>;
export const testDeleteResponseSchema = defineSchema(() => z.object({ ok: z.literal(true), deleted_vacant: z.number().int() }));
