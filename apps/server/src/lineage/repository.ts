import { sql, type ExpressionBuilder } from 'kysely';
import type { DbOrTx } from '../core/db';
import { countGroups, onePage } from '../core/paging';
import type { Database, LineageLinksTable } from '../db/schema';
import { visibleProblems } from '../visibility/visible-problems';
import { recursForReaders } from '../visibility/visible-lineages';
import { STRONG_LINK, type LinkVerdict } from './compare';
import type { LineageSource } from './fingerprint';

// SQL of lineages (decision 130). Detection writes keys, links (its own columns only) and the
// problems' lineages; leads write a link's decision. Every write is an upsert or a conditional
// delete, so two processes detecting at once never fail on a duplicate.

export interface StoredSource extends LineageSource {
  uid: number;
  subject_code: number;
  is_vacant: number;
}

/** A problem's place (problemPlace in packages/shared/src/lineage.ts), from problems joined with tests. */
export const PROBLEM_PLACE_COLUMNS = ['problems.uid', 'problems.test_code', 'tests.test_name', 'tests.year', 'problems.no'] as const;

export async function loadSources(db: DbOrTx, uids: number[]): Promise<StoredSource[]> {
  if (uids.length === 0) return [];
  return db
    .selectFrom('problems as p')
    .innerJoin('tests as t', 't.code', 'p.test_code')
    .select(['p.uid', 'p.question_text', 'p.illustration', 'p.answer', 'p.choice_type', 'p.is_vacant', 't.subject_code'])
    .where('p.uid', 'in', uids)
    .execute();
}

export async function replaceKeys(db: DbOrTx, uid: number, keys: number[]): Promise<void> {
  await db.deleteFrom('lineage_keys').where('problem_uid', '=', uid).execute();
  if (keys.length === 0) return;
  await db
    .insertInto('lineage_keys')
    .values(keys.map((key) => ({ key, problem_uid: uid })))
    .onConflict((oc) => oc.columns(['key', 'problem_uid']).doNothing())
    .execute();
}

/** The problems sharing at least `minShared` keys with `keys`, most shared first. */
export async function candidateUids(db: DbOrTx, uid: number, keys: number[], minShared: number, limit: number): Promise<number[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('lineage_keys')
    .select(['problem_uid', (eb) => eb.fn.countAll<number>().as('shared')])
    .where('key', 'in', keys)
    .where('problem_uid', '<>', uid)
    .groupBy('problem_uid')
    .having((eb) => eb.fn.countAll(), '>=', minShared)
    .orderBy('shared', 'desc')
    .orderBy('problem_uid')
    .limit(limit)
    .execute();
  return rows.map((row) => row.problem_uid);
}

/** A link as detection and the reads use it: the table's row less the decision's author and time. */
export type LinkRow = Pick<LineageLinksTable, 'problem_a' | 'problem_b' | 'relation' | 'similarity' | 'keys_agree' | 'detected' | 'decision'>;

/** The problem at a link's other end. */
export const otherEnd = (link: Pick<LinkRow, 'problem_a' | 'problem_b'>, uid: number) => (link.problem_a === uid ? link.problem_b : link.problem_a);

const LINK_COLUMNS = ['problem_a', 'problem_b', 'relation', 'similarity', 'keys_agree', 'detected', 'decision'] as const;

/** A query's lineage links under the alias `l`. */
export type Links = ExpressionBuilder<Database & { l: Database['lineage_links'] }, 'l'>;

/**
 * `same` links keyed apart: the WHERE of the partial index lineage_links_same_keyed_apart
 * (migration 2026-12-06-206), with literal values so that both planners use it.
 */
export const sameKeyedApart = (eb: Links) => [eb('l.relation', '=', sql.lit('same')), eb('l.keys_agree', '=', sql.lit(0))];

/** The `same` links keyed apart with both ends in one of the lineages `codes`, each with its lineage. */
export async function sameLinksKeyedApartIn(db: DbOrTx, codes: number[]) {
  if (codes.length === 0) return [];
  return db
    .selectFrom('lineage_links as l')
    .innerJoin('problem_lineages as la', 'la.problem_uid', 'l.problem_a')
    .innerJoin('problem_lineages as lb', 'lb.problem_uid', 'l.problem_b')
    .whereRef('la.lineage_code', '=', 'lb.lineage_code')
    .where((eb) => eb.and(sameKeyedApart(eb)))
    .where('la.lineage_code', 'in', codes)
    .select(['l.problem_a', 'l.problem_b', 'l.relation', 'l.similarity', 'l.keys_agree', 'l.detected', 'l.decision', 'la.lineage_code'])
    .execute();
}

