import type { KeyConflictListResponse, LineageProgressResponse, LineageSuggestionsResponse, ProblemLineageResponse } from '@qbank/shared/lineage';
import { problemTarget, recordAudit, type AuditActor } from '../audit/service';
import { perPollPhase } from '../core/batched-reads';
import type { AppContext } from '../core/context';
import type { DbOrTx } from '../core/db';
import { notFound } from '../errors';
import { redrawLineages } from './detect';
import { keyConflictsOf } from './key-conflicts';
import {
  decidedLink,
  keyConflictPage,
  queueIsEmpty,
  queueProblemRows,
  recordRunFinished,
  resetLink,
  runFinishedAt,
  suggestionPage,
  type QueuePage,
} from './lead-queue-repository';
import { lineageMessages } from './messages';
import { lineageCodesOf, problemCount, queueLength } from './repository';
import { problemLineage } from './service';

// The lead's 출제 이력 관리 screen (decision 203): the whole-bank run's progress, the bank's
// undecided suggestions, the lineages keyed differently, and undoing a decision.

/** The name job_runs keeps the lineage queue's last full drain under. */
const LINEAGE_RUN = 'lineage-queue';

/** The bank's problem count at a content version (only a content write changes it), per database. */
const problemTotals = new WeakMap<AppContext['db'], { version: string; total: number }>();

/** '' when no content version was read: the count is read and not kept. */
async function problemTotal(db: AppContext['db'], contentVersion: string): Promise<number> {
  const kept = problemTotals.get(db);
  if (contentVersion !== '' && kept?.version === contentVersion) return kept.total;
  const counted = await problemCount(db);
  if (contentVersion !== '') problemTotals.set(db, { version: contentVersion, total: counted });
  return counted;
}

/**
 * Every lead's screen asks the same progress: the requests of one poll phase share its reads
 * (../core/batched-reads.ts, decision 212), each sent after the requests arrived. Keyed by the
 * content version each request's guard read ('' when none was).
 */
const progressLoad = perPollPhase(async (db, versions: readonly string[]): Promise<LineageProgressResponse[]> => {
  const [waiting, last] = await Promise.all([queueLength(db), runFinishedAt(db, LINEAGE_RUN)]);
  const totals = new Map<string, number>();
  for (const version of new Set(versions)) totals.set(version, await problemTotal(db, version));
  return versions.map((version) => ({ waiting, total: totals.get(version)!, last_finished_at: last }));
});

/**
 * The whole-bank run's progress, which the lead's screen polls. `contentVersion`, read before
 * (by the guard): the bank's problem count is kept under it; the queue is counted every time
 * (the worker empties it without raising a version).
 */
export function lineageProgress(ctx: AppContext, contentVersion?: string): Promise<LineageProgressResponse> {
  return progressLoad(ctx.db, contentVersion ?? '');
}

/** After a drain that detected something: when it left the queue empty, the run finished now. */
export async function noteDrainFinished(db: DbOrTx): Promise<void> {
  if (await queueIsEmpty(db)) await recordRunFinished(db, LINEAGE_RUN, new Date().toISOString());
}

export async function lineageSuggestions(ctx: AppContext, query: QueuePage & { subject_code?: number | undefined }): Promise<LineageSuggestionsResponse> {
  const { rows, total, capped } = await suggestionPage(ctx.db, query);
  const problems = new Map(
    (
      await queueProblemRows(
        ctx.db,
        rows.flatMap((row) => [row.problem_a, row.problem_b]),
      )
    ).map((row) => [row.uid, row]),
  );
  const suggestions = rows.flatMap((row) => {
    const [a, b] = [problems.get(row.problem_a), problems.get(row.problem_b)];
    return a && b ? [{ problems: [a, b] as [typeof a, typeof b], relation: row.relation, similarity: row.similarity, keys_agree: row.keys_agree === 1 }] : [];
  });
  return { suggestions, total, total_capped: capped, page: query.page, limit: query.limit };
}

export async function keyConflictList(ctx: AppContext, query: QueuePage): Promise<KeyConflictListResponse> {
  const { rows, total } = await keyConflictPage(ctx.db, query);
  const versions = await keyConflictsOf(
    ctx.db,
    rows.map((row) => row.problem_uid),
  );
  const conflicts = rows.map((row) => ({ lineage_code: row.code, versions: versions.get(row.problem_uid) ?? [] }));
  return { conflicts, total, page: query.page, limit: query.limit };
}

/** Undoes a lead's decision on a pair (404 when the pair holds none); the lineages are drawn again. */
export async function resetDecision(ctx: AppContext, lead: NonNullable<AuditActor>, a: number, b: number): Promise<ProblemLineageResponse> {
  await ctx.db.transaction().execute(async (tx) => {
    const old = await decidedLink(tx, a, b);
    if (!old) throw notFound(lineageMessages.decisionNotFound);
    const before = await lineageCodesOf(tx, [a, b]);
    await resetLink(tx, a, b, new Date().toISOString());
    await redrawLineages(tx, [a, b], [...before.values()]);
    const [first, second] = [await problemTarget(tx, a), await problemTarget(tx, b)];
    await recordAudit(tx, {
      actor: lead,
      action: 'lineage.reset',
      target: { ...first, label: `${first.label ?? a} ↔ ${second.label ?? b}` },
      before: { relation: old.relation, decision: old.decision },
      after: { relation: old.relation, decision: null },
    });
  });
  return problemLineage(ctx, a, true);
}
