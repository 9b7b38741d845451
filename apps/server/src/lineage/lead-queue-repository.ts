import { sql } from 'kysely';
import { LINEAGE_SUGGESTION_COUNT_CAP } from '@qbank/shared/lineage';
import type { DbOrTx } from '../core/db';
import { countGroups, onePage } from '../core/paging';
import { VACANCY } from '../visibility/visible-problems';
import { STRONG_LINK } from './compare';
import { sameKeyedApart, visibleLink, type LinkRow, type Links } from './repository';

// SQL of the lead's 출제 이력 관리 screen (decision 203): the bank's undecided suggestions, the
// lineages whose `same` problems are keyed differently, undoing a decision, and when the queue
// last drained. Both ends of a listed pair are problems readers see: a vacant or withheld slot
// is nothing to decide yet.

// The first predicate of each is the WHERE of a partial index (migration 2026-12-06-206), written
// with literal values: a bound parameter hides the match from both planners.

/** A link students do not see and no lead decided: what isVisibleLink (detect.ts) leaves out. */
const undecidedSuggestion = (eb: Links) =>
  eb.and([eb('l.decision', 'is', null), eb.or([eb('l.detected', '=', sql.lit(0)), eb('l.similarity', '<', sql.lit(STRONG_LINK))])]);

/** A `same` pair keyed differently that students see (confirmed, or strong and undecided). */
const disagreeingSame = (eb: Links) => eb.and([...sameKeyedApart(eb), visibleLink(eb)]);

/**
 * Links whose two problems readers see, of one subject when asked. Written on the links alone,
 * each end tested by NOT EXISTS against the few problems readers do not see (the partial index
 * problems_unreadable), so both planners walk the links in the queue's order (the partial indexes
 * of migration 2026-12-06-206) and stop at the page (decision 206). A deleted problem's links go
 * with it (removeProblem in repository.ts).
 */
function linksBetweenVisible(db: DbOrTx, subjectCode: number | undefined) {
  const readable = (end: 'l.problem_a' | 'l.problem_b') => (eb: Links) =>
    eb.not(
      eb.exists(eb.selectFrom('problems as p').select(sql.lit(1).as('one')).whereRef('p.uid', '=', end).where('p.is_vacant', '<>', sql.lit(VACANCY.written))),
    );
  const subjectOf = (end: 'l.problem_a' | 'l.problem_b') => (eb: Links) =>
    eb.selectFrom('problems as p').innerJoin('tests as t', 't.code', 'p.test_code').select('t.subject_code').whereRef('p.uid', '=', end);
  return db
    .selectFrom('lineage_links as l')
    .where(readable('l.problem_a'))
    .where(readable('l.problem_b'))
    .$if(subjectCode !== undefined, (qb) =>
      qb.where((eb) => eb.or([eb(subjectOf('l.problem_a')(eb), '=', subjectCode!), eb(subjectOf('l.problem_b')(eb), '=', subjectCode!)])),
    );
}

export interface QueuePage {
  subject_code?: number | undefined;
  page: number;
  limit: number;
}

