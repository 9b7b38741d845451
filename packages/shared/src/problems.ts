import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam, optionalId, pagingQuery, searchText } from './paging';
import { testInfoSchema } from './exams';
import { defineSchema } from './define-schema';

/** Problem types: 1 multiple choice, 2 essay/subjective, 4 other (the lead screens call it slide). */
export const PROBLEM_TYPES = { multipleChoice: 1, subjective: 2, slide: 4 } as const;
/** The order problems of one exam are listed in: multiple choice, subjective, slide, then number. */
export const PROBLEM_TYPE_ORDER = [1, 2, 4] as const;
/** Choice types: 1 lettered combination (가나다라마), 2 option style, 4 four-choice, 5 five-choice. */
export const CHOICE_TYPES = { lettered: 1, option: 2, four: 4, five: 5 } as const;

export const setHeaderSchema = defineSchema(() =>
  z.object({
    code: z.number().int(),
    test_code: z.number().int(),
    /** 1 가나다라형, 2 선지형. */
    type: z.number().int(),
    begin_problem_no: z.number().int(),
    end_problem_no: z.number().int(),
    /** Sanitized HTML. */
    header_text: z.string(),
    pic_path: z.string().nullable(),
  }),
);
export type SetHeader = z.infer<typeof setHeaderSchema>;

export const problemSchema = defineSchema(() =>
  z.object({
    uid: z.number().int(),
    problem_code: z.number().int(),
    no: z.number().int(),
    test_code: z.number().int(),
    test_name: z.string(),
    subject_code: z.number().int(),
    subject_name: z.string(),
    year: z.number().int(),
    type: z.number().int(),
    choice_type: z.number().int().nullable(),
    /** Sanitized HTML. */
    question: z.string(),
    question_text: z.string(),
    /** The choices, one per line. */
    illustration: z.string(),
    answer: z.string(),
    /** The explanation; sanitized HTML. */
    comments: z.string(),
    is_vacant: z.number().int(),
    question_pic_path: z.string().nullable(),
    answer_pic_path: z.string().nullable(),
    comment_pic_path: z.string().nullable(),
    set_header: setHeaderSchema.nullable(),
    reply_count: z.number().int(),
    /** 문항 무효 (a ruled dispute): readable, out of every score. */
    is_voided: z.number().int(),
  }),
);
export type Problem = z.infer<typeof problemSchema>;

/** The orders a problem list may be asked in besides its usual one. */
export const PROBLEM_LIST_SORTS = ['frequency'] as const;
export type ProblemListSort = (typeof PROBLEM_LIST_SORTS)[number];

export const problemsQuerySchema = defineSchema(() =>
  z
    .strictObject({
      test_code: optionalId,
      class_heritage_code: optionalId,
      uid: optionalId,
      no: optionalId,
      q: searchText,
      /** 빈출순 (issue 28 item 3): most appearances first, ties in the list's usual order (decision 190). */
      sort: z.enum(PROBLEM_LIST_SORTS, { error: m.problemSortInvalid }).optional(),
      /** 반복 출제만: only problems asked two or more times, as the 출제 N회 badge counts them. */
      recurring: z.enum(['1'], { error: m.problemRecurringInvalid }).optional(),
      ...pagingQuery(20),
    })
    .refine((query) => query.test_code || query.class_heritage_code || query.uid || query.q, {
      message: m.problemScopeRequired,
      path: ['test_code'],
    })
    // An exam or a class holds a few hundred problems: ranking them all by recurrence is bounded.
    .refine((query) => (query.sort === undefined && query.recurring === undefined) || query.test_code || query.class_heritage_code, {
      message: m.problemFrequencyNeedsList,
      path: ['sort'],
    }),
);
export type ProblemsQuery = z.infer<typeof problemsQuerySchema>;

export const problemsResponseSchema = defineSchema(() =>
  z.object({
    problem: z.array(problemSchema),
    /** All problems matching the query (not only this page); at least this many when capped. */
    problem_count: z.number().int(),
    /**
     * True when a search stopped counting at problem_count (500): more problems match, and the
     * pages go on past it (decision 042). Absent or false: problem_count is exact.
     */
    problem_count_capped: z.boolean().optional(),
    page: z.number().int(),
    limit: z.number().int(),
    /** The exam, when the query names one. */
    test: testInfoSchema.nullable(),
  }),
);

export const problemParamsSchema = defineSchema(() => z.strictObject({ id: idParam }));
export const problemResponseSchema = defineSchema(() => z.object({ problem: problemSchema }));

export const headersQuerySchema = defineSchema(() => z.strictObject({ test_code: idParam }));
export const headersResponseSchema = defineSchema(() => z.object({ headers: z.array(setHeaderSchema) }));
