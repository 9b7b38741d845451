import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import { MIN_EXAM_YEAR } from '@qbank/shared/exams';
import { nowIso, type DbOrTx, type Dialect } from '../core/db';
import { onePage, type Paging } from '../core/paging';
import { containsNameText } from '../search/choseong';
import type { Database } from '../db/schema';
import { VACANCY, visibleProblems } from '../visibility/visible-problems';

export interface TestFilters {
  subject_code?: number | undefined;
  year?: number | undefined;
  search?: string | undefined;
}

export interface TestSummaryRow {
  test_code: number;
  test_name: string;
  year: number;
  subject_code: number;
  subject_name: string;
  problem_count: number;
}

type TestsQuery = SelectQueryBuilder<Database, 'tests' | 'subjects', object>;

/** Written problems of the exam: vacant slots are not content yet. */
function writtenProblemCount(eb: ExpressionBuilder<Database, 'tests'>) {
  return eb
    .selectFrom('problems')
    .select((inner) => inner.fn.countAll<number>().as('n'))
    .whereRef('problems.test_code', '=', 'tests.code')
    .where(visibleProblems())
    .as('problem_count');
}

function filtered(db: DbOrTx, dialect: Dialect, filters: TestFilters): TestsQuery {
  return db
    .selectFrom('tests')
    .innerJoin('subjects', 'subjects.code', 'tests.subject_code')
    .$if(filters.subject_code !== undefined, (qb) => qb.where('tests.subject_code', '=', filters.subject_code!))
    .$if(filters.year !== undefined, (qb) => qb.where('tests.year', '=', filters.year!))
    .$if(filters.search !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([containsNameText(dialect, 'tests.test_name', filters.search!), containsNameText(dialect, 'subjects.subject_name', filters.search!)]),
      ),
    );
}

export async function listTests(db: DbOrTx, dialect: Dialect, filters: TestFilters, paging: Paging): Promise<{ rows: TestSummaryRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    filtered(db, dialect, filters)
      .select(['tests.code as test_code', 'tests.test_name', 'tests.year', 'tests.subject_code', 'subjects.subject_name'])
      .select((eb) => writtenProblemCount(eb))
      .orderBy('tests.year', 'desc')
      .orderBy('tests.code', 'desc')
      .$call(onePage(paging))
      .execute(),
    countTests(db, dialect, filters),
  ]);
  return { rows: rows.map((row) => ({ ...row, problem_count: Number(row.problem_count) })), total };
}

export async function countTests(db: DbOrTx, dialect: Dialect, filters: TestFilters): Promise<number> {
  const row = await filtered(db, dialect, filters)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listTestYears(db: DbOrTx): Promise<number[]> {
  const rows = await db.selectFrom('tests').select('year').distinct().where('year', '>=', MIN_EXAM_YEAR).orderBy('year', 'desc').execute();
  return rows.map((row) => row.year);
}

export async function findTestSummary(db: DbOrTx, code: number): Promise<TestSummaryRow | undefined> {
  const row = await db
    .selectFrom('tests')
    .innerJoin('subjects', 'subjects.code', 'tests.subject_code')
    .select(['tests.code as test_code', 'tests.test_name', 'tests.year', 'tests.subject_code', 'subjects.subject_name'])
    .select((eb) => writtenProblemCount(eb))
    .where('tests.code', '=', code)
    .executeTakeFirst();
  return row && { ...row, problem_count: Number(row.problem_count) };
}

export async function findTestGrades(db: DbOrTx, code: number): Promise<number[]> {
  const rows = await db.selectFrom('test_grades').select('grade').where('test_code', '=', code).orderBy('grade').execute();
  return rows.map((row) => row.grade);
}

export async function countWrittenProblemsByType(db: DbOrTx, code: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('problems')
    .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('test_code', '=', code)
    .where(visibleProblems())
    .groupBy('type')
    .execute();
  return new Map(rows.map((row) => [row.type, Number(row.n)]));
}

export async function countSetHeaders(db: DbOrTx, code: number): Promise<number> {
  const row = await db
    .selectFrom('set_headers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('test_code', '=', code)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- Writes (exam management) ----

export interface TestValues {
  test_name: string;
  year: number;
  subject_code: number;
}

export async function insertTest(db: DbOrTx, values: TestValues): Promise<number> {
  const { code } = await db.insertInto('tests').values(values).returning('code').executeTakeFirstOrThrow();
  return code;
}

export async function updateTest(db: DbOrTx, code: number, values: TestValues): Promise<boolean> {
  const result = await db
    .updateTable('tests')
    .set({ ...values, update_time: nowIso() })
    .where('code', '=', code)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces the exam's grade codes; run inside the caller's transaction. */
export async function replaceTestGrades(db: DbOrTx, code: number, grades: number[]): Promise<void> {
  await db.deleteFrom('test_grades').where('test_code', '=', code).execute();
  if (grades.length > 0) {
    await db
      .insertInto('test_grades')
      .values(grades.map((grade) => ({ test_code: code, grade })))
      .execute();
  }
}

/**
 * Decision 023: a problem is written when it is not vacant and has a question. A question may be a
 * picture alone (slide problems), so a question image counts as much as question text.
 */
function isWritten(eb: ExpressionBuilder<Database, 'problems'>) {
  return eb.and([
    // Not visibleProblems(): a returned submission, withheld from readers (decision 077), is written all the same.
    eb('problems.is_vacant', '<>', VACANCY.vacant),
    eb.or([
      eb(eb.fn<string>('trim', [eb.ref('problems.question_text')]), '<>', ''),
      eb.and([eb('problems.question_pic_path', 'is not', null), eb('problems.question_pic_path', '<>', '')]),
    ]),
  ]);
}

/**
 * Locks the exam for deletion (PostgreSQL: the exam row and its problems, so no problem can be
 * written into it or added to it until the transaction ends; SQLite writes are serialised anyway).
 * Returns false when the exam does not exist.
 */
export async function lockTestForDeletion(db: DbOrTx, dialect: Dialect, code: number): Promise<boolean> {
  const test = await db
    .selectFrom('tests')
    .select('code')
    .where('code', '=', code)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!test) return false;
  if (dialect === 'postgres') {
    await db.selectFrom('problems').select('uid').where('test_code', '=', code).forUpdate().execute();
  }
  return true;
}

export async function countProblemsForDeletion(db: DbOrTx, code: number): Promise<{ written_count: number; vacant_count: number }> {
  // One after the other: inside a transaction both run on the same connection anyway.
  const all = await db
    .selectFrom('problems')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('test_code', '=', code)
    .executeTakeFirstOrThrow();
  const written = await db
    .selectFrom('problems')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('test_code', '=', code)
    .where((eb) => isWritten(eb))
    .executeTakeFirstOrThrow();
  return { written_count: Number(written.n), vacant_count: Number(all.n) - Number(written.n) };
}

/** Deletes the exam's problems (all of them vacant by then) and the exam; FKs take the rest. */
export async function deleteTestWithProblems(db: DbOrTx, code: number): Promise<number> {
  const problems = await db.deleteFrom('problems').where('test_code', '=', code).executeTakeFirst();
  await db.deleteFrom('tests').where('code', '=', code).execute();
  return Number(problems.numDeletedRows);
}