/** A link students see (isVisibleLink in detect.ts): a lead confirmed it, or it is detected strong and undecided. */
export const visibleLink = (eb: Links) =>
  eb.or([eb('l.decision', '=', 'confirmed'), eb.and([eb('l.decision', 'is', null), eb('l.detected', '=', 1), eb('l.similarity', '>=', STRONG_LINK)])]);

export async function linksOf(db: DbOrTx, uids: number[]): Promise<LinkRow[]> {
  if (uids.length === 0) return [];
  return db
    .selectFrom('lineage_links')
    .select(LINK_COLUMNS)
    .where((eb) => eb.or([eb('problem_a', 'in', uids), eb('problem_b', 'in', uids)]))
    .execute();
}

/** Records what detection found for a pair; a lead's decision on it stays as it was. */
export async function upsertDetectedLink(db: DbOrTx, a: number, b: number, verdict: LinkVerdict, now: string): Promise<void> {
  await upsertDetectedLinks(db, a, [{ other: b, verdict }], now);
}

/**
 * What detection found for `uid` and each of `found`, in one statement: a whole-bank run on
 * PostgreSQL waited on a round trip per link (~28 a problem at scale 1). A lead's decision stays.
 */
export async function upsertDetectedLinks(db: DbOrTx, uid: number, found: { other: number; verdict: LinkVerdict }[], now: string): Promise<void> {
  if (found.length === 0) return;
  const rows = found.map(({ other, verdict }) => {
    const [problem_a, problem_b] = uid < other ? [uid, other] : [other, uid];
    return {
      problem_a,
      problem_b,
      decision: null,
      decided_by: null,
      decided_at: null,
      relation: verdict.relation,
      similarity: verdict.similarity,
      keys_agree: verdict.keysAgree ? 1 : 0,
      detected: 1,
      update_time: now,
    };
  });
  await db
    .insertInto('lineage_links')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['problem_a', 'problem_b']).doUpdateSet((eb) => ({
        relation: eb.ref('excluded.relation'),
        similarity: eb.ref('excluded.similarity'),
        keys_agree: eb.ref('excluded.keys_agree'),
        detected: eb.ref('excluded.detected'),
        update_time: eb.ref('excluded.update_time'),
      })),
    )
    .execute();
}

/**
 * Detection no longer finds `uid` with any of `others`: an undecided link goes; a decided one, or
 * one a problem was started from (decision 187), stays, marked undetected.
 */
export async function forgetDetectedLinks(db: DbOrTx, uid: number, others: number[]): Promise<void> {
  if (others.length === 0) return;
  const pairs = (eb: ExpressionBuilder<Database, 'lineage_links'>) => {
    const above = others.filter((other) => other > uid);
    const below = others.filter((other) => other < uid);
    return eb.or([
      ...(above.length > 0 ? [eb.and([eb('problem_a', '=', uid), eb('problem_b', 'in', above)])] : []),
      ...(below.length > 0 ? [eb.and([eb('problem_b', '=', uid), eb('problem_a', 'in', below)])] : []),
    ]);
  };
  await db.deleteFrom('lineage_links').where(pairs).where('decision', 'is', null).where('started_from', 'is', null).execute();
  await db.updateTable('lineage_links').set({ detected: 0 }).where(pairs).execute();
}

/**
 * A problem written from `origin` (decision 187): the pair is linked as an undetected suggestion
 * with the save's own comparison, or, when already linked, only marked; detection's and a lead's
 * columns stay as they are.
 */
export async function upsertStartedFromLink(
  db: DbOrTx,
  uid: number,
  origin: number,
  found: Pick<LinkRow, 'relation' | 'similarity' | 'keys_agree'>,
  now: string,
): Promise<void> {
  const [problem_a, problem_b] = uid < origin ? [uid, origin] : [origin, uid];
  await db
    .insertInto('lineage_links')
    .values({ problem_a, problem_b, ...found, detected: 0, decision: null, decided_by: null, decided_at: null, update_time: now, started_from: origin })
    .onConflict((oc) => oc.columns(['problem_a', 'problem_b']).doUpdateSet({ started_from: origin, update_time: now }))
    .execute();
}

