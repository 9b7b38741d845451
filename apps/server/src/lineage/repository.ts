import { sql } from 'kysely';
import type { DbOrTx } from '../core/db';
import type { LineageLinksTable } from '../db/schema';
import { visibleProblems } from '../core/visible-problems';
import type { LinkVerdict } from './compare';
import type { LineageSource } from './fingerprint';

// SQL of lineages (decision 130). Detection writes keys, links (its own columns only) and the
// problems' lineages; leads write a link's decision. Every write is an upsert or a conditional
// delete, so two processes detecting at once never fail on a duplicate.

export interface StoredSource extends LineageSource {
  uid: number;
  subject_code: number;
  is_vacant: number;
}

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
  const [problem_a, problem_b] = a < b ? [a, b] : [b, a];
  const values = { relation: verdict.relation, similarity: verdict.similarity, keys_agree: verdict.keysAgree ? 1 : 0, detected: 1, update_time: now };
  await db
    .insertInto('lineage_links')
    .values({ problem_a, problem_b, decision: null, decided_by: null, decided_at: null, ...values })
    .onConflict((oc) => oc.columns(['problem_a', 'problem_b']).doUpdateSet(values))
    .execute();
}

/** Detection no longer finds the pair: an undecided link goes; a decided one stays, marked undetected. */
export async function forgetDetectedLink(db: DbOrTx, a: number, b: number): Promise<void> {
  const [problem_a, problem_b] = a < b ? [a, b] : [b, a];
  await db.deleteFrom('lineage_links').where('problem_a', '=', problem_a).where('problem_b', '=', problem_b).where('decision', 'is', null).execute();
  await db.updateTable('lineage_links').set({ detected: 0 }).where('problem_a', '=', problem_a).where('problem_b', '=', problem_b).execute();
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
  const [page, count] = await Promise.all([
    groups
      .orderBy('size', 'desc')
      .orderBy('code')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    db.selectFrom(groups.as('g')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
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
    total: Number(count.n),
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
export async function writeLineages(db: DbOrTx, lineages: { problem_uid: number; lineage_code: number; lineage_size: number }[], alone: number[]): Promise<void> {
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

// ---------------------------------------------------------------- the queue

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

export async function queueProgress(db: DbOrTx): Promise<{ waiting: number; total: number }> {
  const [waiting, total] = await Promise.all([
    db.selectFrom('lineage_queue').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('problems').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { waiting: Number(waiting.n), total: Number(total.n) };
}
