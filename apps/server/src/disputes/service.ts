import { isCorrectAnswer } from '@qbank/shared/answers';
import type { CreateDisputeRequest, Dispute, DisputeComment, ProblemDisputeSummary, RulingRequest, UnvoidResponse } from '@qbank/shared/disputes';
import type { AppContext } from '../core/context';
import { isUniqueViolation, type DbOrTx } from '../core/db';
import type { DisputeStatus, MemberRow } from '../db/schema';
import { conflict, forbidden, notFound, validationError } from '../errors';
import { mayAuthor, seesAllDisputes } from '@qbank/shared/policies';
import { roleOf } from '../core/auth-guards';
import { prepareProblemChanges, writeProblemContent } from '../authoring/content';
import { requireVisibleProblem } from '../problems/visibility';
import { insertNotifications, type NewNotification } from '../notifications/repository';
import { problemTarget, recordAudit } from '../audit/service';
import { disputeMessages as dm } from './messages';
import { presentDispute, rulingSuperseded } from './presenter';
import { answeringMembers } from '../answers/repository';
import { keyConflictsOf } from '../lineage/key-conflicts';
import {
  closeDispute,
  commentsOf,
  findDispute,
  findOpenDisputeOf,
  findProblemKey,
  insertComment,
  insertDispute,
  insertSupport,
  latestRulings,
  listDisputes,
  listProblemDisputes,
  openDisputeCounts,
  setProblemVoided,
  supportedBy,
  supportersOf,
  type DisputeRow,
} from './repository';

// Answer-key disputes (issue 15): filing, support, comments, the lead's ruling and the
// re-judging of every stored answer that follows an accepted one, in one transaction.

async function present(db: DbOrTx, rows: DisputeRow[], memberCode: number): Promise<Dispute[]> {
  const codes = rows.map((row) => row.code);
  const [supported, comments] = await Promise.all([supportedBy(db, codes, memberCode), commentsOf(db, codes)]);
  const byDispute = new Map<number, DisputeComment[]>();
  for (const { dispute_code, ...comment } of comments) {
    const list = byDispute.get(dispute_code) ?? [];
    list.push(comment);
    byDispute.set(dispute_code, list);
  }
  return rows.map((row) => presentDispute(row, { memberCode, supported, comments: byDispute.get(row.code) ?? [] }));
}

async function requireDispute(db: DbOrTx, code: number): Promise<DisputeRow> {
  const row = await findDispute(db, code);
  if (!row) throw notFound(dm.disputeNotFound);
  return row;
}

async function disputeFor(db: DbOrTx, code: number, member: MemberRow): Promise<Dispute> {
  const [dispute] = await present(db, [await requireDispute(db, code)], member.code);
  return dispute!;
}

export async function fileDispute(ctx: AppContext, member: MemberRow, problemUid: number, body: CreateDisputeRequest): Promise<Dispute> {
  await requireVisibleProblem(ctx.db, problemUid);
  const problem = (await findProblemKey(ctx.db, problemUid))!;
  if (problem.is_voided === 1) throw conflict(dm.problemVoided);
  if (isCorrectAnswer(body.claimed_answer, problem.answer, problem.type)) {
    throw validationError(dm.sameAsKey, { claimed_answer: dm.sameAsKey });
  }
  if (await findOpenDisputeOf(ctx.db, problemUid, member.code)) throw conflict(dm.alreadyOpen);
  let code: number;
  try {
    code = await insertDispute(ctx.db, {
      problem_uid: problemUid,
      member_code: member.code,
      claimed_answer: body.claimed_answer,
      reason: body.reason,
      reference: body.reference ?? '',
    });
  } catch (error) {
    // Two filings at once: the partial unique index keeps one.
    if (isUniqueViolation(error)) throw conflict(dm.alreadyOpen);
    throw error;
  }
  return disputeFor(ctx.db, code, member);
}

export async function problemDisputes(ctx: AppContext, member: MemberRow, problemUid: number): Promise<Dispute[]> {
  await requireVisibleProblem(ctx.db, problemUid);
  return present(ctx.db, await listProblemDisputes(ctx.db, problemUid), member.code);
}

