// An exam's kind (중간고사, 형성평가, …), read from its name (decision 207). Exams have no type
// column: the college writes the kind into the name ('2025 해부학 형성평가 2차'), and that name is
// all the bank knows. No zod here: the web's search page imports this list without a schema.

/** The kinds, in the order a filter offers them; `other` is a name that names none of them. */
export const EXAM_TYPES = ['midterm', 'final', 'formative', 'mock', 'retake', 'quiz', 'other'] as const;
export type ExamType = (typeof EXAM_TYPES)[number];

/**
 * The words that name each kind, the most specific kind first: a '중간고사 재시험' is a retake and
 * a '기말 대비 모의고사' a mock, so 재시험 and 모의고사 are tried before the terms they qualify.
 */
const KEYWORDS: readonly (readonly [Exclude<ExamType, 'other'>, readonly string[]])[] = [
  ['retake', ['재시험']],
  ['mock', ['모의고사', '모의시험']],
  ['quiz', ['쪽지시험', '퀴즈']],
  ['formative', ['형성평가']],
  ['midterm', ['중간고사', '중간시험']],
  ['final', ['기말고사', '기말시험']],
];

/**
 * An exam name's kind: the first kind above one of whose words the name contains, spaces ignored
 * ('형성 평가 1차' is formative); `other` when it contains none.
 */
export function examTypeOf(testName: string): ExamType {
  const name = testName.normalize('NFC').replace(/\s+/g, '');
  return KEYWORDS.find(([, words]) => words.some((word) => name.includes(word)))?.[0] ?? 'other';
}
