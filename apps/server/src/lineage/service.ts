import { setImmediate } from 'node:timers/promises';
import type {
  ClassRecurrenceResponse,
  LineageCountsResponse,
  LineageMember,
  LineageRelation,
  LineagesResponse,
  ProblemLineageResponse,
} from '@qbank/shared/lineage';
import type { AuditAction } from '@qbank/shared/audit';
import { problemTarget, recordAudit, type AuditActor } from '../audit/service';
import type { AppContext } from '../core/context';
import type { Db } from '../core/db';
import { notFound } from '../errors';
import { requireVisibleProblem } from '../problems/visibility';
import { detectProblem, isVisibleLink, redrawLineages, type FingerprintCache } from './detect';
import { lineageMessages } from './messages';
import { messages } from '../messages';
import {
  allProblemUids,
  classRecurrence as classRecurrenceRow,
  decideLink,
  dequeue,
  enqueue,
  findLink,
  hasQueuedProblems,
  lineageCodesOf,
  lineageCounts,
  lineageMemberRows,
  membersOfLineages,
  lineagePage,
  linksOf,
  visibleLinksFrom,
  visibleProblemLineage,
  queuedProblems,
  refreshLineageStatistics,
  releaseLease as releaseLeaseRow,
  otherEnd,
  type LinkRow,
} from './repository';

// Lineages for readers and leads (issue 28 items 2 and 8, decision 130). Students see the
// lineages drawn over visible links only (problem_lineages); a lead sees, besides, the weak
// suggestions around the problem, and decides them.

/** The lead deciding: named in the audit entry of the decision. */
type Lead = NonNullable<AuditActor>;

/** Detects up to `limit` queued problems, each in its own transaction; returns how many. */
export async function detectQueued(db: Db, cache: FingerprintCache, limit: number): Promise<number> {
  const queued = await queuedProblems(db, limit);
  for (const { problem_uid, version } of queued) {
    await db.transaction().execute(async (tx) => {
      await detectProblem(tx, problem_uid, cache);
      await dequeue(tx, problem_uid, version);
    });
    // better-sqlite3 answers synchronously: without a turn of the event loop between problems, a
    // drain of a queued bank (~30 minutes at 100,000) is one chain of microtasks and the server
    // answers nothing, /healthz included, until it ends (decision 209).
    await setImmediate();
  }
  return queued.length;
}

/** Whether any problem waits for detection (a read: the worker's idle ticks write nothing). */
export function hasQueuedWork(db: Db): Promise<boolean> {
  return hasQueuedProblems(db);
}

/**
 * Keeps the lineage tables' planner statistics in step with a drain: refreshed each time what it
 * detected doubles (500, 1,000, 2,000, …), as the tables grow with it (`refreshLineageStatistics`).
 */
export function lineageStatisticsKeeper(db: Db, first = 500): (detected: number) => Promise<void> {
  let next = first;
  return async (detected) => {
    if (detected < next) return;
    while (next <= detected) next *= 2;
    await refreshLineageStatistics(db);
  };
}

export function releaseLease(db: Db, name: string, owner: string): Promise<void> {
  return releaseLeaseRow(db, name, owner);
}

/** Queues every problem again: the whole-bank run (a lead asks for it; leads' decisions stay). */
export async function queueWholeBank(ctx: Pick<AppContext, 'db'>): Promise<void> {
  const uids = await allProblemUids(ctx.db);
  for (let i = 0; i < uids.length; i += 1000) await enqueue(ctx.db, uids.slice(i, i + 1000));
}

/**
 * The lineage of a problem. Students: the members of its lineage, each with the link that joins it
 * (the strongest to any member). Leads: also the undecided weak suggestions linked to the problem,
 * `confirmed: false`. Reads the links students see inside the lineage and, for a lead, the
 * problem's own links, never every link of every member (issue 28 item 9).
 */
export async function problemLineage(ctx: AppContext, uid: number, lead: boolean): Promise<ProblemLineageResponse> {
  const code = await visibleProblemLineage(ctx.db, uid);
  if (code === undefined) throw notFound(messages.problemNotFound);
  const members = code === null ? [uid] : await membersOfLineages(ctx.db, [code]);
  const inLineage = new Set(members);
  // A lead's suggestions: the problem's own undecided links students do not see, to a non-member.
  const suggestions = new Map<number, LinkRow>();
  if (lead) for (const link of await linksOf(ctx.db, [uid])) if (link.decision === null && !isVisibleLink(link)) suggestions.set(otherEnd(link, uid), link);
  for (const member of members) suggestions.delete(member);
  if (members.length === 1 && suggestions.size === 0) return { lineage: null };
  const best = new Map<number, LinkRow>();
  const touchesAsked = (link: LinkRow) => link.problem_a === uid || link.problem_b === uid;
  for (const link of code === null ? [] : await visibleLinksFrom(ctx.db, members)) {
    if (!inLineage.has(link.problem_b)) continue;
    for (const end of [link.problem_a, link.problem_b]) {
      if (end === uid) continue;
      // The link to the problem asked about wins; otherwise the most similar.
      const current = best.get(end);
      if (!current || (touchesAsked(link) && !touchesAsked(current)) || (touchesAsked(link) === touchesAsked(current) && link.similarity > current.similarity))
        best.set(end, link);
    }
  }
  const rows = await lineageMemberRows(ctx.db, [...members, ...suggestions.keys()]);
  const present = (row: (typeof rows)[number], link: LinkRow | undefined, confirmed: boolean): LineageMember => ({
    uid: row.uid,
    test_code: row.test_code,
    test_name: row.test_name,
    year: row.year,
    no: row.no,
    relation: link?.relation ?? null,
    similarity: link ? link.similarity : null,
    confirmed,
    keys_agree: link ? link.keys_agree === 1 : true,
  });
  const out = rows
    .map((row) => (suggestions.has(row.uid) ? present(row, suggestions.get(row.uid), false) : present(row, best.get(row.uid), true)))
    .sort((a, b) => a.year - b.year || a.test_code - b.test_code || a.no - b.no);
  return { lineage: { code: code ?? uid, members: out } };
}

