import type { SimilarProblemsResponse } from '@qbank/shared/lineage';
import type { AppContext } from '../core/context';
import { stemSimilarity } from './compare';
import { FingerprintCache, MAX_CANDIDATES } from './detect';
import { fingerprint } from './fingerprint';
import { lineageKeys } from './minhash';
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
 * editor asks again with each pause in typing and meets the same candidates.
 */
const candidatePrints = new FingerprintCache();

export async function similarProblems(ctx: AppContext, text: string, subjectCode: number | undefined): Promise<SimilarProblemsResponse> {
  const print = fingerprint({ question_text: text, illustration: '', answer: '', choice_type: null });
  const keys = lineageKeys(print);
  const problems = (await similarCandidates(ctx.db, keys, MIN_SHARED_KEYS, MAX_CANDIDATES, subjectCode))
    .map((candidate) => ({ candidate, similarity: Math.round(stemSimilarity(print, candidatePrints.get(candidate)) * 100) / 100 }))
    .filter(({ similarity }) => similarity >= MIN_SIMILARITY)
    .sort((a, b) => b.similarity - a.similarity || b.candidate.year - a.candidate.year || a.candidate.uid - b.candidate.uid)
    .slice(0, SUGGESTIONS)
    .map(({ candidate: { uid, test_code, test_name, year, no, question_text }, similarity }) => ({
      uid,
      test_code,
      test_name,
      year,
      no,
      question_text: question_text.slice(0, PREVIEW_CHARS),
      similarity,
    }));
  return { problems };
}
