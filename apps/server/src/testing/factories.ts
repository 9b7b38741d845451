import { randomBytes } from 'node:crypto';
import type { Db } from '../core/db';
import { sanitizeRichHtml } from '../rich-text/html';
import { buildProblemSearchText } from '../problems/search-text';
import { htmlToPlainText } from '@qbank/shared/html-text';

// Rows straight into the database, so each API test builds exactly the data it reads.

export async function createSubject(
  db: Db,
  values: { subject_name?: string; abbr?: string | null; type?: number; cliexam_type?: number; grades?: number[] } = {},
): Promise<number> {
  const { code } = await db
    .insertInto('subjects')
    .values({
      subject_name: values.subject_name ?? '해부학',
      abbr: values.abbr === undefined ? 'ANAT' : values.abbr,
      type: values.type ?? 0,
      cliexam_type: values.cliexam_type ?? 0,
    })
    .returning('code')
    .executeTakeFirstOrThrow();
  if (values.grades?.length) {
    await db
      .insertInto('subject_grades')
      .values(values.grades.map((grade) => ({ subject_code: code, grade })))
      .execute();
  }
  return code;
}

export async function createTest(db: Db, values: { subject_code: number; test_name?: string; year?: number; grades?: number[] }): Promise<number> {
  const { code } = await db
    .insertInto('tests')
    .values({ subject_code: values.subject_code, test_name: values.test_name ?? '중간고사', year: values.year ?? 2025 })
    .returning('code')
    .executeTakeFirstOrThrow();
  if (values.grades?.length) {
    await db
      .insertInto('test_grades')
      .values(values.grades.map((grade) => ({ test_code: code, grade })))
      .execute();
  }
  return code;
}

export async function createProblem(
  db: Db,
  values: {
    test_code: number;
    no: number;
    type?: number;
    choice_type?: number | null;
    question?: string;
    illustration?: string;
    answer?: string;
    comments?: string;
    is_vacant?: number;
    set_header_code?: number | null;
    question_pic_path?: string | null;
  },
): Promise<number> {
  const vacant = values.is_vacant ?? 0;
  const content = {
    question: sanitizeRichHtml(values.question ?? (vacant ? '' : `<p>${values.no}번 문제</p>`)),
    illustration: values.illustration ?? '',
    answer: values.answer ?? '',
    comments: sanitizeRichHtml(values.comments ?? ''),
  };
  const { uid } = await db
    .insertInto('problems')
    .values({
      test_code: values.test_code,
      no: values.no,
      type: values.type ?? 1,
      choice_type: values.choice_type === undefined ? 5 : values.choice_type,
      ...content,
      question_text: htmlToPlainText(content.question),
      search_text: buildProblemSearchText(content),
      is_vacant: vacant,
      set_header_code: values.set_header_code ?? null,
      question_pic_path: values.question_pic_path ?? null,
      answer_pic_path: null,
      comment_pic_path: null,
      updated_by: null,
    })
    .returning('uid')
    .executeTakeFirstOrThrow();
  return uid;
}

export async function createSetHeader(
  db: Db,
  values: { test_code: number; begin_problem_no: number; end_problem_no: number; header_text?: string; type?: number; pic_path?: string | null },
): Promise<number> {
  const { code } = await db
    .insertInto('set_headers')
    .values({
      test_code: values.test_code,
      type: values.type ?? 1,
      begin_problem_no: values.begin_problem_no,
      end_problem_no: values.end_problem_no,
      header_text: values.header_text ?? '<p>공통 지문</p>',
      pic_path: values.pic_path ?? null,
    })
    .returning('code')
    .executeTakeFirstOrThrow();
  return code;
}

export async function createClass(
  db: Db,
  values: { subject_code: number; class_name?: string; class_date?: string; class_time?: number | null; professor?: string | null; problems?: number[] },
): Promise<number> {
  const { uid } = await db
    .insertInto('classes')
    .values({
      subject_code: values.subject_code,
      class_name: values.class_name ?? '상지의 신경',
      class_date: values.class_date ?? '2025-03-04',
      class_time: values.class_time === undefined ? 1 : values.class_time,
      professor: values.professor === undefined ? '김민수 교수' : values.professor,
    })
    .returning('uid')
    .executeTakeFirstOrThrow();
  if (values.problems?.length) {
    await db
      .insertInto('problem_classes')
      .values(values.problems.map((problem_uid) => ({ problem_uid, class_uid: uid })))
      .execute();
  }
  return uid;
}

export async function createBoard(db: Db, values: { board_name?: string; board_id?: string } = {}): Promise<number> {
  const { code } = await db
    .insertInto('boards')
    .values({ board_name: values.board_name ?? '자유게시판', board_id: values.board_id ?? `b${randomBytes(4).toString('hex')}` })
    .returning('code')
    .executeTakeFirstOrThrow();
  return code;
}

/** How many problems an exam holds now (a write test's check that nothing was added or left behind). */
export async function countProblems(db: Db, testCode: number): Promise<number> {
  const { n } = await db
    .selectFrom('problems')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('test_code', '=', testCode)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A link detection suggested between two problems and no lead has decided on yet. */
export async function createDetectedLink(
  db: Db,
  values: { problem_a: number; problem_b: number; relation: 'same' | 'variant' | 'inverted'; similarity: number },
): Promise<void> {
  await db
    .insertInto('lineage_links')
    .values({ ...values, keys_agree: 1, detected: 1, decision: null, decided_by: null, decided_at: null })
    .execute();
}
