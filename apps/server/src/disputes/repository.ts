import type { DbOrTx } from '../core/db';
import { problemLabelColumns } from '../problems/problem-joins';
import { nowIso } from '../core/db';
import type { DisputeStatus } from '../db/schema';
import { visibleProblems } from '../visibility/visible-problems';
import { onePage, type Paging } from '../core/paging';

// SQL of answer-key disputes: the disputes with their problem, supports, comments, rulings,
// the per-problem summary the viewers show, and the stored answers re-judging reads and writes.

function selectDisputes(db: DbOrTx) {
  return db
    .selectFrom('problem_disputes as d')
    .innerJoin('problems', 'problems.uid', 'd.problem_uid')
    .innerJoin('tests', 'tests.code', 'problems.test_code')
    .innerJoin('members as filer', 'filer.code', 'd.member_code')
    .leftJoin('members as lead', 'lead.code', 'd.ruled_by')
    .select([
      'd.code',
      'd.problem_uid',
      'd.member_code',
      'd.claimed_answer',
      'd.reason',
      'd.reference',
      'd.status',
      'd.ruling_reason',
      'd.ruling_answer',
      'd.previous_answer',
      'd.ruling_time',
      'd.creation_time',
      'filer.nickname as member_nickname',
      'lead.nickname as lead_nickname',
      'problems.question_text',
      'problems.answer',
      'problems.is_voided',
    ])
    .select(problemLabelColumns)
    .select((eb) =>
      eb
        .selectFrom('dispute_supports')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('dispute_supports.dispute_code', '=', 'd.code')
        .as('support_count'),
    );
}
export type DisputeRow = Awaited<ReturnType<ReturnType<typeof selectDisputes>['execute']>>[number];

export function findDispute(db: DbOrTx, code: number) {
  return selectDisputes(db).where('d.code', '=', code).executeTakeFirst();
}

/** Open disputes first, the most supported first (the lead's queue); then the latest. */
export function listProblemDisputes(db: DbOrTx, problemUid: number) {
  return selectDisputes(db)
    .where('d.problem_uid', '=', problemUid)
    .orderBy((eb) => eb.case().when('d.status', '=', 'open').then(0).else(1).end())
    .orderBy('support_count', 'desc')
    .orderBy('d.code', 'desc')
    .execute();
}

