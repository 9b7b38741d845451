import { roundTo } from '../core/rounding';
import { grams, type Fingerprint } from './fingerprint';

// Whether two problems belong to one lineage, and how (decision 129). Stem and options both
// count: a shared case with a different question, or the same options under a different
// question, is no link. The thresholds were set on the labelled set in evaluation/.

export type LineageRelation = 'same' | 'variant' | 'inverted';

export interface LinkVerdict {
  relation: LineageRelation;
  /** 0–1: how alike the two are (stem and options). */
  similarity: number;
  /** Whether the keys name the same answer text (a `same` pair that disagrees is flagged). */
  keysAgree: boolean;
}

export const THRESHOLDS = {
  /** Asking clauses less alike than this (syllable bigrams) ask different things. */
  ask: 0.4,
  /** Two option texts are one option from this Dice similarity. */
  optionMatch: 0.8,
  /** Below this stem similarity nothing links (options alone do not make a lineage). */
  stem: 0.55,
  /** Below this share of matched options, problems that both have options do not link (a passage's siblings). */
  options: 0.4,
  /** The combined similarity a link needs. */
  link: 0.68,
  /** Problems without options: a stem at least this alike, with the same numbers and answer, is `same`. */
  sameStem: 0.95,
  /** Few shared options still link when the keyed answer is the same and the stems are this alike. */
  keyedStem: 0.8,
  /** An inversion needs a stem at least this alike once polarity is set aside. */
  invertedStem: 0.7,
  /** Problems without options link on their stem alone from here. */
  stemOnly: 0.85,
} as const;

/** Links at or above this similarity are shown as confirmed until a lead says otherwise. */
export const STRONG_LINK = 0.9;

