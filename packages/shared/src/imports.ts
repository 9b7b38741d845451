import { z } from 'zod';
import { ILLUSTRATION_MAX, PROBLEM_ANSWER_MAX, choiceTypeSchema, problemNoSchema, problemTypeSchema } from './authoring';
import { createdSlotSchema } from './authoring-slots';
import { validationMessages as m } from './messages';
import { defineSchema } from './define-schema';
import { CIRCLED_DIGITS, parseChoiceAnswer, parseChoiceOptions } from './answers';
import { PROBLEM_TYPES } from './problems';

// Bulk import of an exam's problems (issue 16): a .docx, .xlsx or .csv is read into problems,
// previewed with warnings (POST /v1/test/{id}/import?dry_run=1, multipart), edited or excluded per
// row on the web, then imported in one transaction (POST /v1/test/{id}/import with the rows as
// JSON, or the file itself as multipart).

export const IMPORT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_PROBLEMS_MAX = 300;
export const IMPORT_SET_HEADERS_MAX = 100;
export const IMPORT_IMAGES_PER_PROBLEM_MAX = 10;
export const IMPORT_TEXT_MAX = 20_000;
export const IMPORT_FORMATS = ['docx', 'xlsx', 'csv', 'hwpx', 'hwp', 'pdf', 'text'] as const;
/** Pages of a PDF we read: a 족보 has dozens; 10,000 pages is a file built to exhaust the reader. */
export const IMPORT_PDF_PAGES_MAX = 500;
/** The file name under which the web sends pasted text (format 'text'). */
export const IMPORT_PASTE_FILE_NAME = 'paste.txt';

const text = defineSchema(() => z.string({ error: m.invalidInput }).max(IMPORT_TEXT_MAX, m.invalidInput));
/** A picture kept with its problem: a data URL (checked again by the server on import). */
const images = defineSchema(() =>
  z
    .array(z.string({ error: m.invalidInput }).startsWith('data:', m.imageFieldInvalid), { error: m.invalidInput })
    .max(IMPORT_IMAGES_PER_PROBLEM_MAX, m.invalidInput),
);

/** One problem as read from a file; question and comments are plain text, one paragraph a line. */
export const importProblemSchema = defineSchema(() =>
  z.strictObject({
    no: problemNoSchema,
    type: problemTypeSchema,
    choice_type: choiceTypeSchema,
    question: text,
    illustration: z.string({ error: m.invalidInput }).max(ILLUSTRATION_MAX, m.illustrationTooLong),
    answer: z.string({ error: m.invalidInput }).max(PROBLEM_ANSWER_MAX, m.problemAnswerTooLong),
    comments: text,
    images: images.default([]),
    comment_images: images.default([]),
  }),
);
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** A shared passage "[1~3]" over multiple-choice problems begin..end. */
export const importSetHeaderSchema = defineSchema(() =>
  z.strictObject({
    begin_problem_no: problemNoSchema,
    end_problem_no: problemNoSchema,
    header_text: text,
    images: images.default([]),
  }),
);
export type ImportSetHeader = z.infer<typeof importSetHeaderSchema>;

/**
 * What the number of a row meets in the exam: nothing, an empty slot to fill, a written problem,
 * or 'same': that number already holds this very problem (a re-import), so the row is skipped.
 */
export const importSlotSchema = defineSchema(() => z.enum(['new', 'vacant', 'taken', 'same']));

export const importKeyMessages = {
  keyOutsideOptions: (key: string, count: number) => `정답 ${key}이(가) 보기(①~${CIRCLED_DIGITS[count - 1]}) 밖에 있습니다. 정답이나 보기를 고치세요.`,
  keyNotAnOption: (key: string) => `객관식 정답 "${key}"이(가) 보기 번호가 아닙니다. ③처럼 보기 번호로 쓰세요.`,
} as const;

/**
 * Why a row cannot be imported as it is (issue 26 item 4), or null: a multiple-choice key must
 * name options the row has — a key outside them (⑦ of three options) could never be chosen, so
 * the problem could never be answered right. Options only in a picture (fewer than two read) are
 * not checked. The preview shows this as an error, and the import refuses it.
 */
