import { sql, type SqlBool } from 'kysely';
import { AUTHORITY } from '@qbank/shared/roles';
import type { DbOrTx } from '../core/db';
import { nowIso } from '../core/db';
import { VACANCY } from '../visibility/visible-problems';
import { chunked } from './repository';

// SQL of the review of submitted slots: the steps' history and the assignments' current step.

export async function insertReviewStep(db: DbOrTx, values: { problem_uid: number; actor_code: number; action: string; comment?: string }): Promise<void> {
  await db
    .insertInto('submission_reviews')
    .values({ ...values, comment: values.comment ?? '', creation_time: nowIso() })
    .execute();
}

export function listReviewSteps(db: DbOrTx, problemUid: number) {
  return db
    .selectFrom('submission_reviews')
    .leftJoin('members', 'members.code', 'submission_reviews.actor_code')
    .select([
      'submission_reviews.code',
      'submission_reviews.action',
      'submission_reviews.comment',
      'members.nickname as actor_nickname',
      'submission_reviews.creation_time',
    ])
    .where('submission_reviews.problem_uid', '=', problemUid)
    .orderBy('submission_reviews.code', 'desc')
    .execute();
}

const LEAD_AUTHORITIES = [AUTHORITY.lead, AUTHORITY.admin, AUTHORITY.superadmin];

/**
 * Who reviews a member's submission of the slot: the leads who assigned it to them (still leads),
 * or — when none is left (deleted, or no longer a lead) — every 학습부장.
 */
export async function slotReviewers(db: DbOrTx, problemUid: number, memberCode: number): Promise<number[]> {
  const assigners = await db
    .selectFrom('assignments')
    .innerJoin('members', 'members.code', 'assignments.assigned_by')
    .select('members.code')
    .where('assignments.problem_uid', '=', problemUid)
    .where('assignments.member_code', '=', memberCode)
    .where('members.authority', 'in', LEAD_AUTHORITIES)
    .execute();
  if (assigners.length > 0) return assigners.map((row) => row.code);
  const leads = await db.selectFrom('members').select('code').where('authority', '=', AUTHORITY.lead).where('code', '<>', memberCode).execute();
  return leads.map((row) => row.code);
}

/**
 * A returned submission not approved since (decision 077): one of the slot's assignments is
 * 수정 요청, or was submitted again after the lead's latest decision on the slot returned it.
 */
const RETURNED_PENDING = sql<SqlBool>`exists (select 1 from assignments a where a.problem_uid = problems.uid and (a.status = 'changes_requested'
  or (a.status = 'submitted' and (select r.action from submission_reviews r where r.problem_uid = problems.uid
    and r.action in ('approved', 'changes_requested') order by r.code desc limit 1) = 'changes_requested')))`;

/**
 * Withholds the written slots among `problemUids` whose returned submission is pending, and shows
 * the others again; empty slots stay vacant. Called in the transaction of every step that can
 * change it: a review decision, a submit, an assignment change.
 */
export async function syncWithheld(db: DbOrTx, problemUids: readonly number[]): Promise<void> {
  for (const slice of chunked(problemUids)) {
    if (slice.length === 0) continue;
    await db
      .updateTable('problems')
      .set({ is_vacant: VACANCY.withheld })
      .where('uid', 'in', slice)
      .where('is_vacant', '=', VACANCY.written)
      .where(RETURNED_PENDING)
      .execute();
    await db
      .updateTable('problems')
      .set({ is_vacant: VACANCY.written })
      .where('uid', 'in', slice)
      .where('is_vacant', '=', VACANCY.withheld)
      .where(sql<SqlBool>`not ${RETURNED_PENDING}`)
      .execute();
  }
}

/** Whether the slot exists (written or vacant). */
export async function problemExists(db: DbOrTx, problemUid: number): Promise<boolean> {
  return (await db.selectFrom('problems').select('uid').where('uid', '=', problemUid).executeTakeFirst()) !== undefined;
}

/** The members whose assignment of the slot waits for review. */
export async function submittedAssignees(db: DbOrTx, problemUid: number): Promise<number[]> {
  const rows = await db.selectFrom('assignments').select('member_code').where('problem_uid', '=', problemUid).where('status', '=', 'submitted').execute();
  return rows.map((row) => row.member_code);
}

export async function setAssignmentStatus(db: DbOrTx, problemUid: number, memberCodes: readonly number[], status: string): Promise<void> {
  if (memberCodes.length === 0) return;
  await db
    .updateTable('assignments')
    .set({ status, update_time: nowIso() })
    .where('problem_uid', '=', problemUid)
    .where('member_code', 'in', memberCodes)
    .execute();
}

/** The slot's assignments become 'submitted': one assignee's, or (undefined: a lead's submit) all of them. */
export async function markSubmitted(db: DbOrTx, problemUid: number, memberCode: number | undefined): Promise<void> {
  await db
    .updateTable('assignments')
    .set({ status: 'submitted', update_time: nowIso() })
    .where('problem_uid', '=', problemUid)
    .$if(memberCode !== undefined, (qb) => qb.where('member_code', '=', memberCode!))
    .execute();
}

/** Per review step, how many slots of the exam are in it. */
export async function reviewCountsOfTest(db: DbOrTx, testCode: number) {
  const rows = await db
    .selectFrom('assignments')
    .innerJoin('problems', 'problems.uid', 'assignments.problem_uid')
    .select((eb) => ['assignments.status', eb.fn.count<number>('assignments.problem_uid').distinct().as('n')])
    .where('problems.test_code', '=', testCode)
    .where('assignments.status', 'in', ['submitted', 'approved', 'changes_requested'])
    .groupBy('assignments.status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}

/** The latest 수정 요청 comment of each of the slots. */
export async function latestReturnComments(db: DbOrTx, problemUids: readonly number[]): Promise<Map<number, string>> {
  if (problemUids.length === 0) return new Map();
  const rows = await db
    .selectFrom('submission_reviews')
    .select(['problem_uid', 'comment'])
    .where('problem_uid', 'in', problemUids)
    .where('action', '=', 'changes_requested')
    .orderBy('code')
    .execute();
  return new Map(rows.map((row) => [row.problem_uid, row.comment]));
}
