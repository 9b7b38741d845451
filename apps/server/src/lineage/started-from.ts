import type { DbOrTx } from '../core/db';
import { validationError } from '../errors';
import { compareFingerprints, roundSimilarity, stemSimilarity } from './compare';
import { fingerprint } from './fingerprint';
import { lineageMessages } from './messages';
import { enqueue, isVisibleProblem, loadSources, upsertStartedFromLink } from './repository';

// "이 문제에서 시작" (issue 28 item 6, decision 187): a problem saved from a past problem's content is
// linked to it in the save's transaction. The link is a suggestion (undetected, undecided), so no
// student sees it until detection finds the pair strong or a lead confirms it (decision 130); the
// problem is queued, so detection compares the pair within a worker tick and draws the lineage.

/** The problem a save started from must be another problem that readers see (400 otherwise). */
export async function requireStartingPoint(db: DbOrTx, origin: number, uid: number): Promise<void> {
  if (origin === uid || !(await isVisibleProblem(db, origin))) {
    throw validationError(lineageMessages.startedFromInvalid, { started_from: lineageMessages.startedFromInvalid });
  }
}

/** Links the saved problem `uid` to `origin`, with the detector's comparison of the two as saved. */
export async function linkStartedFrom(db: DbOrTx, uid: number, origin: number, now = new Date().toISOString()): Promise<void> {
  const sources = await loadSources(db, [uid, origin]);
  const saved = sources.find((source) => source.uid === uid);
  const from = sources.find((source) => source.uid === origin);
  if (!saved || !from) return;
  const [a, b] = [fingerprint(saved), fingerprint(from)];
  const verdict = compareFingerprints(a, b);
  // Reworded past what detection links: still a suggestion, as alike as the stems are.
  const found = verdict
    ? { relation: verdict.relation, similarity: verdict.similarity, keys_agree: verdict.keysAgree ? 1 : 0 }
    : { relation: 'variant' as const, similarity: roundSimilarity(stemSimilarity(a, b)), keys_agree: 1 };
  await upsertStartedFromLink(db, uid, origin, found, now);
  await enqueue(db, [uid]);
}
