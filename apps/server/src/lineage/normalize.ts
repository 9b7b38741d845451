import { findNegationRanges } from '@qbank/shared/negation';

// The text a lineage comparison sees (decision 129): two problems that differ only in spacing,
// punctuation, option markers, full-width forms, number formatting or unit spelling normalise to
// the same string. Hangul, Latin letters, digits and Greek letters stay; everything else goes.

/** Unit spellings folded to one form (after lower-casing). */
const UNIT_FORMS: readonly [RegExp, string][] = [
  [/㎎/g, 'mg'],
  [/㎍|mcg|µg/g, 'μg'],
  [/㎏/g, 'kg'],
  [/㎖|㏄|cc(?![a-z])/g, 'ml'],
  [/㎕/g, 'μl'],
  [/㎝/g, 'cm'],
  [/㎜/g, 'mm'],
  [/℃|°c/g, '도'],
  [/µ/g, 'μ'],
  [/퍼센트|%/g, '퍼센트'],
];

/** Circled digits and parenthesised numbers or letters used as option or statement markers. */
const MARKERS = /[①-⑳❶-❿➀-➉]|\((?:[1-9]|[가-마])\)|(?:^|\s)(?:[1-9]|[가-마])[.)](?=\s)/g;

function toHalfWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

/** Numbers written one way: no thousands separators, no trailing zeros after a decimal point. */
function canonicalNumbers(text: string): string {
  return text
    .replace(/(\d),(?=\d{3}(?!\d))/g, '$1')
    .replace(/(\d+)\.(\d*?)0+(?!\d)/g, (_, whole: string, fraction: string) => (fraction ? `${whole}.${fraction}` : whole));
}

/** Case, width, markers, numbers and units folded; spacing and punctuation kept (words still visible). */
export function foldText(text: string): string {
  let folded = toHalfWidth(text.normalize('NFC')).toLowerCase().replace(MARKERS, ' ');
  for (const [pattern, form] of UNIT_FORMS) folded = folded.replace(pattern, form);
  return canonicalNumbers(folded);
}

/** Only the characters that carry content: Hangul syllables, letters, digits and a decimal point between digits. */
export function squeeze(text: string): string {
  return text
    .replace(/(\d)\.(\d)/g, '$1\uE000$2')
    .replace(/[^가-힣a-z0-9α-ωμ\uE000]/g, '')
    .replace(/\uE000/g, '.');
}

/** The comparison form of any text: folded, then squeezed. */
export function normalizeText(text: string): string {
  return squeeze(foldText(text));
}

/** The numbers in a text, in order (canonical form), so that changed numbers make a variant. */
export function numbersOf(text: string): string[] {
  return foldText(text).match(/\d+(?:\.\d+)?/g) ?? [];
}

/**
 * Words that only say "the right one" ("옳은 것은", "맞는 것은", "가장 적절한 것은"): a rewording
 * between them is not a different question, so they are dropped before comparing.
 */
const POSITIVE_WORDS = /(?<![가-힣])(?:가장\s*)?(?:옳은|맞는|바른|올바른|적절한|타당한|적합한|알맞은)(?![가-힣])/g;

/** The last clause of a stem: what is asked ("…에서 가장 적절한 치료는?"). */
export function askClause(text: string): string {
  const parts = text
    .normalize('NFC')
    .split(/(?<=[?？!。\]])|(?<=\.)(?!\d)|\n+/)
    .map((part) => part.trim())
    .filter((part) => normalizeText(part).length > 0);
  const asked = [...parts].reverse().find((part) => /[?？]\s*$/.test(part));
  return asked ?? parts.at(-1) ?? '';
}

export type Polarity = 'positive' | 'negative';

/** Polarity words typed onto the word before ("내용으로옳은 것은") get their space back, so the matchers see them. */
function spacePolarity(text: string): string {
  return text.replace(/(?<=[가-힣])(?=(?:옳|맞|바르|적절하|타당하)지\s*(?:않|못)|옳은|맞는|적절한|타당한|아닌|틀린)/g, ' ');
}

/** Negative when the asking clause carries a negation phrase ("옳지 않은 것은", "아닌 것은"). */
export function clausePolarity(ask: string): Polarity {
  return findNegationRanges(spacePolarity(ask)).length > 0 ? 'negative' : 'positive';
}

export function polarityOf(stem: string): Polarity {
  return clausePolarity(askClause(stem));
}

/** The stem without its polarity: negation and "the right one" phrases removed, so 옳은 ↔ 옳지 않은 compare equal. */
export function neutralStem(stem: string): string {
  const spaced = spacePolarity(stem);
  const ranges = findNegationRanges(spaced);
  let text = spaced;
  for (const { start, end } of [...ranges].reverse()) text = `${text.slice(0, start)} ${text.slice(end)}`;
  return text.replace(POSITIVE_WORDS, ' ');
}

/** Words of an asking clause that say the same thing ("…에 관한 설명" = "…에 대한 설명"). */
const ASK_SYNONYMS: Record<string, string> = { 관한: '대한', 관하여: '대하여', 관해: '대해', 가운데: '중' };

/**
 * Every content word of an asking clause without polarity; its last words (ASKING_WORDS) are what
 * is asked: "치료 목적으로 투여하는 호르몬은" of a one-sentence case, not the patient before it.
 */
export function clauseWords(ask: string): string[] {
  return foldText(neutralStem(ask))
    .split(/\s+/)
    .map((word) => ASK_SYNONYMS[squeeze(word)] ?? squeeze(word))
    .filter((word) => word.length > 0 && !/\d/.test(word));
}

/** How many words at the end of the asking clause say what is asked (a Korean question ends with it). */
export const ASKING_WORDS = 5;
