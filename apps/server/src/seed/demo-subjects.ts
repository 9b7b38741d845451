import { z } from 'zod';
import type { DemoImageName as DrawnImageName } from './demo-images';
import type { SlideImageName } from './demo-slide-images';
import subjectsFile from './demo-subjects.json';

// The demo subjects, their exams and their problems (decision 053). The teaching material is data,
// written once in demo-subjects.json; this module reads it through a schema (so a slip in the file
// stops the seed with the place it is in) and turns each entry into the problem the seed writes.

export type DemoImageName = DrawnImageName | SlideImageName;

export type ProblemType = 1 | 2 | 4; // multiple choice, essay, slide
type ChoiceType = 1 | 2 | 4 | 5;

interface LabTable {
  head: string[];
  rows: string[][];
}

export interface ProblemSeed {
  type: ProblemType;
  choiceType: ChoiceType | null;
  /** Index into the subject's topics; links the problem to that topic's class. */
  topic: number;
  /** Paragraphs separated by blank-free newlines. */
  stem: string;
  /** 가. 나. 다. 라. statements of the lettered-combination format. */
  statements?: string[];
  table?: LabTable;
  choices?: string[];
  answer: string;
  comments: string;
  pic?: DemoImageName;
  commentPic?: DemoImageName;
  /** Names a problem that replies, boxes or tests refer to. */
  key?: string;
}

export interface SetSeed {
  type: 1 | 2; // 1 가나다라형, 2 선지형
  text: string;
  pic?: DemoImageName;
  problems: ProblemSeed[];
}

export interface ExamSeed {
  yearsAgo: 0 | 1 | 2;
  kind: string;
  /** Every problem of the pool (and the set, if any) appears in this exam. */
  all?: boolean;
  withSet?: boolean;
  /** Written multiple-choice count for a partly written exam, followed by empty slots. */
  written?: number;
  vacant?: { mcq: number; essay: number };
}

export interface SubjectSeed {
  name: string;
  abbr: string;
  type: 0 | 1;
  cliexam: 0 | 1;
  grades: number[];
  /** Month the subject's classes start in. */
  termMonth: number;
  professors: [string, string];
  topics: string[];
  pool: ProblemSeed[];
  set?: SetSeed;
  exams: ExamSeed[];
}

const CIRCLED = ['①', '②', '③', '④', '⑤', '⑥', '⑦', '⑧', '⑨'] as const;
export const LETTERS = ['가', '나', '다', '라', '마'] as const;
/** The usual answer combinations of a 가나다라 question: a lettered entry without choices has these. */
const STANDARD_COMBINATIONS = ['가, 나, 다', '가, 다', '나, 라', '라', '가, 나, 다, 라'];

export function circled(n: number): string {
  const mark = CIRCLED[n - 1];
  if (!mark) throw new Error(`no circled digit for ${n}`);
  return mark;
}

/** FNV-1a, to derive a stable shuffle from a question's text. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

// ---------------------------------------------------------------- the file's shape

// Every picture a problem may name; the Record makes the compiler hold it to the two unions.
const PICTURES: Record<DemoImageName, true> = {
  ecgNormal: true,
  ecgStemi: true,
  chestXray: true,
  liverPanel: true,
  bloodSmear: true,
  brachialPlexus: true,
  nitroglycerinCard: true,
  gastricUlcer: true,
  growthChart: true,
  koilocyte: true,
  epidemicCurve: true,
};
const picture = z.enum(Object.keys(PICTURES) as [DemoImageName, ...DemoImageName[]]);
const text = z.string().min(1);
const texts = z.array(text);

/** What any entry may add: a name other data refers to, pictures, a lab table under the stem. */
const extras = {
  key: text.optional(),
  pic: picture.optional(),
  commentPic: picture.optional(),
  table: z.strictObject({ head: z.array(z.string()), rows: z.array(z.array(z.string())) }).optional(),
};
const topicAndStem = { topic: z.number().int().min(0), stem: text };