/** The 출제 N회 badges of a list's chunk of problems. */
export async function lineageSummaries(ctx: AppContext, uids: number[]): Promise<LineageCountsResponse> {
  return { summaries: await lineageCounts(ctx.db, uids) };
}

/** How much of a lecture class recurs: its readable problems and those asked twice or more. */
export async function classRecurrence(ctx: AppContext, classCode: number): Promise<ClassRecurrenceResponse> {
  const figures = await classRecurrenceRow(ctx.db, classCode);
  if (!figures) throw notFound(messages.classNotFound);
  return { class_code: classCode, ...figures };
}

export async function listLineages(
  ctx: AppContext,
  query: { subject_code?: number | undefined; min_size: number; page: number; limit: number },
): Promise<LineagesResponse> {
  const { rows, total } = await lineagePage(ctx.db, query);
  return { lineages: rows, total, page: query.page, limit: query.limit };
}

/** Confirms or rejects a pair detection linked (404 when it never did: a merge makes new pairs). */
export async function decideDetectedLink(
  ctx: AppContext,
  lead: Lead,
  a: number,
  b: number,
  decision: 'confirmed' | 'rejected',
): Promise<ProblemLineageResponse> {
  const link = await findLink(ctx.db, a, b);
  if (!link) throw notFound(lineageMessages.linkNotFound);
  await decide(ctx, lead, a, b, decision, link.relation, decision === 'confirmed' ? 'lineage.confirm' : 'lineage.reject');
  return problemLineage(ctx, a, true);
}

/** Joins the lineages of two problems with a confirmed link of the lead's relation. */
export async function mergeLineages(ctx: AppContext, lead: Lead, a: number, b: number, relation: LineageRelation = 'variant'): Promise<ProblemLineageResponse> {
  await requireVisibleProblem(ctx.db, a);
  await requireVisibleProblem(ctx.db, b);
  await decide(ctx, lead, a, b, 'confirmed', relation, 'lineage.merge');
  return problemLineage(ctx, a, true);
}

/** Takes a problem out of its lineage: every link of it that students see is rejected. */
export async function splitProblem(ctx: AppContext, lead: Lead, uid: number): Promise<ProblemLineageResponse> {
  await requireVisibleProblem(ctx.db, uid);
  const now = new Date().toISOString();
  await ctx.db.transaction().execute(async (tx) => {
    const before = await lineageCodesOf(tx, [uid]);
    const links = (await linksOf(tx, [uid])).filter(isVisibleLink);
    for (const link of links) await decideLink(tx, link.problem_a, link.problem_b, 'rejected', lead.code, now, link.relation);
    await redrawLineages(tx, [uid, ...links.map((link) => otherEnd(link, uid))], [...before.values()]);
    const others = await Promise.all(links.map(async (link) => (await problemTarget(tx, otherEnd(link, uid))).label));
    await recordAudit(tx, {
      actor: lead,
      action: 'lineage.split',
      target: await problemTarget(tx, uid),
      before: { linked_problems: others },
      after: { linked_problems: [] },
    });
  });
  return problemLineage(ctx, uid, true);
}

async function decide(
  ctx: AppContext,
  lead: Lead,
  a: number,
  b: number,
  decision: 'confirmed' | 'rejected',
  relation: LineageRelation,
  action: Extract<AuditAction, 'lineage.confirm' | 'lineage.reject' | 'lineage.merge'>,
): Promise<void> {
  const now = new Date().toISOString();
  await ctx.db.transaction().execute(async (tx) => {
    const before = await lineageCodesOf(tx, [a, b]);
    const old = await findLink(tx, a, b);
    await decideLink(tx, a, b, decision, lead.code, now, relation);
    await redrawLineages(tx, [a, b], [...before.values()]);
    // Decision 161: the lead's decision on the pair, with the link as it was and is.
    const fresh = await findLink(tx, a, b);
    const [first, second] = [await problemTarget(tx, a), await problemTarget(tx, b)];
    await recordAudit(tx, {
      actor: lead,
      action,
      target: { ...first, label: `${first.label ?? a} ↔ ${second.label ?? b}` },
      before: { relation: old?.relation ?? null, decision: old?.decision ?? null },
      after: { relation: fresh?.relation ?? relation, decision },
    });
  });
}

/**
 * The pairs among and around `uids` that students see as one question (relation `same` over a
 * visible link): the review deck shows one of them a day (decision 173).
 */
export async function visibleSamePairs(db: Db, uids: number[]): Promise<[number, number][]> {
  const links = await linksOf(db, uids);
  return links.filter((link) => link.relation === 'same' && isVisibleLink(link)).map((link) => [link.problem_a, link.problem_b]);
}
