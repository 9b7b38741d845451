import type { Transaction } from 'kysely';
import type { DbOrTx, Dialect } from '../core/db';
import type { Database } from '../db/schema';
import { problemColumns, replyCount } from '../problems/repository';
import { visibleProblems } from '../visibility/visible-problems';
import { onePage, type Paging } from '../core/paging';
import { withExamSubjectAndPassage } from '../problems/problem-joins';

// SQL of the lead problem screens: slots, detail (vacant ones included), versions, set headers.

/** IN lists are sent in slices, well below both databases' parameter limits. */
export function chunked<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function findProblemRow(db: DbOrTx, uid: number) {
  return db.selectFrom('problems').selectAll().where('uid', '=', uid).executeTakeFirst();
}

export function findProblemByNumber(db: DbOrTx, testCode: number, type: number, no: number) {
  return db.selectFrom('problems').selectAll().where('test_code', '=', testCode).where('type', '=', type).where('no', '=', no).executeTakeFirst();
}

/** One problem with what the lead detail shows (vacant slots included). */
export function findProblemDetailRow(db: DbOrTx, uid: number) {
  return db
    .selectFrom('problems')
    .$call(withExamSubjectAndPassage)
    .leftJoin('members as editor', 'editor.code', 'problems.updated_by')
    .select(problemColumns)
    .select(['problems.creation_time', 'problems.update_time', 'editor.code as editor_code', 'editor.id as editor_id', 'editor.name as editor_name'])
    .select((eb) => replyCount(eb))
    .select((eb) =>
      eb
        .selectFrom('problem_versions')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('problem_versions.problem_uid', '=', 'problems.uid')
        .as('version_count'),
    )
    .where('problems.uid', '=', uid)
    .executeTakeFirst();
}
export type ProblemDetailRow = NonNullable<Awaited<ReturnType<typeof findProblemDetailRow>>>;

/** Assignment rows with their member and status, by problem then member name; the caller narrows them. */
export function selectAssignees(db: DbOrTx) {
  return db
    .selectFrom('assignments')
    .innerJoin('members', 'members.code', 'assignments.member_code')
    .select([
      'assignments.problem_uid',
      'assignments.status',
      'members.code as member_code',
      'members.id',
      'members.name',
      'members.grade',
      'members.validated',
    ])
    .orderBy('assignments.problem_uid')
    .orderBy('members.name')
    .orderBy('members.code');
}

/** The assignees of the problems, with their assignment status. */
export async function listAssignees(db: DbOrTx, uids: readonly number[]) {
  const rows = [];
  for (const slice of chunked(uids)) {
    if (slice.length === 0) continue;
    rows.push(...(await selectAssignees(db).where('assignments.problem_uid', 'in', slice).execute()));
  }
  return rows;
}
export type AssigneeRow = Awaited<ReturnType<typeof listAssignees>>[number];

export async function isAssignee(db: DbOrTx, uid: number, memberCode: number): Promise<boolean> {
  const row = await db.selectFrom('assignments').select('problem_uid').where('problem_uid', '=', uid).where('member_code', '=', memberCode).executeTakeFirst();
  return row !== undefined;
}

export function listProblemClasses(db: DbOrTx, uid: number) {
  return db
    .selectFrom('problem_classes')
    .innerJoin('classes', 'classes.uid', 'problem_classes.class_uid')
    .select(['classes.uid', 'classes.class_name', 'classes.class_date'])
    .where('problem_classes.problem_uid', '=', uid)
    .orderBy('classes.class_date')
    .orderBy('classes.uid')
    .execute();
}

/** A slot as the lead's list and a member's "my problems" show it: number, type, written or vacant, the text. */
export const slotColumns = ['problems.uid', 'problems.no', 'problems.type', 'problems.choice_type', 'problems.is_vacant', 'problems.question_text'] as const;

