import type { ExpressionBuilder } from 'kysely';
import type { DbOrTx, Dialect } from '../core/db';
import { containsNameText } from '../search/choseong';
import type { Database } from '../db/schema';
import { visibleProblems } from '../visibility/visible-problems';
import { onePage, type Paging } from '../core/paging';

export interface ClassRow {
  uid: number;
  subject_code: number;
  class_name: string;
  class_date: string;
  class_time: number | null;
  professor: string | null;
  problem_count: number;
}

const classColumns = ['classes.uid', 'classes.subject_code', 'classes.class_name', 'classes.class_date', 'classes.class_time', 'classes.professor'] as const;

/** Written problems linked to the class. */
function linkedProblemCount(eb: ExpressionBuilder<Database, 'classes'>) {
  return eb
    .selectFrom('problem_classes')
    .innerJoin('problems', 'problems.uid', 'problem_classes.problem_uid')
    .select((inner) => inner.fn.countAll<number>().as('n'))
    .whereRef('problem_classes.class_uid', '=', 'classes.uid')
    .where(visibleProblems())
    .as('problem_count');
}

export async function listSubjectClasses(
  db: DbOrTx,
  dialect: Dialect,
  subjectCode: number,
  filters: { search?: string | undefined; year?: number | undefined },
  paging: Paging,
): Promise<{ rows: ClassRow[]; total: number }> {
  const base = db
    .selectFrom('classes')
    .where('classes.subject_code', '=', subjectCode)
    // class_date is YYYY-MM-DD text: a year is a range on the (subject_code, class_date) index.
    .$if(filters.year !== undefined, (qb) =>
      qb.where('classes.class_date', '>=', `${filters.year}-01-01`).where('classes.class_date', '<=', `${filters.year}-12-31`),
    )
    .$if(filters.search !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([containsNameText(dialect, 'classes.class_name', filters.search!), containsNameText(dialect, 'classes.professor', filters.search!)]),
      ),
    );
  const [rows, count] = await Promise.all([
    base
      .select(classColumns)
      .select((eb) => linkedProblemCount(eb))
      .orderBy('classes.class_date')
      .orderBy('classes.class_time')
      .orderBy('classes.uid')
      .$call(onePage(paging))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => ({ ...row, problem_count: Number(row.problem_count) })), total: Number(count.n) };
}

export async function findClassMeta(db: DbOrTx, uid: number) {
  const row = await db
    .selectFrom('classes')
    .innerJoin('subjects', 'subjects.code', 'classes.subject_code')
    .select(classColumns)
    .select('subjects.subject_name')
    .select((eb) => linkedProblemCount(eb))
    .where('classes.uid', '=', uid)
    .executeTakeFirst();
  return row && { ...row, problem_count: Number(row.problem_count) };
}

// ---- Writes (class management of a subject, decision 028) ----

export interface ClassValues {
  class_name: string;
  class_date: string;
  class_time: number | null;
  professor: string | null;
}

export async function findClass(db: DbOrTx, uid: number): Promise<ClassRow | undefined> {
  const row = await db
    .selectFrom('classes')
    .select(classColumns)
    .select((eb) => linkedProblemCount(eb))
    .where('classes.uid', '=', uid)
    .executeTakeFirst();
  return row && { ...row, problem_count: Number(row.problem_count) };
}

export async function insertClass(db: DbOrTx, subjectCode: number, values: ClassValues): Promise<number> {
  const { uid } = await db
    .insertInto('classes')
    .values({ subject_code: subjectCode, ...values })
    .returning('uid')
    .executeTakeFirstOrThrow();
  return uid;
}

export async function updateClass(db: DbOrTx, uid: number, values: Partial<ClassValues>): Promise<boolean> {
  const result = await db.updateTable('classes').set(values).where('uid', '=', uid).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the class; its problem links go with it (FK cascade), the problems stay. */
/** The name of a class's subject, for the audit entry of its deletion. */
export async function subjectNameOf(db: DbOrTx, subjectCode: number): Promise<string | undefined> {
  const row = await db.selectFrom('subjects').select('subject_name').where('code', '=', subjectCode).executeTakeFirst();
  return row?.subject_name;
}

export async function deleteClass(db: DbOrTx, uid: number): Promise<boolean> {
  const result = await db.deleteFrom('classes').where('uid', '=', uid).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