/** Leads see every dispute; a member sees their own. */
export async function disputeList(ctx: AppContext, member: MemberRow, query: { status?: DisputeStatus | undefined; page: number; limit: number }) {
  const { rows, total } = await listDisputes(ctx.db, { status: query.status, memberCode: seesAllDisputes(roleOf(member)) ? undefined : member.code }, query);
  const conflicts = await keyConflictsOf(ctx.db, [...new Set(rows.map((row) => row.problem_uid))]);
  return {
    disputes: await present(ctx.db, rows, member.code),
    key_conflicts: [...conflicts].map(([problem_uid, versions]) => ({ problem_uid, versions })),
    total,
    page: query.page,
    limit: query.limit,
  };
}

export async function supportDispute(ctx: AppContext, member: MemberRow, code: number): Promise<Dispute> {
  const dispute = await requireDispute(ctx.db, code);
  if (dispute.status !== 'open') throw conflict(dm.notOpen);
  if (dispute.member_code === member.code) throw conflict(dm.ownSupport);
  try {
    await insertSupport(ctx.db, code, member.code);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(dm.alreadySupported);
    throw error;
  }
  return disputeFor(ctx.db, code, member);
}

export async function commentOnDispute(ctx: AppContext, member: MemberRow, code: number, text: string): Promise<DisputeComment> {
  const dispute = await requireDispute(ctx.db, code);
  if (dispute.status !== 'open') throw conflict(dm.notOpen);
  const commentCode = await insertComment(ctx.db, code, member.code, text);
  const comments = await commentsOf(ctx.db, [code]);
  const { dispute_code: _, ...comment } = comments.find((row) => row.code === commentCode)!;
  return comment;
}

/** The filer and the supporters are told of the ruling; nobody is told twice of one event. */
function rulingNotifications(dispute: DisputeRow, supporters: readonly number[], decision: string): NewNotification[] {
  return [
    { member_code: dispute.member_code, kind: 'dispute_ruled', problem_uid: dispute.problem_uid, dispute_code: dispute.code, detail: decision },
    ...supporters
      .filter((code) => code !== dispute.member_code)
      .map((code): NewNotification => ({
        member_code: code,
        kind: 'supported_dispute_ruled',
        problem_uid: dispute.problem_uid,
        dispute_code: dispute.code,
        detail: decision,
      })),
  ];
}

/** Those who answered the problem and are not told already as filer or supporter. */
async function answererNotifications(
  db: DbOrTx,
  dispute: DisputeRow,
  told: readonly NewNotification[],
  kind: 'answer_key_changed' | 'problem_voided',
  detail: string,
) {
  const already = new Set(told.map((n) => n.member_code));
  const members = (await answeringMembers(db, dispute.problem_uid)).filter((code) => !already.has(code));
  return members.map((code): NewNotification => ({ member_code: code, kind, problem_uid: dispute.problem_uid, dispute_code: dispute.code, detail }));
}

/** The ruling's audit entry (decision 161); a changed key gets its own entry from the problem write. */
async function recordRuling(db: DbOrTx, lead: MemberRow, dispute: DisputeRow, body: RulingRequest, answer: string | null): Promise<void> {
  const target = await problemTarget(db, dispute.problem_uid);
  await recordAudit(db, {
    actor: lead,
    action: 'dispute.ruling',
    target: { ...target, kind: 'dispute', id: dispute.code },
    before: { status: 'open', answer: dispute.answer },
    after: { status: body.decision, answer: answer ?? dispute.answer, reason: body.reason },
  });
  if (body.decision === 'voided') {
    await recordAudit(db, { actor: lead, action: 'problem.void', target, before: { is_voided: 0 }, after: { is_voided: 1 } });
  }
}

/**
 * POST /v1/disputes/{code}/ruling. accepted: the key changes through the versioned problem write
 * (history and restore keep working), then every machine-judged answer is judged again; rejected:
 * only the ruling is kept; voided: the problem leaves scoring. The ruling, the key, the
 * re-judging and the notifications are one transaction.
 */
