import { syllableGrams, type Fingerprint } from './fingerprint';

// Candidate generation (decision 129): MinHash over a problem's stem grams and, separately, over
// its option grams, cut into bands; two problems that share a band key are compared. A problem
// keeps a fixed number of integer keys, so the index grows linearly with the bank and a lookup
// reads only the rows of its own keys. Stems too short to identify a question ("다음 중 옳은
// 것은?") give no stem keys: their options carry the identity; the letter combinations of a
// 가나다라 problem give no option keys: its statements are in the stem.

export const BANDS = 20;
export const ROWS = 3;
/** Shorter normalised stems (or option texts together) give no keys of that kind. */
export const MIN_KEYED_LENGTH = 8;

const SEEDS = Array.from({ length: BANDS * ROWS }, (_, i) => fmix32(0x9e3779b9 ^ Math.imul(i + 1, 0x85ebca6b)));

function fmix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function signature(grams: Iterable<string>): Uint32Array {
  const minima = new Uint32Array(SEEDS.length).fill(0xffffffff);
  for (const gram of grams) {
    const base = fnv1a(gram);
    for (let i = 0; i < SEEDS.length; i++) {
      const h = fmix32(base ^ SEEDS[i]!);
      if (h < minima[i]!) minima[i] = h;
    }
  }
  return minima;
}

/** Band keys as signed 32-bit integers; `kind` keeps stem and option bands apart. */
function bandKeys(grams: Set<string>, kind: number): number[] {
  const sig = signature(grams);
  const keys: number[] = [];
  for (let band = 0; band < BANDS; band++) {
    let h = fmix32(kind * 0x1000 + band);
    for (let row = 0; row < ROWS; row++) h = fmix32(h ^ sig[band * ROWS + row]!);
    keys.push(h | 0);
  }
  return keys;
}

/** '가, 다' of a 가나다라 problem: the same few combinations in every such problem, so they identify none. */
function isLetterCombination(option: string): boolean {
  return /^[가나다라마]{1,5}$/.test(option);
}

/** The lookup keys of a problem: stem bands and option bands, without duplicates. */
export function lineageKeys(print: Fingerprint): number[] {
  const keys = new Set<number>();
  // The grams as strings, as the keys in lineage_keys were made from them (the fingerprint keeps codes).
  if (print.stem.length >= MIN_KEYED_LENGTH) for (const key of bandKeys(syllableGrams(print.stem), 1)) keys.add(key);
  const optionText = [...print.options].sort().join('');
  if (optionText.length >= MIN_KEYED_LENGTH && !print.options.every(isLetterCombination)) {
    const optionGrams = new Set<string>();
    for (const option of print.options) for (const gram of syllableGrams(option)) optionGrams.add(gram);
    for (const key of bandKeys(optionGrams, 2)) keys.add(key);
  }
  return [...keys];
}
