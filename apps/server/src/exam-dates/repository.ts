import type { DbOrTx } from '../core/db';
import { nowIso } from '../core/db';
import type { ExamDatesTable, MemberFsrsParamsTable } from '../db/schema';
import { visibleProblems } from '../visibility/visible-problems';

// SQL of the exam calendar, its scope and the plan's inputs (the member's review cards, the
// lineage sizes, the settings). The reads of solve_attempts live apart, in ../answers/readiness-repository.ts.

/** What a write sets: the table's own columns, so the two cannot drift apart. */
export type ExamDateValues = Pick<ExamDatesTable, 'title' | 'exam_date' | 'exam_time' | 'subject_code' | 'grade' | 'owner_code'>;

const examColumns = [
  'exam_dates.code',
  'exam_dates.title',
  'exam_dates.exam_date',
  'exam_dates.exam_time',
  'exam_dates.subject_code',
  'exam_dates.grade',
  'exam_dates.owner_code',
  'subjects.subject_name',
] as const;

function examQuery(db: DbOrTx) {
  return db.selectFrom('exam_dates').innerJoin('subjects', 'subjects.code', 'exam_dates.subject_code').select(examColumns);
}
export type ExamDateRow = Awaited<ReturnType<typeof findExamDate>> & object;

export function findExamDate(db: DbOrTx, code: number) {
  return examQuery(db).where('exam_dates.code', '=', code).executeTakeFirst();
}

/**
 * The entries a member sees from `fromDay` on: those published for their grade and their own.
 * (A lead's own published entries of another grade, after the lead's grade changed, are theirs too.)
 */
export function listVisibleExamDates(db: DbOrTx, member: { code: number; grade: number | null }, fromDay: string) {
  return examQuery(db)
    .where('exam_dates.exam_date', '>=', fromDay)
    .where((eb) => eb.or([eb('exam_dates.owner_code', '=', member.code), ...(member.grade === null ? [] : [eb('exam_dates.grade', '=', member.grade)])]))
    .orderBy('exam_dates.exam_date')
    .orderBy('exam_dates.exam_time')
    .orderBy('exam_dates.code')
    .execute();
}

export async function listScopeLists(db: DbOrTx, codes: readonly number[]) {
  if (codes.length === 0) return { classes: [], tests: [] };
  const [classes, tests] = await Promise.all([
    db.selectFrom('exam_date_classes').select(['exam_date_code', 'class_uid']).where('exam_date_code', 'in', codes).orderBy('class_uid').execute(),
    db.selectFrom('exam_date_tests').select(['exam_date_code', 'test_code']).where('exam_date_code', 'in', codes).orderBy('test_code').execute(),
  ]);
  return { classes, tests };
}

export async function insertExamDate(db: DbOrTx, values: ExamDateValues): Promise<number> {
  const row = await db
    .insertInto('exam_dates')
    .values({ ...values, creation_time: nowIso(), update_time: nowIso() })
    .returning('code')
    .executeTakeFirstOrThrow();
  return row.code;
}

export async function updateExamDate(db: DbOrTx, code: number, values: Partial<Pick<ExamDateValues, 'title' | 'exam_date' | 'exam_time' | 'subject_code'>>) {
  await db
    .updateTable('exam_dates')
    .set({ ...values, update_time: nowIso() })
    .where('code', '=', code)
    .execute();
}

/** Replaces a scope list (the caller's transaction). */
export async function replaceScope(db: DbOrTx, code: number, kind: 'classes' | 'tests', values: readonly number[]) {
  if (kind === 'classes') {
    await db.deleteFrom('exam_date_classes').where('exam_date_code', '=', code).execute();
    if (values.length > 0)
      await db
        .insertInto('exam_date_classes')
        .values(values.map((uid) => ({ exam_date_code: code, class_uid: uid })))
        .execute();
  } else {
    await db.deleteFrom('exam_date_tests').where('exam_date_code', '=', code).execute();
    if (values.length > 0)
      await db
        .insertInto('exam_date_tests')
        .values(values.map((test) => ({ exam_date_code: code, test_code: test })))
        .execute();
  }
}

export async function deleteExamDate(db: DbOrTx, code: number) {
  // The scope and reminder rows go with it (on delete cascade); listed too for SQLite files
  // opened without foreign keys.
  await db.deleteFrom('exam_date_classes').where('exam_date_code', '=', code).execute();
  await db.deleteFrom('exam_date_tests').where('exam_date_code', '=', code).execute();
  await db.deleteFrom('exam_date_reminders').where('exam_date_code', '=', code).execute();
  await db.deleteFrom('exam_dates').where('code', '=', code).execute();
}

/** Which of the given codes exist (a scope naming a missing class or exam is refused). */
export async function existingScope(db: DbOrTx, subjectCode: number, classUids: readonly number[], testCodes: readonly number[]) {
  const [subject, classes, tests] = await Promise.all([
    db.selectFrom('subjects').select('code').where('code', '=', subjectCode).executeTakeFirst(),
    classUids.length === 0 ? [] : db.selectFrom('classes').select(['uid', 'subject_code']).where('uid', 'in', classUids).execute(),
    testCodes.length === 0 ? [] : db.selectFrom('tests').select(['code', 'subject_code']).where('code', 'in', testCodes).execute(),
  ]);
  return { subject: subject !== undefined, classes, tests };
}

export interface ScopeProblem {
  uid: number;
  test_code: number;
  no: number;
  year: number;
  class_uid: number | null;
  /** How many problems (years) its lineage holds; 1 when it has none. */
  lineage_size: number;
}

