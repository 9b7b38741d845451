import { z } from 'zod';
import catalogFile from './catalog.json';

// Fixed Korean vocabulary of the large test data set: subjects, names, lecture topics and comment
// phrases. The problem text itself comes from KorMedMCQA (see problem-text.ts and fixtures/kormedmcqa-sample.json); everything here only
// dresses it as a medical school's question bank. Test data, never the demo data. The vocabulary is
// data (as the demo's is, decision 053), in catalog.json, read through the schema below so a slip in
// the file stops the seed with the place it is in.

const subjectSchema = z.strictObject({
  name: z.string(),
  abbr: z.string(),
  /** 0 basic/other, 1 clinical. */
  type: z.union([z.literal(0), z.literal(1)]),
  /** 1 when the subject is part of the clinical comprehensive exam. */
  cliexam: z.union([z.literal(0), z.literal(1)]),
  /** Grade codes: 11–14 and 21–24 are quarters of years 1 and 2, 30 year 3, 40 year 4. */
  grades: z.array(z.number().int()),
  /** Words that pick matching KorMedMCQA questions for this subject's exams (empty: any question). */
  keywords: z.array(z.string()),
});
export type SubjectSpec = z.infer<typeof subjectSchema>;

const words = z.array(z.string());

const catalogSchema = z.strictObject({
  /** 60 subjects: the order matters, since smaller scales take the first N (basic and clinical interleaved). */
  subjects: z.array(subjectSchema),
  basicTopics: words,
  clinicalTopics: words,
  /** Exam kinds in the order a subject holds them within a year. */
  examKinds: words,
  surnames: words,
  givenSyllables: words,
  /** Prefixes that mark a problem as a rewritten or recalled exam item, so replicas differ. */
  questionPrefixes: words,
  boxNames: words,
  /** Comment phrases; {answer} is the official answer, {choice} the correct choice text, {year} the exam year. */
  replyTemplates: words,
});

const catalog = catalogSchema.parse(catalogFile);

export const SUBJECTS: SubjectSpec[] = catalog.subjects;
export const BASIC_TOPICS = catalog.basicTopics;
export const CLINICAL_TOPICS = catalog.clinicalTopics;
export const EXAM_KINDS = catalog.examKinds;
export const SURNAMES = catalog.surnames;
export const GIVEN_SYLLABLES = catalog.givenSyllables;
export const QUESTION_PREFIXES = catalog.questionPrefixes;
export const BOX_NAMES = catalog.boxNames;
export const REPLY_TEMPLATES = catalog.replyTemplates;
