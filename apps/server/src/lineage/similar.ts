import type { SimilarProblemsResponse } from '@qbank/shared/lineage';
import type { AppContext } from '../core/context';
import { roundTo } from '../core/rounding';
import { stemSimilarity } from './compare';
import { FingerprintCache, MAX_CANDIDATES } from './detect';
import { fingerprint, type Fingerprint } from './fingerprint';
import { lineageKeys } from './minhash';
import { loadSources } from './repository';
import { similarCandidates } from './similar-repository';

// The editor's live suggestions (issue 28 item 6): a stem being written is fingerprinted as the
// detector fingerprints a saved problem (decision 129), its band keys find the candidates in the
// key index, and the candidates are ranked by stem similarity. Options are not asked for: a slot
// is usually filled stem first, and the stem is what a student remembers.

const SUGGESTIONS = 5;
/** Below this, a "similar" problem is mostly a shared case phrase: not worth offering. */
const MIN_SIMILARITY = 0.4;
/** A stem being typed shares fewer bands than a saved copy: one shared band is enough to look. */
const MIN_SHARED_KEYS = 1;
const PREVIEW_CHARS = 160;
/**
 * The candidates' fingerprints, kept by problem and checked against its content (detect.ts): an
 * editor asks again with each pause in typing and meets the same candidates. While the content
 * version is the one a print was checked at, the problem's row is not read again.
 */
const candidatePrints = new FingerprintCache();

/**
 * `contentVersion`: read before the candidates (the guard's statement), so a print checked now is
 * stamped with a version no newer than the row it was made from.
 */
export async function similarProblems(
  ctx: AppContext,
  text: string,
  subjectCode: number | undefined,
  contentVersion: string,
): Promise<SimilarProblemsResponse> {
  const print = fingerprint({ question_text: text, illustration: '', answer: '', choice_type: null });
  const keys = lineageKeys(print);
  const candidates = await similarCandidates(ctx.db, ctx.dialect, keys, MIN_SHARED_KEYS, MAX_CANDIDATES, subjectCode);
  const compared = await candidateFingerprints(
    ctx,
    candidates.map((candidate) => candidate.uid),
    contentVersion,
  );
  const problems = candidates
    .flatMap((candidate) => {
      const seen = compared.get(candidate.uid);
      return seen ? [{ candidate, questionText: seen.questionText, similarity: roundTo(stemSimilarity(print, seen.print), 2) }] : [];
    })
    .filter(({ similarity }) => similarity >= MIN_SIMILARITY)
    .sort((a, b) => b.similarity - a.similarity || b.candidate.year - a.candidate.year || a.candidate.uid - b.candidate.uid)
    .slice(0, SUGGESTIONS)
    .map(({ candidate: { uid, test_code, test_name, year, no }, questionText, similarity }) => ({
      uid,
      test_code,
      test_name,
      year,
      no,
      question_text: questionText.slice(0, PREVIEW_CHARS),
      similarity,
    }));
  return { problems };
}

/** The fingerprints and stems of these problems: kept ones checked at this content version, the others from their rows. */
async function candidateFingerprints(
  ctx: AppContext,
  uids: number[],
  contentVersion: string,
): Promise<Map<number, { print: Fingerprint; questionText: string }>> {
  const compared = new Map<number, { print: Fingerprint; questionText: string }>();
  const unchecked: number[] = [];
  for (const uid of uids) {
    const kept = candidatePrints.current(uid, contentVersion);
    if (kept) compared.set(uid, kept);
    else unchecked.push(uid);
  }
  // A problem removed since the candidates were read has no row and is left out.
  for (const source of await loadSources(ctx.db, unchecked)) {
    compared.set(source.uid, { print: candidatePrints.get(source, contentVersion), questionText: source.question_text });
  }
  return compared;
}