/** Whether a problem may be started from: it exists and readers see it. */
export async function isVisibleProblem(db: DbOrTx, uid: number): Promise<boolean> {
  const row = await db.selectFrom('problems').select('uid').where('uid', '=', uid).where(visibleProblems()).executeTakeFirst();
  return row !== undefined;
}

/** A problem that is gone or emptied leaves no keys, links or lineage behind. */
export async function removeProblem(db: DbOrTx, uid: number): Promise<void> {
  await db.deleteFrom('lineage_keys').where('problem_uid', '=', uid).execute();
  await db
    .deleteFrom('lineage_links')
    .where((eb) => eb.or([eb('problem_a', '=', uid), eb('problem_b', '=', uid)]))
    .execute();
  await db.deleteFrom('problem_lineages').where('problem_uid', '=', uid).execute();
}

/** A lead's decision on a pair (the pair is made when detection never linked it: a merge). */
export async function decideLink(
  db: DbOrTx,
  a: number,
  b: number,
  decision: 'confirmed' | 'rejected',
  lead: number,
  now: string,
  relation: LinkRow['relation'],
): Promise<void> {
  const [problem_a, problem_b] = a < b ? [a, b] : [b, a];
  await db
    .insertInto('lineage_links')
    .values({ problem_a, problem_b, relation, similarity: 0, keys_agree: 1, detected: 0, decision, decided_by: lead, decided_at: now, update_time: now })
    .onConflict((oc) => oc.columns(['problem_a', 'problem_b']).doUpdateSet({ decision, decided_by: lead, decided_at: now, update_time: now }))
    .execute();
}

export async function findLink(db: DbOrTx, a: number, b: number): Promise<LinkRow | undefined> {
  const [problem_a, problem_b] = a < b ? [a, b] : [b, a];
  return db.selectFrom('lineage_links').select(LINK_COLUMNS).where('problem_a', '=', problem_a).where('problem_b', '=', problem_b).executeTakeFirst();
}

/** Lineages most frequent first (members in the subject, when given), with their years and a preview. */
export async function lineagePage(
  db: DbOrTx,
  query: { subject_code?: number | undefined; min_size: number; page: number; limit: number },
): Promise<{ rows: { code: number; size: number; years: number[]; question_text: string }[]; total: number }> {
  const groups = db
    .selectFrom('problem_lineages as pl')
    .innerJoin('problems as p', 'p.uid', 'pl.problem_uid')
    .innerJoin('tests as t', 't.code', 'p.test_code')
    .where('p.is_vacant', '=', 0)
    .$if(query.subject_code !== undefined, (qb) => qb.where('t.subject_code', '=', query.subject_code!))
    .groupBy('pl.lineage_code')
    .having((eb) => eb.fn.countAll(), '>=', query.min_size)
    .select(['pl.lineage_code as code', (eb) => eb.fn.countAll<number>().as('size')]);
  const [page, total] = await Promise.all([groups.orderBy('size', 'desc').orderBy('code').$call(onePage(query)).execute(), countGroups(db, groups)]);
  const codes = page.map((row) => row.code);
  const details =
    codes.length === 0
      ? []
      : await db
          .selectFrom('problem_lineages as pl')
          .innerJoin('problems as p', 'p.uid', 'pl.problem_uid')
          .innerJoin('tests as t', 't.code', 'p.test_code')
          .select(['pl.lineage_code', 'p.uid', 'p.question_text', 't.year'])
          .where('pl.lineage_code', 'in', codes)
          .where('p.is_vacant', '=', 0)
          .orderBy('p.uid')
          .execute();
  return {
    rows: page.map((row) => {
      const members = details.filter((d) => d.lineage_code === row.code);
      return {
        code: row.code,
        size: Number(row.size),
        years: [...new Set(members.map((m) => m.year))].sort((a, b) => a - b),
        question_text: members[0]?.question_text.slice(0, 200) ?? '',
      };
    }),
    total,
  };
}