const entrySchema = z.discriminatedUnion('kind', [
  /** Choices in any order with the correct one's number; shuffled unless `fixedOrder`. */
  z.strictObject({
    kind: z.literal('mc'),
    choiceType: z.union([z.literal(2), z.literal(4), z.literal(5)]),
    ...topicAndStem,
    choices: texts,
    correct: z.number().int(),
    comments: text,
    fixedOrder: z.boolean().optional(),
    ...extras,
  }),
  /** 가나다라형: statements, then the five combinations (the standard ones when left out). */
  z.strictObject({
    kind: z.literal('lettered'),
    ...topicAndStem,
    statements: texts,
    choices: texts.optional(),
    correct: z.number().int(),
    comments: text,
    ...extras,
  }),
  z.strictObject({ kind: z.literal('essay'), ...topicAndStem, answer: text, comments: text, ...extras }),
  z.strictObject({ kind: z.literal('slide'), ...topicAndStem, answer: text, comments: text, ...extras }),
]);
type Entry = z.infer<typeof entrySchema>;

const subjectsSchema = z.array(
  z.strictObject({
    name: text,
    abbr: text,
    type: z.union([z.literal(0), z.literal(1)]),
    cliexam: z.union([z.literal(0), z.literal(1)]),
    grades: z.array(z.number().int()),
    termMonth: z.number().int().min(1).max(12),
    professors: z.tuple([text, text]),
    topics: texts,
    exams: z.array(
      z.strictObject({
        yearsAgo: z.union([z.literal(0), z.literal(1), z.literal(2)]),
        kind: text,
        all: z.boolean().optional(),
        withSet: z.boolean().optional(),
        written: z.number().int().optional(),
        vacant: z.strictObject({ mcq: z.number().int(), essay: z.number().int() }).optional(),
      }),
    ),
    set: z.strictObject({ type: z.union([z.literal(1), z.literal(2)]), text, pic: picture.optional(), problems: z.array(entrySchema) }).optional(),
    pool: z.array(entrySchema),
  }),
);

// ---------------------------------------------------------------- entries to problems

/**
 * A multiple-choice problem. The choices are written with the correct one wherever it came
 * naturally and are then shuffled by a permutation derived from the stem, so answers spread
 * over ①–⑤ and stay the same on every run. `fixedOrder` keeps ordered choices (numbers, times).
 */
function multipleChoice(entry: Extract<Entry, { kind: 'mc' }>): ProblemSeed {
  const { kind: _kind, choiceType, topic, stem, choices, correct, comments, fixedOrder, ...rest } = entry;
  const expected = choiceType === 2 ? choices.length >= 2 && choices.length <= 5 : choices.length === choiceType;
  if (!expected || correct < 1 || correct > choices.length) throw new Error(`bad demo problem: ${stem}`);
  const order = choices.map((_, i) => i);
  if (!fixedOrder) {
    let seed = hashText(stem);
    for (let i = order.length - 1; i > 0; i--) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const j = seed % (i + 1);
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
  }
  const shuffled = order.map((i) => choices[i] as string);
  const answer = order.indexOf(correct - 1) + 1;
  return { type: 1, choiceType, topic, stem, choices: shuffled, answer: circled(answer), comments, ...rest };
}

function lettered(entry: Extract<Entry, { kind: 'lettered' }>): ProblemSeed {
  const { kind: _kind, topic, stem, statements, choices = STANDARD_COMBINATIONS, correct, comments, ...rest } = entry;
  if (statements.length < 3 || statements.length > LETTERS.length || choices.length !== 5) {
    throw new Error(`bad demo problem: ${stem}`);
  }
  return { type: 1, choiceType: 1, topic, stem, statements, choices, answer: circled(correct), comments, ...rest };
}

function problemOf(entry: Entry): ProblemSeed {
  switch (entry.kind) {
    case 'mc':
      return multipleChoice(entry);
    case 'lettered':
      return lettered(entry);
    case 'essay':
    case 'slide': {
      const { kind, topic, stem, answer, comments, ...rest } = entry;
      return { type: kind === 'essay' ? 2 : 4, choiceType: null, topic, stem, answer, comments, ...rest };
    }
  }
}

/** The demo subjects in the file's order, each problem built as the seed writes it. */
export const DEMO_SUBJECTS: SubjectSeed[] = subjectsSchema.parse(subjectsFile).map(({ pool, set, ...subject }) => ({
  ...subject,
  pool: pool.map(problemOf),
  ...(set ? { set: { ...set, problems: set.problems.map(problemOf) } } : {}),
}));