export async function listDisputes(db: DbOrTx, filter: { status?: DisputeStatus | undefined; memberCode?: number | undefined }, paging: Paging) {
  const base = selectDisputes(db)
    .$if(filter.status !== undefined, (qb) => qb.where('d.status', '=', filter.status!))
    .$if(filter.memberCode !== undefined, (qb) => qb.where('d.member_code', '=', filter.memberCode!));
  const count = db
    .selectFrom('problem_disputes as d')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if(filter.status !== undefined, (qb) => qb.where('d.status', '=', filter.status!))
    .$if(filter.memberCode !== undefined, (qb) => qb.where('d.member_code', '=', filter.memberCode!));
  const [rows, total] = await Promise.all([
    base
      .orderBy((eb) => eb.case().when('d.status', '=', 'open').then(0).else(1).end())
      .orderBy('support_count', 'desc')
      .orderBy('d.code', 'desc')
      .$call(onePage(paging))
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function supportedBy(db: DbOrTx, codes: readonly number[], memberCode: number): Promise<Set<number>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .selectFrom('dispute_supports')
    .select('dispute_code')
    .where('member_code', '=', memberCode)
    .where('dispute_code', 'in', codes)
    .execute();
  return new Set(rows.map((row) => row.dispute_code));
}

export async function commentsOf(db: DbOrTx, codes: readonly number[]) {
  if (codes.length === 0) return [];
  return db
    .selectFrom('dispute_comments')
    .leftJoin('members', 'members.code', 'dispute_comments.member_code')
    .select([
      'dispute_comments.code',
      'dispute_comments.dispute_code',
      'members.nickname as member_nickname',
      'dispute_comments.comment_text',
      'dispute_comments.creation_time',
    ])
    .where('dispute_comments.dispute_code', 'in', codes)
    .orderBy('dispute_comments.code')
    .execute();
}

export async function insertDispute(
  db: DbOrTx,
  values: { problem_uid: number; member_code: number; claimed_answer: string; reason: string; reference: string },
): Promise<number> {
  const row = await db
    .insertInto('problem_disputes')
    .values({ ...values, creation_time: nowIso() })
    .returning('code')
    .executeTakeFirstOrThrow();
  return row.code;
}

export function findOpenDisputeOf(db: DbOrTx, problemUid: number, memberCode: number) {
  return db
    .selectFrom('problem_disputes')
    .select('code')
    .where('problem_uid', '=', problemUid)
    .where('member_code', '=', memberCode)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

export async function insertSupport(db: DbOrTx, disputeCode: number, memberCode: number): Promise<void> {
  await db.insertInto('dispute_supports').values({ dispute_code: disputeCode, member_code: memberCode, creation_time: nowIso() }).execute();
}

export async function insertComment(db: DbOrTx, disputeCode: number, memberCode: number, text: string): Promise<number> {
  const row = await db
    .insertInto('dispute_comments')
    .values({ dispute_code: disputeCode, member_code: memberCode, comment_text: text, creation_time: nowIso() })
    .returning('code')
    .executeTakeFirstOrThrow();
  return row.code;
}

/** Rules an open dispute; false when it was no longer open (ruled by someone else meanwhile). */
export async function closeDispute(
  db: DbOrTx,
  code: number,
  ruling: { status: Exclude<DisputeStatus, 'open'>; reason: string; answer: string | null; previous_answer: string | null; ruled_by: number },
): Promise<boolean> {
  const result = await db
    .updateTable('problem_disputes')
    .set({
      status: ruling.status,
      ruling_reason: ruling.reason,
      ruling_answer: ruling.answer,
      previous_answer: ruling.previous_answer,
      ruled_by: ruling.ruled_by,
      ruling_time: nowIso(),
    })
    .where('code', '=', code)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function supportersOf(db: DbOrTx, disputeCode: number): Promise<number[]> {
  const rows = await db.selectFrom('dispute_supports').select('member_code').where('dispute_code', '=', disputeCode).execute();
  return rows.map((row) => row.member_code);
}

export async function setProblemVoided(db: DbOrTx, problemUid: number, voided: 0 | 1 = 1): Promise<void> {
  await db.updateTable('problems').set({ is_voided: voided }).where('uid', '=', problemUid).execute();
}

export function findProblemKey(db: DbOrTx, problemUid: number) {
  return db.selectFrom('problems').select(['uid', 'type', 'answer', 'is_voided']).where('uid', '=', problemUid).where(visibleProblems()).executeTakeFirst();
}

// ---- per-problem summary

/** Per problem: its open disputes, and the members backing any of them (filers and supporters, each once). */
export async function openDisputeCounts(db: DbOrTx, uids: readonly number[]) {
  if (uids.length === 0) return [];
  const backers = db
    .selectFrom('problem_disputes as d')
    .select(['d.problem_uid', 'd.member_code'])
    .where('d.problem_uid', 'in', uids)
    .where('d.status', '=', 'open')
    .union(
      db
        .selectFrom('dispute_supports as s')
        .innerJoin('problem_disputes as d', 'd.code', 's.dispute_code')
        .select(['d.problem_uid', 's.member_code'])
        .where('d.problem_uid', 'in', uids)
        .where('d.status', '=', 'open'),
    );
  const [open, backed] = await Promise.all([
    db
      .selectFrom('problem_disputes as d')
      .select((eb) => ['d.problem_uid', eb.fn.countAll<number>().as('open_count')])
      .where('d.problem_uid', 'in', uids)
      .where('d.status', '=', 'open')
      .groupBy('d.problem_uid')
      .execute(),
    db
      .selectFrom(backers.as('b'))
      .select((eb) => ['b.problem_uid', eb.fn.countAll<number>().as('backer_count')])
      .groupBy('b.problem_uid')
      .execute(),
  ]);
  const backerCount = new Map(backed.map((row) => [row.problem_uid, Number(row.backer_count)]));
  return open.map((row) => ({ problem_uid: row.problem_uid, open_count: Number(row.open_count), backer_count: backerCount.get(row.problem_uid) ?? 0 }));
}

/** The latest accepted and voided rulings of each problem; a voiding a lead has undone is not shown. */
export async function latestRulings(db: DbOrTx, uids: readonly number[]) {
  if (uids.length === 0) return [];
  return db
    .selectFrom('problem_disputes as d')
    .innerJoin('problems as p', 'p.uid', 'd.problem_uid')
    .select(['d.problem_uid', 'd.status', 'd.ruling_reason', 'd.ruling_answer', 'd.previous_answer', 'd.ruling_time', 'p.answer', 'p.type'])
    .where('d.problem_uid', 'in', uids)
    .where((eb) => eb.or([eb('d.status', '=', 'accepted'), eb.and([eb('d.status', '=', 'voided'), eb('p.is_voided', '=', 1)])]))
    .orderBy('d.code')
    .execute();
}
