import { sql } from 'kysely';
import type { DbOrTx, Dialect } from '../core/db';
import { containsNameText } from '../search/choseong';
import { onePage, type Paging } from '../core/paging';

export interface SubjectRow {
  code: number;
  subject_name: string;
  abbr: string | null;
  type: number;
  cliexam_type: number;
}

export interface SubjectFilters {
  search?: string | undefined;
  grade?: number | undefined;
  subject_type?: number | undefined;
}

const subjectColumns = ['subjects.code', 'subjects.subject_name', 'subjects.abbr', 'subjects.type', 'subjects.cliexam_type'] as const;

function filtered(db: DbOrTx, dialect: Dialect, filters: SubjectFilters) {
  return db
    .selectFrom('subjects')
    .$if(filters.subject_type !== undefined, (qb) => qb.where('subjects.type', '=', filters.subject_type!))
    .$if(filters.grade !== undefined, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('subject_grades')
            .select('subject_grades.grade')
            .whereRef('subject_grades.subject_code', '=', 'subjects.code')
            .where('subject_grades.grade', '=', filters.grade!),
        ),
      ),
    )
    .$if(filters.search !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([containsNameText(dialect, 'subjects.subject_name', filters.search!), containsNameText(dialect, 'subjects.abbr', filters.search!)]),
      ),
    );
}

export async function listSubjects(db: DbOrTx, dialect: Dialect, filters: SubjectFilters, paging: Paging): Promise<{ rows: SubjectRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, dialect, filters).select(subjectColumns).orderBy('subjects.subject_name').orderBy('subjects.code').$call(onePage(paging)).execute(),
    filtered(db, dialect, filters)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findSubject(db: DbOrTx, code: number): Promise<SubjectRow | undefined> {
  return db.selectFrom('subjects').select(subjectColumns).where('subjects.code', '=', code).executeTakeFirst();
}

/** Grade codes of several subjects in one query. */
export async function findSubjectGrades(db: DbOrTx, codes: number[]): Promise<Map<number, number[]>> {
  const grades = new Map<number, number[]>(codes.map((code) => [code, []]));
  if (codes.length === 0) return grades;
  const rows = await db.selectFrom('subject_grades').select(['subject_code', 'grade']).where('subject_code', 'in', codes).orderBy('grade').execute();
  for (const row of rows) grades.get(row.subject_code)?.push(row.grade);
  return grades;
}

export function listSubjectNames(db: DbOrTx) {
  return db.selectFrom('subjects').select(['code as subject_code', 'subject_name']).orderBy('subject_name').orderBy('code').execute();
}

/** Years in which classes were held (class_date is YYYY-MM-DD), newest first. */
export async function listClassYears(db: DbOrTx, subjectCode: number | undefined): Promise<number[]> {
  const year = sql<number>`cast(substr(class_date, 1, 4) as integer)`;
  const rows = await db
    .selectFrom('classes')
    .select(year.as('year'))
    .distinct()
    .$if(subjectCode !== undefined, (qb) => qb.where('subject_code', '=', subjectCode!))
    .orderBy('year', 'desc')
    .execute();
  return rows.map((row) => Number(row.year));
}

// ---- Writes (subject management) ----

/** A foreign key refused the write (SQLite or PostgreSQL): the row it points at is gone or still used. */
export interface SubjectValues {
  subject_name: string;
  abbr: string | null;
  type: number;
  cliexam_type: number;
}

export async function insertSubject(db: DbOrTx, values: SubjectValues): Promise<number> {
  const { code } = await db.insertInto('subjects').values(values).returning('code').executeTakeFirstOrThrow();
  return code;
}

export async function updateSubject(db: DbOrTx, code: number, values: Partial<SubjectValues>): Promise<boolean> {
  const result = await db.updateTable('subjects').set(values).where('code', '=', code).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces the subject's grade codes; run inside the caller's transaction. */
export async function replaceSubjectGrades(db: DbOrTx, code: number, grades: number[]): Promise<void> {
  await db.deleteFrom('subject_grades').where('subject_code', '=', code).execute();
  if (grades.length > 0) {
    await db
      .insertInto('subject_grades')
      .values(grades.map((grade) => ({ subject_code: code, grade })))
      .execute();
  }
}

/**
 * Locks the subject row (PostgreSQL: FOR UPDATE conflicts with the key-share lock that inserting
 * an exam or a class of this subject takes, so none can appear until the transaction ends).
 */
export async function lockSubject(db: DbOrTx, dialect: Dialect, code: number): Promise<boolean> {
  const row = await db
    .selectFrom('subjects')
    .select('code')
    .where('code', '=', code)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row !== undefined;
}

export async function countSubjectTests(db: DbOrTx, code: number): Promise<number> {
  const row = await db
    .selectFrom('tests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('subject_code', '=', code)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Distinct problems linked to any class of the subject. */
export async function countSubjectClassProblems(db: DbOrTx, code: number): Promise<number> {
  const row = await db
    .selectFrom('problem_classes')
    .innerJoin('classes', 'classes.uid', 'problem_classes.class_uid')
    .select((eb) => eb.fn.count<number>('problem_classes.problem_uid').distinct().as('n'))
    .where('classes.subject_code', '=', code)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the subject; its grades and classes go with it (FK cascade). */
export async function deleteSubject(db: DbOrTx, code: number): Promise<boolean> {
  const result = await db.deleteFrom('subjects').where('code', '=', code).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