/**
 * The problems in an exam's scope: those of its classes and of its past exams; with neither, every
 * problem of the subject. Only readable, answerable problems (not vacant, not voided).
 */
export async function listScopeProblems(
  db: DbOrTx,
  exam: { code: number; subject_code: number },
  scope: { classes: readonly number[]; tests: readonly number[] },
): Promise<ScopeProblem[]> {
  let query = db
    .selectFrom('problems')
    .innerJoin('tests', 'tests.code', 'problems.test_code')
    .leftJoin('problem_lineages', 'problem_lineages.problem_uid', 'problems.uid')
    .select([
      'problems.uid',
      'problems.test_code',
      'problems.no',
      'tests.year',
      'problem_lineages.lineage_size',
      (eb) =>
        eb
          .selectFrom('problem_classes')
          .select((inner) => inner.fn.min('problem_classes.class_uid').as('c'))
          .whereRef('problem_classes.problem_uid', '=', 'problems.uid')
          .$if(scope.classes.length > 0, (q) => q.where('problem_classes.class_uid', 'in', scope.classes))
          .as('class_uid'),
    ])
    .where(visibleProblems())
    .where('problems.is_voided', '=', 0);
  if (scope.classes.length === 0 && scope.tests.length === 0) {
    query = query.where('tests.subject_code', '=', exam.subject_code);
  } else {
    query = query.where((eb) =>
      eb.or([
        ...(scope.tests.length > 0 ? [eb('problems.test_code', 'in', scope.tests)] : []),
        ...(scope.classes.length > 0
          ? [
              eb.exists(
                eb
                  .selectFrom('problem_classes')
                  .select('problem_classes.problem_uid')
                  .whereRef('problem_classes.problem_uid', '=', 'problems.uid')
                  .where('problem_classes.class_uid', 'in', scope.classes),
              ),
            ]
          : []),
      ]),
    );
  }
  const rows = await query.orderBy('tests.year', 'desc').orderBy('problems.test_code', 'desc').orderBy('problems.no').execute();
  return rows.map((row) => ({
    uid: row.uid,
    test_code: row.test_code,
    no: row.no,
    year: row.year,
    class_uid: row.class_uid === null ? null : Number(row.class_uid),
    lineage_size: row.lineage_size ?? 1,
  }));
}

export function listClassNames(db: DbOrTx, uids: readonly number[]) {
  if (uids.length === 0) return Promise.resolve([]);
  return db.selectFrom('classes').select(['uid', 'class_name']).where('uid', 'in', uids).execute();
}

/**
 * The member's review cards of the given problems (synced first by the caller). One range read of
 * the member's cards, kept to the scope here: a member holds at most a card per problem answered,
 * and a scope of thousands of problems as IN lists cost PostgreSQL more to parse and plan than to run.
 */
export async function listCards(db: DbOrTx, memberCode: number, problemUids: readonly number[]) {
  if (problemUids.length === 0) return [];
  const wanted = new Set(problemUids);
  const rows = await db
    .selectFrom('review_cards')
    .select(['problem_uid', 'due', 'stability', 'difficulty', 'state', 'last_review', 'reps', 'lapses'])
    .where('member_code', '=', memberCode)
    .execute();
  return rows.filter((row) => wanted.has(row.problem_uid));
}
export type CardRow = Awaited<ReturnType<typeof listCards>>[number];

export function findPlanSettings(db: DbOrTx, memberCode: number) {
  return db.selectFrom('study_plan_settings').select(['daily_minutes', 'target_recall']).where('member_code', '=', memberCode).executeTakeFirst();
}

export async function upsertPlanSettings(db: DbOrTx, memberCode: number, values: { daily_minutes: number; target_recall: number }) {
  await db
    .insertInto('study_plan_settings')
    .values({ member_code: memberCode, ...values, update_time: nowIso() })
    .onConflict((oc) =>
      oc.column('member_code').doUpdateSet({ daily_minutes: values.daily_minutes, target_recall: values.target_recall, update_time: nowIso() }),
    )
    .execute();
}

export function findFsrsParams(db: DbOrTx, memberCode: number) {
  return db.selectFrom('member_fsrs_params').selectAll().where('member_code', '=', memberCode).executeTakeFirst();
}

/** The exams on the given day (a reminder's day), with who must be told: the owner, or the grade's approved members. */
export function listExamsOn(db: DbOrTx, day: string) {
  return db.selectFrom('exam_dates').select(['code', 'title', 'exam_date', 'grade', 'owner_code']).where('exam_date', '=', day).execute();
}

/** Claims a reminder: true only for the one caller whose insert made the row. */
export async function claimReminder(db: DbOrTx, examDateCode: number, daysBefore: number): Promise<boolean> {
  const rows = await db
    .insertInto('exam_date_reminders')
    .values({ exam_date_code: examDateCode, days_before: daysBefore, creation_time: nowIso() })
    .onConflict((oc) => oc.columns(['exam_date_code', 'days_before']).doNothing())
    .returning('exam_date_code')
    .execute();
  return rows.length > 0;
}

export async function listGradeMembers(db: DbOrTx, grade: number): Promise<number[]> {
  const rows = await db.selectFrom('members').select('code').where('grade', '=', grade).where('validated', '=', 1).execute();
  return rows.map((row) => row.code);
}

export async function upsertFsrsParams(db: DbOrTx, memberCode: number, values: Omit<MemberFsrsParamsTable, 'member_code'>) {
  await db
    .insertInto('member_fsrs_params')
    .values({ member_code: memberCode, ...values })
    .onConflict((oc) => oc.column('member_code').doUpdateSet(values))
    .execute();
}
