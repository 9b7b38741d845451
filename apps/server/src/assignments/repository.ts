import type { Transaction } from 'kysely';
import type { DbOrTx } from '../core/db';
import type { Database } from '../db/schema';
import { chunked, selectAssignees, slotColumns } from '../authoring/repository';
import { withExamAndSubject } from '../problems/problem-joins';
import { VACANCY } from '../visibility/visible-problems';

// SQL of the assignment map (problem uid → member codes) and of "my problems".

export function listTestAssignments(db: DbOrTx, testCode: number) {
  return selectAssignees(db).innerJoin('problems', 'problems.uid', 'assignments.problem_uid').where('problems.test_code', '=', testCode).execute();
}

export async function findProblems(db: DbOrTx, uids: readonly number[]) {
  const rows: Array<{ uid: number; test_code: number }> = [];
  for (const slice of chunked(uids)) rows.push(...(await db.selectFrom('problems').select(['uid', 'test_code']).where('uid', 'in', slice).execute()));
  return rows;
}

export async function problemUidsOfTest(db: DbOrTx, testCode: number): Promise<number[]> {
  const rows = await db.selectFrom('problems').select('uid').where('test_code', '=', testCode).execute();
  return rows.map((row) => row.uid);
}

export async function findMembers(db: DbOrTx, codes: readonly number[]) {
  const rows: Array<{ code: number; id: string; name: string; validated: number }> = [];
  for (const slice of chunked(codes)) {
    rows.push(...(await db.selectFrom('members').select(['code', 'id', 'name', 'validated']).where('code', 'in', slice).execute()));
  }
  return rows;
}

export async function existingAssignments(db: DbOrTx, uids: readonly number[]) {
  const rows: Array<{ problem_uid: number; member_code: number; status: string }> = [];
  for (const slice of chunked(uids)) {
    rows.push(...(await db.selectFrom('assignments').select(['problem_uid', 'member_code', 'status']).where('problem_uid', 'in', slice).execute()));
  }
  return rows;
}

export async function deleteAssignments(trx: Transaction<Database>, pairs: ReadonlyArray<{ problem_uid: number; member_code: number }>) {
  for (const slice of chunked(pairs, 200)) {
    await trx
      .deleteFrom('assignments')
      .where((eb) => eb.or(slice.map((pair) => eb.and([eb('problem_uid', '=', pair.problem_uid), eb('member_code', '=', pair.member_code)]))))
      .execute();
  }
}

export async function insertAssignments(trx: Transaction<Database>, pairs: ReadonlyArray<{ problem_uid: number; member_code: number }>, assignedBy: number) {
  for (const slice of chunked(pairs, 200)) {
    await trx
      .insertInto('assignments')
      .values(slice.map((pair) => ({ ...pair, status: 'assigned', assigned_by: assignedBy })))
      .execute();
  }
}

/** The member's assigned problems, vacant ones included, newest exam first. */
export function listMySlots(db: DbOrTx, memberCode: number, filters: { year?: number | undefined; subject_code?: number | undefined }) {
  return db
    .selectFrom('assignments')
    .innerJoin('problems', 'problems.uid', 'assignments.problem_uid')
    .$call(withExamAndSubject)
    .select(slotColumns)
    .select([
      'problems.update_time',
      'problems.test_code',
      'tests.test_name',
      'tests.year',
      'tests.subject_code',
      'subjects.subject_name',
      'assignments.status as review_status',
    ])
    .where('assignments.member_code', '=', memberCode)
    .$if(filters.year !== undefined, (qb) => qb.where('tests.year', '=', filters.year!))
    .$if(filters.subject_code !== undefined, (qb) => qb.where('tests.subject_code', '=', filters.subject_code!))
    .orderBy('tests.year', 'desc')
    .orderBy('tests.code', 'desc')
    .orderBy('problems.type')
    .orderBy('problems.no')
    .execute();
}
export async function countMySlots(db: DbOrTx, memberCode: number): Promise<{ total: number; completed: number }> {
  const rows = await db
    .selectFrom('assignments')
    .innerJoin('problems', 'problems.uid', 'assignments.problem_uid')
    .select(['problems.is_vacant', (eb) => eb.fn.countAll<number>().as('n')])
    .where('assignments.member_code', '=', memberCode)
    .groupBy('problems.is_vacant')
    .execute();
  let total = 0;
  let completed = 0;
  for (const row of rows) {
    total += Number(row.n);
    // Content saved (shown, or withheld while a returned submission is revised: decision 077).
    if (row.is_vacant !== VACANCY.vacant) completed += Number(row.n);
  }
  return { total, completed };
}