export async function listLeadProblems(db: DbOrTx, testCode: number, includeVacant: boolean, paging: Paging, reviewStatus?: string) {
  const base = db
    .selectFrom('problems')
    .where('problems.test_code', '=', testCode)
    .$if(!includeVacant, (qb) => qb.where(visibleProblems()))
    .$if(reviewStatus !== undefined, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('assignments')
            .select('assignments.problem_uid')
            .whereRef('assignments.problem_uid', '=', 'problems.uid')
            .where('assignments.status', '=', reviewStatus!),
        ),
      ),
    );
  const [rows, count] = await Promise.all([
    base
      .leftJoin('set_headers', 'set_headers.code', 'problems.set_header_code')
      .select(slotColumns)
      .select([
        'problems.question_pic_path',
        'problems.update_time',
        'set_headers.code as header_code',
        'set_headers.begin_problem_no',
        'set_headers.end_problem_no',
      ])
      // PROBLEM_TYPE_ORDER in packages/shared/src/problems.ts: multiple choice, subjective, slide (types 1, 2, 4 sort that way), then number.
      .orderBy('problems.type')
      .orderBy('problems.no')
      .$call(onePage(paging))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
export type LeadProblemListRow = Awaited<ReturnType<typeof listLeadProblems>>['rows'][number];

/** Takes the exam's row lock on PostgreSQL so concurrent slot creation for one exam queues; false when the exam does not exist. */
export async function lockTest(trx: Transaction<Database>, dialect: Dialect, testCode: number): Promise<boolean> {
  const row = await trx
    .selectFrom('tests')
    .select('code')
    .where('code', '=', testCode)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row !== undefined;
}

export async function maxNumbersByType(db: DbOrTx, testCode: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('problems')
    .select(['type', (eb) => eb.fn.max<number>('no').as('max_no')])
    .where('test_code', '=', testCode)
    .groupBy('type')
    .execute();
  return new Map(rows.map((row) => [row.type, Number(row.max_no)]));
}

/** Which of the (type, no) pairs the exam already has. */
export async function findTakenNumbers(db: DbOrTx, testCode: number, slots: ReadonlyArray<{ type: number; no: number }>) {
  const taken: Array<{ type: number; no: number }> = [];
  const wanted = new Set(slots.map((slot) => `${slot.type}:${slot.no}`));
  for (const slice of chunked([...new Set(slots.map((slot) => slot.no))])) {
    const rows = await db.selectFrom('problems').select(['type', 'no']).where('test_code', '=', testCode).where('no', 'in', slice).execute();
    taken.push(...rows.filter((row) => wanted.has(`${row.type}:${row.no}`)));
  }
  return taken;
}

export async function insertSlots(
  trx: Transaction<Database>,
  testCode: number,
  slots: ReadonlyArray<{ type: number; no: number }>,
  editorCode: number,
): Promise<Array<{ uid: number; no: number; type: number }>> {
  const created: Array<{ uid: number; no: number; type: number }> = [];
  for (const slice of chunked(slots, 200)) {
    const rows = await trx
      .insertInto('problems')
      .values(slice.map((slot) => ({ test_code: testCode, type: slot.type, no: slot.no, choice_type: null, is_vacant: 1, updated_by: editorCode })))
      .returning(['uid', 'no', 'type'])
      .execute();
    created.push(...rows);
  }
  return created.sort((a, b) => a.type - b.type || a.no - b.no);
}

export function deleteProblem(db: DbOrTx, uid: number) {
  return db.deleteFrom('problems').where('uid', '=', uid).executeTakeFirst();
}

/** Empty slots of the exam, except those with a history: an earlier version may hold someone's content. */
export async function deleteVacantSlots(db: DbOrTx, testCode: number): Promise<number> {
  const result = await db
    .deleteFrom('problems')
    .where('test_code', '=', testCode)
    .where('is_vacant', '=', 1)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('problem_versions').select('problem_versions.code').whereRef('problem_versions.problem_uid', '=', 'problems.uid'))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---- Versions

export async function listVersions(db: DbOrTx, uid: number, paging: Paging) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('problem_versions')
      .leftJoin('members', 'members.code', 'problem_versions.edited_by')
      .select([
        'problem_versions.code',
        'problem_versions.problem_uid',
        'problem_versions.snapshot',
        'problem_versions.creation_time',
        'members.code as editor_code',
        'members.id as editor_id',
        'members.name as editor_name',
      ])
      .where('problem_versions.problem_uid', '=', uid)
      .orderBy('problem_versions.code', 'desc')
      .$call(onePage(paging))
      .execute(),
    db
      .selectFrom('problem_versions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('problem_uid', '=', uid)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
export type VersionRow = Awaited<ReturnType<typeof listVersions>>['rows'][number];

export function findVersion(db: DbOrTx, uid: number, code: number) {
  return db.selectFrom('problem_versions').select(['code', 'snapshot']).where('problem_uid', '=', uid).where('code', '=', code).executeTakeFirst();
}

// ---- Set headers

export function findSetHeader(db: DbOrTx, code: number) {
  return db
    .selectFrom('set_headers')
    .select(['code', 'test_code', 'type', 'begin_problem_no', 'end_problem_no', 'header_text', 'pic_path'])
    .where('code', '=', code)
    .executeTakeFirst();
}
export type SetHeaderRow = NonNullable<Awaited<ReturnType<typeof findSetHeader>>>;

/** Another header of the exam whose range shares a number with [begin, end]. */
export function findOverlappingHeader(db: DbOrTx, testCode: number, begin: number, end: number, exceptCode?: number) {
  return db
    .selectFrom('set_headers')
    .select(['code', 'begin_problem_no', 'end_problem_no'])
    .where('test_code', '=', testCode)
    .where('begin_problem_no', '<=', end)
    .where('end_problem_no', '>=', begin)
    .$if(exceptCode !== undefined, (qb) => qb.where('code', '!=', exceptCode!))
    .executeTakeFirst();
}

export function insertSetHeader(
  db: DbOrTx,
  values: { test_code: number; type: number; begin_problem_no: number; end_problem_no: number; header_text: string; pic_path: string | null },
) {
  return db
    .insertInto('set_headers')
    .values(values)
    .returning(['code', 'test_code', 'type', 'begin_problem_no', 'end_problem_no', 'header_text', 'pic_path'])
    .executeTakeFirstOrThrow();
}

export function updateSetHeader(
  db: DbOrTx,
  code: number,
  values: Partial<{ type: number; begin_problem_no: number; end_problem_no: number; header_text: string; pic_path: string | null }>,
) {
  return db
    .updateTable('set_headers')
    .set(values)
    .where('code', '=', code)
    .returning(['code', 'test_code', 'type', 'begin_problem_no', 'end_problem_no', 'header_text', 'pic_path'])
    .executeTakeFirstOrThrow();
}

/** Links the multiple-choice problems of the range (vacant ones too) to the header. */
export async function linkHeaderRange(db: DbOrTx, header: SetHeaderRow): Promise<number[]> {
  const rows = await db
    .updateTable('problems')
    .set({ set_header_code: header.code })
    .where('test_code', '=', header.test_code)
    .where('type', '=', 1)
    .where('no', '>=', header.begin_problem_no)
    .where('no', '<=', header.end_problem_no)
    .returning('uid')
    .execute();
  return rows.map((row) => row.uid).sort((a, b) => a - b);
}

export async function linkedProblemUids(db: DbOrTx, headerCode: number): Promise<number[]> {
  const rows = await db.selectFrom('problems').select('uid').where('set_header_code', '=', headerCode).orderBy('uid').execute();
  return rows.map((row) => row.uid);
}

export function unlinkHeader(db: DbOrTx, headerCode: number) {
  return db.updateTable('problems').set({ set_header_code: null }).where('set_header_code', '=', headerCode).execute();
}

export function deleteSetHeader(db: DbOrTx, code: number) {
  return db.deleteFrom('set_headers').where('code', '=', code).execute();
}