/** Per asked problem in a lineage of two or more visible problems: how many, and their years. */
export async function lineageCounts(db: DbOrTx, uids: number[]): Promise<{ uid: number; count: number; years: number[] }[]> {
  if (uids.length === 0) return [];
  const codes = await lineageCodesOf(db, uids);
  if (codes.size === 0) return [];
  const members = await db
    .selectFrom('problem_lineages as pl')
    .innerJoin('problems as p', 'p.uid', 'pl.problem_uid')
    .innerJoin('tests as t', 't.code', 'p.test_code')
    .select(['pl.lineage_code', 't.year'])
    .where('pl.lineage_code', 'in', [...new Set(codes.values())])
    .where(visibleProblems('p'))
    .execute();
  const byCode = new Map<number, number[]>();
  for (const member of members) byCode.set(member.lineage_code, [...(byCode.get(member.lineage_code) ?? []), member.year]);
  return uids.flatMap((uid) => {
    const years = byCode.get(codes.get(uid) ?? -1) ?? [];
    return years.length < 2 ? [] : [{ uid, count: years.length, years: [...new Set(years)].sort((a, b) => a - b) }];
  });
}

/**
 * A lecture class's readable problems and how many of them recur, counted as the list's
 * 반복 출제만 counts (visibility/visible-lineages.ts); null when there is no such class.
 */
export async function classRecurrence(db: DbOrTx, classUid: number): Promise<{ problem_count: number; recurring_count: number } | null> {
  const found = await db.selectFrom('classes').select('uid').where('uid', '=', classUid).executeTakeFirst();
  if (!found) return null;
  const row = await db
    .selectFrom('problems')
    .where(visibleProblems())
    .where('problems.uid', 'in', (eb) =>
      eb.selectFrom('problem_classes').select('problem_classes.problem_uid').where('problem_classes.class_uid', '=', classUid),
    )
    .select((eb) => [
      eb.fn.countAll<number>().as('problem_count'),
      eb.fn.sum<number>(sql<number>`case when ${recursForReaders('problems.uid')} then 1 else 0 end`).as('recurring_count'),
    ])
    .executeTakeFirstOrThrow();
  return { problem_count: Number(row.problem_count), recurring_count: Number(row.recurring_count ?? 0) };
}

export async function lineageCodesOf(db: DbOrTx, uids: number[]): Promise<Map<number, number>> {
  if (uids.length === 0) return new Map();
  const rows = await db.selectFrom('problem_lineages').select(['problem_uid', 'lineage_code']).where('problem_uid', 'in', uids).execute();
  return new Map(rows.map((row) => [row.problem_uid, row.lineage_code]));
}

export async function membersOfLineages(db: DbOrTx, codes: number[]): Promise<number[]> {
  if (codes.length === 0) return [];
  const rows = await db.selectFrom('problem_lineages').select('problem_uid').where('lineage_code', 'in', codes).execute();
  return rows.map((row) => row.problem_uid);
}

/** Writes the lineages of `members` (their component's code and size); members alone lose their row. */
export async function writeLineages(
  db: DbOrTx,
  lineages: { problem_uid: number; lineage_code: number; lineage_size: number }[],
  alone: number[],
): Promise<void> {
  if (alone.length > 0) await db.deleteFrom('problem_lineages').where('problem_uid', 'in', alone).execute();
  for (let i = 0; i < lineages.length; i += 500) {
    await db
      .insertInto('problem_lineages')
      .values(lineages.slice(i, i + 500))
      .onConflict((oc) =>
        oc.column('problem_uid').doUpdateSet((eb) => ({ lineage_code: eb.ref('excluded.lineage_code'), lineage_size: eb.ref('excluded.lineage_size') })),
      )
      .execute();
  }
}

/**
 * Fresh planner statistics for the lineage tables (PostgreSQL; SQLite's planner chose well without
 * them). A whole-bank run grows them from nothing to millions of rows, and PostgreSQL planned the
 * candidates' query (`candidateUids`) from the empty tables' statistics: 192,914 rows expected, 807
 * read, as a parallel aggregate taking 100 ms a problem instead of a few, until an ANALYZE
 * (autovacuum does it, where it is on and gets round to it).
 */
export async function refreshLineageStatistics(db: DbOrTx): Promise<void> {
  if (db.getExecutor().adapter.constructor.name !== 'PostgresAdapter') return;
  await sql`analyze lineage_keys, lineage_links, problem_lineages, lineage_queue`.execute(db);
}

// ---------------------------------------------------------------- the queue