export function dice(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const gram of small) if (large.has(gram)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/** dice over gram codes (fingerprint.ts syllableGramCodes, jamoGramCodes): the same value, counted by one merge of the two sorted arrays. */
export function diceOfCodes(a: Float64Array, b: Float64Array): number {
  if (a.length === 0 && b.length === 0) return 1;
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return (2 * shared) / (a.length + b.length);
}

export function stemSimilarity(a: Fingerprint, b: Fingerprint): number {
  if (a.stem === b.stem) return 1;
  return 0.5 * diceOfCodes(a.stemCodes, b.stemCodes) + 0.5 * diceOfCodes(a.jamoCodes, b.jamoCodes);
}

/** For each option of `a`, the index of its match in `b` (or -1), greedily from the most alike pair. */
export function matchOptions(a: Fingerprint, b: Fingerprint): { pairs: number[]; score: number; exact: boolean } {
  const candidates: [number, number, number][] = [];
  a.options.forEach((text, i) => {
    b.options.forEach((other, j) => {
      const similarity = text === other ? 1 : diceOfCodes(a.optionCodes[i]!, b.optionCodes[j]!);
      if (similarity >= THRESHOLDS.optionMatch) candidates.push([similarity, i, j]);
    });
  });
  candidates.sort((x, y) => y[0] - x[0]);
  const pairs = a.options.map(() => -1);
  const taken = new Set<number>();
  let total = 0;
  for (const [similarity, i, j] of candidates) {
    if (pairs[i] !== -1 || taken.has(j)) continue;
    pairs[i] = j;
    taken.add(j);
    total += similarity;
  }
  const size = Math.max(a.options.length, b.options.length);
  const exact = a.options.length === b.options.length && pairs.every((j, i) => j !== -1 && a.options[i] === b.options[j]);
  return { pairs, score: size === 0 ? 0 : total / size, exact };
}

/** Syllables that particles and endings are made of: what may differ after a shared word start. */
const PARTICLE_SYLLABLES = /^[은는이가을를에의로으서도와과께게만요다했한하였었는던된될인적며고]*$/;

/** Words of an asking clause differ only in a particle or ending: 원인은 ↔ 원인으로, 설명으로 ↔ 설명로서 (not 최대 ↔ 최소). */
function sameWord(word: string, other: string): boolean {
  if (word === other) return true;
  let prefix = 0;
  while (prefix < word.length && word[prefix] === other[prefix]) prefix++;
  return prefix >= 1 && PARTICLE_SYLLABLES.test(word.slice(prefix)) && PARTICLE_SYLLABLES.test(other.slice(prefix));
}

function unmatchedWords(words: string[], others: string[]): string[] {
  const joined = others.join('');
  return words.filter((word) => !others.some((other) => sameWord(word, other)) && !joined.includes(word));
}

/**
 * The asking clauses ask different things: each has a word the other lacks (가장 큰 것 / 가장
 * 작은 것, 진단은 / 치료는). A word only added or dropped ("가장") is a rewording.
 */
export function askDiffers(a: Fingerprint, b: Fingerprint): boolean {
  if (unmatchedWords(a.askWords, b.allAskWords).length > 0 && unmatchedWords(b.askWords, a.allAskWords).length > 0) return true;
  // One asks much more than the other ("치료는?" / "치료 후 가장 늦게 회복되는 것은?").
  return dice(new Set(grams(a.askWords.join(''), 2)), new Set(grams(b.askWords.join(''), 2))) < THRESHOLDS.ask;
}

function sameNumbers(a: Fingerprint, b: Fingerprint): boolean {
  return a.numbers.length === b.numbers.length && a.numbers.every((n, i) => n === b.numbers[i]);
}

/** Whether the keyed option texts of `a` are, as a set, those of `b` (through the option matching). */
function keysAgree(a: Fingerprint, b: Fingerprint, pairs: number[]): boolean {
  if (a.options.length === 0 || b.options.length === 0) return a.answerText === b.answerText;
  if (a.keys.length !== b.keys.length) return false;
  const bKeys = new Set(b.keys);
  return a.keys.every((i) => pairs[i] !== undefined && pairs[i] !== -1 && bKeys.has(pairs[i]!));
}

/** The key of `a` is among the wrong options of `b`: what makes a polarity flip an inversion. */
function keyAmongWrong(a: Fingerprint, b: Fingerprint, pairs: number[]): boolean {
  const bKeys = new Set(b.keys);
  return a.keys.length > 0 && a.keys.some((i) => pairs[i] !== -1 && pairs[i] !== undefined && !bKeys.has(pairs[i]!));
}

/** A similarity to 0.001, as every link stores and sends it. */
export const roundSimilarity = (value: number) => roundTo(value, 3);

export function compareFingerprints(a: Fingerprint, b: Fingerprint): LinkVerdict | null {
  if (askDiffers(a, b)) return null;
  const stem = stemSimilarity(a, b);
  const withOptions = a.options.length > 0 && b.options.length > 0;

  if (!withOptions) {
    if (a.options.length > 0 || b.options.length > 0 || a.polarity !== b.polarity || stem < THRESHOLDS.stemOnly) return null;
    const relation = stem >= THRESHOLDS.sameStem && sameNumbers(a, b) && a.answerText === b.answerText ? 'same' : 'variant';
    return { relation, similarity: roundSimilarity(stem), keysAgree: a.answerText === b.answerText };
  }

  const match = matchOptions(a, b);
  if (a.polarity !== b.polarity) {
    if (stem < THRESHOLDS.invertedStem) return null;
    const reverse = matchOptions(b, a);
    if (!keyAmongWrong(a, b, match.pairs) && !keyAmongWrong(b, a, reverse.pairs)) return null;
    return { relation: 'inverted', similarity: roundSimilarity(0.7 * stem + 0.3 * Math.max(match.score, 0.5)), keysAgree: false };
  }

  if (stem < THRESHOLDS.stem) return null;
  const agree = keysAgree(a, b, match.pairs);
  // New distractors around the same keyed answer (the same case and question) are a variant too.
  const options = match.score < THRESHOLDS.options && agree && stem >= THRESHOLDS.keyedStem ? 0.5 : match.score;
  if (options < THRESHOLDS.options) return null;
  // The same options keyed differently under a reworded stem: the rewording asks another question
  // (가장 큰 것 / 가장 작은 것, 증가 / 감소). Only changed numbers, or an unchanged stem (a
  // mis-keyed copy, flagged by keysAgree), keep the link.
  const allOptionsMatch = a.options.length === b.options.length && match.pairs.every((j) => j !== -1);
  if (allOptionsMatch && !agree && a.stemWords !== b.stemWords) return null;
  const similarity = 0.55 * stem + 0.45 * options;
  if (similarity < THRESHOLDS.link) return null;
  const same = match.exact && a.stem === b.stem;
  return { relation: same ? 'same' : 'variant', similarity: roundSimilarity(similarity), keysAgree: agree };
}