/** A page of undecided suggestions, most similar first, and how many there are. */
export async function suggestionPage(db: DbOrTx, query: QueuePage) {
  const base = linksBetweenVisible(db, query.subject_code).where(undecidedSuggestion);
  const [rows, count] = await Promise.all([
    base
      .select(['l.problem_a', 'l.problem_b', 'l.relation', 'l.similarity', 'l.keys_agree'])
      .orderBy('l.similarity', 'desc')
      .orderBy('l.problem_a')
      .orderBy('l.problem_b')
      .$call(onePage(query))
      .execute(),
    // Counted only up to the cap: an exact count joins every suggestion's two problems (a second
    // at 320,000 suggestions), and a lead works from the top of the list (decision 206).
    db
      .selectFrom(
        base
          .select(sql.lit(1).as('one'))
          .limit(LINEAGE_SUGGESTION_COUNT_CAP + 1)
          .as('s'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const counted = Number(count.n);
  return { rows, total: Math.min(counted, LINEAGE_SUGGESTION_COUNT_CAP), capped: counted > LINEAGE_SUGGESTION_COUNT_CAP };
}

/** A page of lineages holding `same` problems keyed differently (by code), each with one such problem. */
export async function keyConflictPage(db: DbOrTx, query: QueuePage) {
  const groups = linksBetweenVisible(db, query.subject_code)
    .innerJoin('problem_lineages as la', 'la.problem_uid', 'l.problem_a')
    .innerJoin('problem_lineages as lb', 'lb.problem_uid', 'l.problem_b')
    .whereRef('la.lineage_code', '=', 'lb.lineage_code')
    .where(disagreeingSame)
    .groupBy('la.lineage_code')
    .select(['la.lineage_code as code', (eb) => eb.fn.min<number>('l.problem_a').as('problem_uid')]);
  const [rows, total] = await Promise.all([groups.orderBy('code').$call(onePage(query)).execute(), countGroups(db, groups)]);
  return { rows: rows.map((row) => ({ code: row.code, problem_uid: Number(row.problem_uid) })), total };
}

/** The problems of a page's pairs with their exam and subject. */
export async function queueProblemRows(db: DbOrTx, uids: number[]) {
  if (uids.length === 0) return [];
  return db
    .selectFrom('problems as p')
    .innerJoin('tests as t', 't.code', 'p.test_code')
    .innerJoin('subjects as s', 's.code', 't.subject_code')
    .select(['p.uid', 'p.test_code', 't.test_name', 't.year', 'p.no', 's.subject_name'])
    .where('p.uid', 'in', uids)
    .execute();
}

/**
 * Undoes a lead's decision on a pair: detection's verdict stands again. A pair only a lead made (a
 * merge: neither detected nor started from) has no verdict to return to and goes.
 */
export async function resetLink(db: DbOrTx, a: number, b: number, now: string): Promise<void> {
  const [problem_a, problem_b] = a < b ? [a, b] : [b, a];
  await db
    .updateTable('lineage_links')
    .set({ decision: null, decided_by: null, decided_at: null, update_time: now })
    .where('problem_a', '=', problem_a)
    .where('problem_b', '=', problem_b)
    .execute();
  await db
    .deleteFrom('lineage_links')
    .where('problem_a', '=', problem_a)
    .where('problem_b', '=', problem_b)
    .where('detected', '=', 0)
    .where('started_from', 'is', null)
    .execute();
}

/** A decided pair, as the reset finds it (null when the pair was never decided). */
export async function decidedLink(db: DbOrTx, a: number, b: number): Promise<Pick<LinkRow, 'decision' | 'relation'> | undefined> {
  const [problem_a, problem_b] = a < b ? [a, b] : [b, a];
  return db
    .selectFrom('lineage_links')
    .select(['decision', 'relation'])
    .where('problem_a', '=', problem_a)
    .where('problem_b', '=', problem_b)
    .where('decision', 'is not', null)
    .executeTakeFirst();
}

/** Notes that a job ran to the end now (the lineage queue: a drain emptied it). */
export async function recordRunFinished(db: DbOrTx, name: string, now: string): Promise<void> {
  await db
    .insertInto('job_runs')
    .values({ name, finished_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ finished_at: now }))
    .execute();
}

export async function runFinishedAt(db: DbOrTx, name: string): Promise<string | null> {
  const row = await db.selectFrom('job_runs').select('finished_at').where('name', '=', name).executeTakeFirst();
  return row?.finished_at ?? null;
}

/** Whether the queue is empty (a drain that ran to the end). */
export async function queueIsEmpty(db: DbOrTx): Promise<boolean> {
  const row = await db
    .selectFrom('lineage_queue')
    .select(sql<number>`1`.as('one'))
    .limit(1)
    .executeTakeFirst();
  return row === undefined;
}