export async function hasQueuedProblems(db: DbOrTx): Promise<boolean> {
  return (await db.selectFrom('lineage_queue').select('problem_uid').limit(1).executeTakeFirst()) !== undefined;
}

export async function queuedProblems(db: DbOrTx, limit: number): Promise<{ problem_uid: number; version: number }[]> {
  return db.selectFrom('lineage_queue').select(['problem_uid', 'version']).orderBy('problem_uid').limit(limit).execute();
}

/** Takes a problem off the queue unless it was queued again while it was being detected. */
export async function dequeue(db: DbOrTx, uid: number, version: number): Promise<void> {
  await db.deleteFrom('lineage_queue').where('problem_uid', '=', uid).where('version', '=', version).execute();
}

export async function enqueue(db: DbOrTx, uids: number[]): Promise<void> {
  if (uids.length === 0) return;
  await db
    .insertInto('lineage_queue')
    .values(uids.map((problem_uid) => ({ problem_uid, version: 1 })))
    .onConflict((oc) => oc.column('problem_uid').doUpdateSet({ version: sql`lineage_queue.version + 1` }))
    .execute();
}

/** Gives the worker's lease up (a drain that ran to the end), so another process may take it at once. */
export async function releaseLease(db: DbOrTx, name: string, owner: string): Promise<void> {
  await db.updateTable('job_leases').set({ expires_at: 0 }).where('name', '=', name).where('owner', '=', owner).execute();
}

/** How many problems wait in the lineage queue. */
export async function queueLength(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('lineage_queue')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many problems the bank holds. */
export async function problemCount(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('problems')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------- a problem's lineage, as read

// GET /v1/problem/{id}/lineage reads only what its answer shows (issue 28 item 9), in statements
// on one table each but the last: on PostgreSQL a join of three tables took longer to plan and run
// than two simple statements (bench/lineage-latency.ts).

/** The problem's lineage: its code, null when in none, or undefined when readers do not see the problem. */
export async function visibleProblemLineage(db: DbOrTx, uid: number): Promise<number | null | undefined> {
  const row = await db
    .selectFrom('problems as p')
    .select((eb) => eb.selectFrom('problem_lineages as pl').select('pl.lineage_code').whereRef('pl.problem_uid', '=', 'p.uid').as('lineage_code'))
    .where('p.uid', '=', uid)
    .where(visibleProblems('p'))
    .executeTakeFirst();
  return row === undefined ? undefined : row.lineage_code;
}

/**
 * The links students see from `uids` (a lineage's members) to a problem above them: each link
 * inside the lineage once, from its smaller end (a link leaving it, only where a lineage was cut at
 * its size, is for the caller to drop). Looked up by the links' primary key, whatever the
 * statistics say: a join from the lineage let PostgreSQL, on statistics taken before a whole-bank
 * run, scan every link, and SQLite, on fresh ones, probe every pair of members.
 */
export async function visibleLinksFrom(db: DbOrTx, uids: number[]): Promise<LinkRow[]> {
  if (uids.length === 0) return [];
  return db.selectFrom('lineage_links as l').select(LINK_COLUMNS).where('l.problem_a', 'in', uids).where(visibleLink).execute();
}

/** The written problems among `uids` with their exam, as a lineage lists its members. */
export async function lineageMemberRows(db: DbOrTx, uids: number[]) {
  if (uids.length === 0) return [];
  return db
    .selectFrom('problems as p')
    .innerJoin('tests as t', 't.code', 'p.test_code')
    .select(['p.uid', 'p.test_code', 't.test_name', 't.year', 'p.no'])
    .where('p.uid', 'in', uids)
    .where('p.is_vacant', '=', 0)
    .execute();
}

/** Every problem's uid (the whole-bank run queues them all). */
export async function allProblemUids(db: DbOrTx): Promise<number[]> {
  return (await db.selectFrom('problems').select('uid').execute()).map((row) => row.uid);
}

/** The written problems among `uids` with their exam and key, as a key conflict lists its versions. */
export async function keyVersionRows(db: DbOrTx, uids: number[]) {
  if (uids.length === 0) return [];
  return db
    .selectFrom('problems as p')
    .innerJoin('tests as t', 't.code', 'p.test_code')
    .select(['p.uid', 'p.test_code', 't.test_name', 't.year', 'p.no', 'p.answer'])
    .where('p.uid', 'in', uids)
    .where('p.is_vacant', '=', 0)
    .execute();
}