export async function ruleDispute(ctx: AppContext, lead: MemberRow, code: number, body: RulingRequest): Promise<Dispute> {
  if (!mayAuthor(roleOf(lead))) throw forbidden(dm.rulingLeadOnly);
  const dispute = await requireDispute(ctx.db, code);
  if (dispute.status !== 'open') throw conflict(dm.notOpen);
  const claim = async (db: DbOrTx, answer: string | null, previous: string | null) => {
    const closed = await closeDispute(db, code, { status: body.decision, reason: body.reason, answer, previous_answer: previous, ruled_by: lead.code });
    if (!closed) throw conflict(dm.notOpen);
    await recordRuling(db, lead, dispute, body, answer);
    return supportersOf(db, code);
  };

  if (body.decision === 'accepted') {
    const answer = body.answer || dispute.claimed_answer;
    if (!answer) throw validationError(dm.rulingAnswerRequired, { answer: dm.rulingAnswerRequired });
    const prepared = await prepareProblemChanges(ctx.storage, { answer });
    await writeProblemContent(ctx, lead, dispute.problem_uid, prepared, {
      requireChange: false,
      rejudgeTellsMembers: false,
      afterWrite: async (trx, _saved, changed) => {
        const supporters = await claim(trx, answer, dispute.answer);
        const told = rulingNotifications(dispute, supporters, 'accepted');
        const others = changed ? await answererNotifications(trx, dispute, told, 'answer_key_changed', '') : [];
        await insertNotifications(trx, [...told, ...others]);
      },
    });
  } else {
    await ctx.db.transaction().execute(async (trx) => {
      const supporters = await claim(trx, null, null);
      const told = rulingNotifications(dispute, supporters, body.decision);
      const others = body.decision === 'voided' ? await answererNotifications(trx, dispute, told, 'problem_voided', '') : [];
      if (body.decision === 'voided') await setProblemVoided(trx, dispute.problem_uid);
      await insertNotifications(trx, [...told, ...others]);
    });
  }
  return disputeFor(ctx.db, code, lead);
}

/**
 * POST /v1/problem/{id}/unvoid: a lead undoes a voiding (a ruling made in error). The problem
 * counts in scoring again; statistics and scores are read from the flag, as for voiding. The
 * voided ruling stays in the dispute's history.
 */
export async function restoreVoidedProblem(ctx: AppContext, lead: MemberRow, problemUid: number): Promise<UnvoidResponse> {
  if (!mayAuthor(roleOf(lead))) throw forbidden(dm.rulingLeadOnly);
  return ctx.db.transaction().execute(async (trx) => {
    const problem = await findProblemKey(trx, problemUid);
    if (!problem) throw notFound(dm.problemNotFound);
    if (problem.is_voided !== 1) throw conflict(dm.notVoided);
    await setProblemVoided(trx, problemUid, 0);
    await recordAudit(trx, {
      actor: lead,
      action: 'problem.unvoid',
      target: await problemTarget(trx, problemUid),
      before: { is_voided: 1 },
      after: { is_voided: 0 },
    });
    return { problem_uid: problemUid, is_voided: 0 as const };
  });
}

/** What each problem shows about its key (the viewers ask for a page of problems at once). */
export async function disputeSummaries(ctx: AppContext, uids: readonly number[]): Promise<ProblemDisputeSummary[]> {
  const [open, rulings] = await Promise.all([openDisputeCounts(ctx.db, uids), latestRulings(ctx.db, uids)]);
  const summaries = new Map<number, ProblemDisputeSummary>();
  const summaryOf = (uid: number) => {
    let summary = summaries.get(uid);
    if (!summary) {
      summary = { problem_uid: uid, open_count: 0, backer_count: 0, corrected: null, voided: null };
      summaries.set(uid, summary);
    }
    return summary;
  };
  for (const row of open) Object.assign(summaryOf(row.problem_uid), { open_count: row.open_count, backer_count: row.backer_count });
  // Ordered by code: the latest ruling of each kind wins.
  for (const row of rulings) {
    const when = { time: row.ruling_time ?? '', reason: row.ruling_reason ?? '' };
    if (row.status === 'accepted') {
      const superseded = rulingSuperseded(row.ruling_answer, row.answer, row.type);
      summaryOf(row.problem_uid).corrected = { ...when, answer: row.ruling_answer, previous_answer: row.previous_answer, superseded };
    } else summaryOf(row.problem_uid).voided = when;
  }
  return [...summaries.values()];
}
