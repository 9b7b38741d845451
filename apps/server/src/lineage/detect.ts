import type { DbOrTx } from '../core/db';
import { compareFingerprints, STRONG_LINK, type LinkVerdict } from './compare';
import { fingerprint, type Fingerprint } from './fingerprint';
import { lineageKeys } from './minhash';
import {
  candidateUids,
  forgetDetectedLinks,
  lineageCodesOf,
  linksOf,
  loadSources,
  membersOfLineages,
  removeProblem,
  replaceKeys,
  upsertDetectedLinks,
  writeLineages,
  otherEnd,
  type LinkRow,
  type StoredSource,
} from './repository';

// Detection of one problem against the bank (decisions 129, 130): its keys are replaced, the
// problems sharing enough keys are compared, links are upserted or forgotten, and the lineages
// around it are drawn again. Run by the queue worker (../jobs/lineage-worker.ts) for every saved problem.

/** Candidates must share this many band keys (one shared band is mostly chance). */
export const MIN_SHARED_KEYS = 2;
/** At most this many candidates are compared per problem (most shared keys first). */
export const MAX_CANDIDATES = 40;
/** A link across subjects needs this similarity ("less eagerly", issue 28 item 1). */
export const CROSS_SUBJECT_LINK = 0.85;
/** A lineage is drawn at most this big (a runaway chain of weak links stops here). */
const MAX_LINEAGE = 500;

/** Whether students see a link: a lead confirmed it, or detection found it strong and no lead rejected it. */
export function isVisibleLink(link: Pick<LinkRow, 'decision' | 'detected' | 'similarity'>): boolean {
  return link.decision === 'confirmed' || (link.decision === null && link.detected === 1 && link.similarity >= STRONG_LINK);
}

function contentKey(source: StoredSource): string {
  return `${source.uid}\u0001${source.choice_type}\u0001${source.answer}\u0001${source.illustration}\u0001${source.question_text}`;
}

/**
 * Fingerprints of recently compared problems: a whole-bank run meets the same neighbours again.
 * An entry may carry the content version it was last checked at (`get`'s `contentVersion`): while
 * that version is current, `current` answers without the problem's row (the editor's suggestions,
 * ./similar.ts). The version is read before the row, so a stamp is never newer than the content.
 */
export class FingerprintCache {
  private readonly entries = new Map<number, { key: string; print: Fingerprint; questionText: string; contentVersion?: string }>();
  constructor(private readonly capacity = 5000) {}

  get(source: StoredSource, contentVersion?: string): Fingerprint {
    const key = contentKey(source);
    const hit = this.entries.get(source.uid);
    if (hit && hit.key === key) {
      this.entries.delete(source.uid);
      this.entries.set(source.uid, { ...hit, contentVersion });
      return hit.print;
    }
    const print = fingerprint(source);
    this.entries.set(source.uid, { key, print, questionText: source.question_text, contentVersion });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return print;
  }

  /** The problem's fingerprint and stem if they were checked against its row at this content version. */
  current(uid: number, contentVersion: string): { print: Fingerprint; questionText: string } | undefined {
    const hit = this.entries.get(uid);
    return hit?.contentVersion === contentVersion ? hit : undefined;
  }
}

export async function detectProblem(db: DbOrTx, uid: number, cache: FingerprintCache, now = new Date().toISOString()): Promise<void> {
  const before = await lineageCodesOf(db, [uid]);
  const existing = await linksOf(db, [uid]);
  const [source] = await loadSources(db, [uid]);
  const touched = new Set<number>([uid, ...existing.map((link) => otherEnd(link, uid))]);

  if (!source || source.is_vacant) {
    await removeProblem(db, uid);
  } else {
    const print = cache.get(source);
    const keys = lineageKeys(print);
    await replaceKeys(db, uid, keys);
    const candidates = new Set(await candidateUids(db, uid, keys, MIN_SHARED_KEYS, MAX_CANDIDATES));
    for (const link of existing) candidates.add(otherEnd(link, uid));
    const found: { other: number; verdict: LinkVerdict }[] = [];
    for (const candidate of await loadSources(db, [...candidates])) {
      if (candidate.is_vacant) continue;
      const verdict = compareFingerprints(print, cache.get(candidate));
      if (!verdict) continue;
      if (candidate.subject_code !== source.subject_code && verdict.similarity < CROSS_SUBJECT_LINK) continue;
      found.push({ other: candidate.uid, verdict });
      touched.add(candidate.uid);
    }
    await upsertDetectedLinks(db, uid, found, now);
    const stillFound = new Set(found.map(({ other }) => other));
    await forgetDetectedLinks(
      db,
      uid,
      existing.map((link) => otherEnd(link, uid)).filter((other) => !stillFound.has(other)),
    );
  }
  await redrawLineages(db, [...touched], [...before.values()]);
}

/**
 * Draws again the lineages of `seeds` and of every member of the lineages `formerCodes` (a removed
 * link can split one): connected components over the links students see, each coded by its
 * smallest uid.
 */
export async function redrawLineages(db: DbOrTx, seeds: number[], formerCodes: number[] = []): Promise<void> {
  const codes = new Set([...formerCodes, ...(await lineageCodesOf(db, seeds)).values()]);
  const pending = new Set([...seeds, ...(await membersOfLineages(db, [...codes]))]);
  const placed = new Set<number>();
  const lineages: { problem_uid: number; lineage_code: number; lineage_size: number }[] = [];
  const alone: number[] = [];
  for (const start of pending) {
    if (placed.has(start)) continue;
    const component = new Set([start]);
    let frontier = [start];
    while (frontier.length > 0 && component.size < MAX_LINEAGE) {
      const next: number[] = [];
      for (const link of await linksOf(db, frontier)) {
        if (!isVisibleLink(link)) continue;
        for (const uid of [link.problem_a, link.problem_b]) {
          if (!component.has(uid)) {
            component.add(uid);
            next.push(uid);
          }
        }
      }
      frontier = next;
    }
    for (const uid of component) placed.add(uid);
    if (component.size === 1) {
      alone.push(start);
      continue;
    }
    const code = Math.min(...component);
    for (const uid of component) lineages.push({ problem_uid: uid, lineage_code: code, lineage_size: component.size });
  }
  await writeLineages(db, lineages, alone);
}
