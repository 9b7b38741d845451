import { disassemble } from 'es-hangul';
import { htmlToPlainText } from '@qbank/shared/html-text';
import { parseChoiceAnswer, parseChoiceOptions } from '@qbank/shared/answers';
import { ASKING_WORDS, askClause, clausePolarity, clauseWords, neutralStem, normalizeText, numbersOf, type Polarity } from './normalize';

// What a problem is for lineage detection: its normalised stem (without polarity) as syllable
// 2/3-grams and jamo 3-grams, its asking words, its options as a set of normalised texts and the
// texts of its key. Built once per problem; comparing two fingerprints needs no database.

/** The problem fields detection reads (question_text is the stem as plain text). */
export interface LineageSource {
  question_text: string;
  illustration: string;
  answer: string;
  choice_type: number | null;
}

export interface Fingerprint {
  stem: string;
  /**
   * The stem's syllable grams and jamo 3-grams as sorted gram codes (syllableGramCodes,
   * jamoGramCodes): numbers, not strings, so a cache of fingerprints stays small and compare.ts
   * counts shared grams by a merge.
   */
  stemCodes: Float64Array;
  jamoCodes: Float64Array;
  numbers: string[];
  polarity: Polarity;
  /** The last words of the asking clause (what is asked) and all of its words. */
  askWords: string[];
  allAskWords: string[];
  /** The stem without its numbers: equal when only numbers changed. */
  stemWords: string;
  /** Normalised option texts in their stored order (empty for a problem without options). */
  options: string[];
  /** Each option's syllable grams as codes. */
  optionCodes: Float64Array[];
  /** Indexes into `options` of the keyed options. */
  keys: number[];
  /** The normalised answer text of a problem without options. */
  answerText: string;
}

/** Character n-grams of a string (the string itself when shorter than n). */
export function grams(text: string, n: number): string[] {
  if (text.length <= n) return text ? [text] : [];
  const out: string[] = [];
  for (let i = 0; i + n <= text.length; i++) out.push(text.slice(i, i + n));
  return out;
}

/** Syllable 2- and 3-grams: a changed particle touches only the grams around it. */
export function syllableGrams(text: string): Set<string> {
  return new Set([...grams(text, 2), ...grams(text, 3).map((g) => `${g}\u0001`)]);
}

const TAGGED = 2 ** 50;
const LENGTH_UNIT = 2 ** 48;
const UNIT_PLACES = [2 ** 32, 2 ** 16, 1];

/**
 * The codes of grams(text, n) (tagged: syllableGrams' 3-grams), added to `out`. A code is a
 * gram's up to three UTF-16 units, its length and the tag, exact in a double (under 2^51): two
 * grams share a code only when they are the same gram.
 */
function addGramCodes(text: string, n: number, tagged: boolean, out: number[]): void {
  // A text shorter than n is its own gram (grams above).
  const length = Math.min(n, text.length);
  const base = (tagged ? TAGGED : 0) + length * LENGTH_UNIT;
  for (let i = 0; length > 0 && i + length <= text.length; i++) {
    let code = base;
    for (let k = 0; k < length; k++) code += text.charCodeAt(i + k) * UNIT_PLACES[k]!;
    out.push(code);
  }
}

/** Distinct codes in ascending order: counting the grams two texts share is then one merge of two arrays (compare.ts diceOfCodes). */
function sortedDistinct(codes: number[]): Float64Array {
  const sorted = Float64Array.from(codes).sort();
  let distinct = 0;
  for (let i = 0; i < sorted.length; i++) if (distinct === 0 || sorted[i] !== sorted[distinct - 1]) sorted[distinct++] = sorted[i]!;
  return sorted.slice(0, distinct);
}

/** syllableGrams(text) as codes. */
export function syllableGramCodes(text: string): Float64Array {
  const codes: number[] = [];
  addGramCodes(text, 2, false, codes);
  addGramCodes(text, 3, true, codes);
  return sortedDistinct(codes);
}

/** The codes of the jamo 3-grams of `text`: 환자에게서 ↔ 환자에서 or 했다 ↔ 한다 still share most of them. */
export function jamoGramCodes(text: string): Float64Array {
  const codes: number[] = [];
  addGramCodes(disassemble(text), 3, false, codes);
  return sortedDistinct(codes);
}

export function fingerprint(source: LineageSource): Fingerprint {
  const stemText = source.question_text.includes('<') ? htmlToPlainText(source.question_text) : source.question_text;
  const stem = normalizeText(neutralStem(stemText));
  const parsed = source.illustration.trim() ? parseChoiceOptions(source.illustration, source.choice_type) : null;
  const options = (parsed ?? []).map((option) => normalizeText(option.label));
  const keyNumbers = parsed ? (parseChoiceAnswer(source.answer) ?? []) : [];
  const ask = askClause(stemText);
  const words = clauseWords(ask);
  return {
    stem,
    stemCodes: syllableGramCodes(stem),
    jamoCodes: jamoGramCodes(stem),
    numbers: numbersOf(stemText),
    polarity: clausePolarity(ask),
    askWords: words.slice(-ASKING_WORDS),
    allAskWords: words,
    stemWords: stem.replace(/\d+(?:\.\d+)?/g, ''),
    options,
    optionCodes: options.map(syllableGramCodes),
    keys: keyNumbers.map((n) => n - 1).filter((i) => i >= 0 && i < options.length),
    answerText: parsed ? '' : normalizeText(source.answer),
  };
}