export function importRowError(problem: Pick<ImportProblem, 'type' | 'choice_type' | 'illustration' | 'answer'>): string | null {
  const answer = problem.answer.trim();
  if (problem.type !== PROBLEM_TYPES.multipleChoice || answer === '') return null;
  const options = parseChoiceOptions(problem.illustration, problem.choice_type);
  if (!options) return null;
  const chosen = parseChoiceAnswer(answer);
  if (!chosen) return importKeyMessages.keyNotAnOption(answer);
  const outside = chosen.filter((n) => n > options.length);
  if (outside.length > 0) return importKeyMessages.keyOutsideOptions(outside.map((n) => CIRCLED_DIGITS[n - 1]).join(', '), options.length);
  return null;
}

export const importPreviewProblemSchema = defineSchema(() =>
  importProblemSchema.extend({
    slot: importSlotSchema,
    /** The type as the file named it ('서술형', '단답형' …; '' when the file named none). */
    source_type: z.string(),
    /** What must be corrected before the row can be imported. */
    errors: z.array(z.string()),
    warnings: z.array(z.string()),
  }),
);
export type ImportPreviewProblem = z.infer<typeof importPreviewProblemSchema>;

export const importPreviewResponseSchema = defineSchema(() =>
  z.object({
    format: z.enum(IMPORT_FORMATS),
    problems: z.array(importPreviewProblemSchema),
    set_headers: z.array(importSetHeaderSchema),
    /** Warnings about the file as a whole (each problem's own are on the problem). */
    warnings: z.array(z.string()),
  }),
);
export type ImportPreviewResponse = z.infer<typeof importPreviewResponseSchema>;

export const importQuerySchema = defineSchema(() =>
  z.strictObject({
    dry_run: z.enum(['0', '1'], { error: m.invalidInput }).optional(),
  }),
);

export const importRequestSchema = defineSchema(() =>
  z.strictObject({
    problems: z
      .array(
        importProblemSchema.superRefine((problem, ctx) => {
          const error = importRowError(problem);
          if (error) ctx.addIssue({ code: 'custom', message: `${problem.no}번: ${error}`, path: ['answer'] });
        }),
        { error: m.invalidInput },
      )
      .min(1, m.invalidInput)
      .max(IMPORT_PROBLEMS_MAX, m.invalidInput),
    set_headers: z.array(importSetHeaderSchema, { error: m.invalidInput }).max(IMPORT_SET_HEADERS_MAX, m.invalidInput).default([]),
  }),
);
export type ImportRequest = z.infer<typeof importRequestSchema>;

export const importResponseSchema = defineSchema(() =>
  z.object({
    created: z.number().int(),
    filled: z.number().int(),
    /** Rows the exam already held with the same content (a re-import): left as they are. */
    skipped: z.number().int(),
    set_headers: z.number().int(),
    problems: z.array(createdSlotSchema),
  }),
);
export type ImportResponse = z.infer<typeof importResponseSchema>;

export const importTemplateQuerySchema = defineSchema(() => z.strictObject({ format: z.enum(['xlsx', 'csv'], { error: m.invalidInput }) }));

/** The template's Korean headers, in order; the reader also takes the English names. */
export const IMPORT_COLUMNS = [
  { key: 'no', header: '번호', aliases: ['no', 'number', '문항', '문항번호'] },
  { key: 'type', header: '유형', aliases: ['type', '문제유형'] },
  { key: 'question', header: '문제', aliases: ['question', '문항내용', '질문'] },
  { key: 'options', header: '보기', aliases: ['options', 'choices', '선택지', '선지'] },
  { key: 'answer', header: '정답', aliases: ['answer', '답'] },
  { key: 'explanation', header: '해설', aliases: ['explanation', 'comments', '풀이'] },
] as const;
export type ImportColumnKey = (typeof IMPORT_COLUMNS)[number]['key'];
