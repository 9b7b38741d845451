// Solve-mode answer rules, shared by the web solve screen and the server's attempt recording so both judge alike.
//
// Reading of "option values for lettered style are ①가 to ⑤마":
// a lettered-style problem (choice_type 1, 가나다라형) has five options, and option n is known by
// two equivalent names: its circled digit and the n-th of 가나다라마 (① = 가, ② = 나, … ⑤ = 마).
// The option's value is written as both names together ('①가' … '⑤마') so that whichever form the
// official answer was typed in ('②', '2', '나', '②나') compares equal to the chosen option. The
// letters therefore name *options*, never the statements 가. 나. 다. 라. of the stem: an official
// answer must name the chosen option, so '가, 다' means options ① and ③ (a multiple answer), not
// "the option whose text is 가, 다". Answers are stored as typed; they are only compared through
// normalizeAnswer, whose canonical choice form is the circled digits in ascending order joined by
// ',' ('③', '①,③'). The mapping is applied to multiple-choice problems (type 1) only: essay and
// slide answers get text normalisation, so an essay answer such as '가나다라' stays text.

import { PROBLEM_TYPES } from './problems';

/** The circled digits an option can carry, ① (1) to ⑨ (9). */
export const CIRCLED_DIGITS = ['①', '②', '③', '④', '⑤', '⑥', '⑦', '⑧', '⑨'] as const;
/** The lettered names of options ① to ⑤. */
export const CHOICE_LETTERS = ['가', '나', '다', '라', '마'] as const;
/** At least this many numbered items make an options list. */
export const MIN_CHOICE_OPTIONS = 2;
/** At most this many options are read: ① to ⑨, which keys 1 to 9 choose. */
export const MAX_CHOICE_OPTIONS = 9;

/** choice_type of the lettered-combination style. */
const LETTERED_CHOICE_TYPE = 1;

export interface ChoiceOption {
  /** What is chosen, recorded and compared: '①' … '⑨', or '①가' … '⑤마' in lettered style. */
  value: string;
  /** The option's text without its number; empty when the choices are only in a picture. */
  label: string;
  /** The keyboard digit that chooses it, 1 to 9 (its number). */
  key: number;
}

// ---------------------------------------------------------------- text normalisation

const FULL_WIDTH_FIRST = 0xff01; // ！
const FULL_WIDTH_LAST = 0xff5e; // ～
const FULL_WIDTH_OFFSET = 0xfee0;

/**
 * Full-width ASCII forms (！ to ～: digits, Latin letters, punctuation) and the ideographic space
 * become their ASCII counterparts. Every character maps to exactly one, so positions are kept.
 * Unlike NFKC this leaves circled digits alone.
 */
function toHalfWidth(text: string): string {
  return text.replace(/[\uff01-\uff5e\u3000]/g, (ch) => {
    const code = ch.charCodeAt(0);
    if (code === 0x3000) return ' ';
    return code >= FULL_WIDTH_FIRST && code <= FULL_WIDTH_LAST ? String.fromCharCode(code - FULL_WIDTH_OFFSET) : ch;
  });
}

/**
 * Text normalisation for every answer: Hangul composed (NFC), full-width forms made ASCII, the
 * ideographic comma read as a comma, whitespace trimmed and collapsed, no spaces around commas,
 * Latin letters lower-cased. This is all essay (type 2) and slide (type 4) answers get.
 */
export function normalizeTextAnswer(text: string): string {
  return toHalfWidth(text.normalize('NFC'))
    .replace(/[、，]/g, ',')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/ ?, ?/g, ',')
    .toLowerCase();
}

// ---------------------------------------------------------------- choice answers

const CIRCLED_FIRST = 0x2460; // ①

function circledNumber(ch: string): number | null {
  const n = ch.charCodeAt(0) - CIRCLED_FIRST + 1;
  return ch.length === 1 && n >= 1 && n <= MAX_CHOICE_OPTIONS ? n : null;
}

function letterNumber(text: string): number | null {
  const i = (CHOICE_LETTERS as readonly string[]).indexOf(text);
  return i < 0 ? null : i + 1;
}

/** The choice numbers one token names ('③', '3', '다', '③다', '①③', '(3)', '3)'), or null. */
function tokenChoices(raw: string): number[] | null {
  const token = raw.replace(/번$/, '').replace(/^\(/, '').replace(/[.)]$/, '');
  if (/^[1-9]$/.test(token)) return [Number(token)];
  const letter = letterNumber(token);
  if (letter !== null) return [letter];
  // Circled digits, each optionally followed by its own letter: '①', '①가', '①③', '①가③다'.
  const numbers: number[] = [];
  const chars = [...token];
  for (let i = 0; i < chars.length; i++) {
    const n = circledNumber(chars[i] ?? '');
    if (n === null) return null;
    const next = chars[i + 1];
    if (next !== undefined && letterNumber(next) !== null) {
      if (letterNumber(next) !== n) return null; // '①나' names two different options: not a choice
      i++;
    }
    numbers.push(n);
  }
  return numbers.length > 0 ? numbers : null;
}

/**
 * The choice numbers an answer names, ascending and without repeats, or null when it is not
 * (entirely) a choice answer. Circled digits ①–⑨, the letters 가–마 (① to ⑤), plain digits 1–9
 * and the paired form ①가 are accepted, each optionally followed by 번 or wrapped as (3) / 3);
 * several are separated by commas, spaces, '/' or a middle dot ('①, ③', '1,3', '가, 다', '①③').
 */
export function parseChoiceAnswer(text: string): number[] | null {
  const normalized = normalizeTextAnswer(text).replace(/ 번/g, '번');
  if (!normalized) return null;
  const tokens = normalized.split(/[, /·ㆍ]+/).filter((t) => t.length > 0);
  if (tokens.length === 0) return null;
  const numbers = new Set<number>();
  for (const token of tokens) {
    const choices = tokenChoices(token);
    if (!choices) return null;
    for (const n of choices) numbers.add(n);
  }
  return [...numbers].sort((a, b) => a - b);
}

/**
 * The canonical form of an answer. A choice answer becomes its circled digits, ascending, joined by
 * ',' ('3', '다', '3번', ' ③ ', '③다' → '③'; '가, 다', '3,1' → '①,③'); anything else gets
 * text normalisation only (see normalizeTextAnswer). Use isCorrectAnswer to judge an answer: it
 * applies the choice mapping to multiple-choice problems only.
 */
export function normalizeAnswer(text: string): string {
  const choices = parseChoiceAnswer(text);
  if (choices) return choices.map((n) => CIRCLED_DIGITS[n - 1]).join(',');
  return normalizeTextAnswer(text);
}

/**
 * Whether a solve-mode answer is correct (the normalised user answer equals the normalised
 * official answer). Multiple choice (type 1) compares choice-normalised answers; essay (2), slide
 * (4) and any other type compare text-normalised answers. An empty answer, or an empty official
 * answer, is never correct.
 */
export function isCorrectAnswer(userAnswer: string, officialAnswer: string, problemType: number): boolean {
  const normalize = problemType === PROBLEM_TYPES.multipleChoice ? normalizeAnswer : normalizeTextAnswer;
  const user = normalize(userAnswer);
  const official = normalize(officialAnswer);
  return user.length > 0 && official.length > 0 && user === official;
}

// ---------------------------------------------------------------- options parser

interface Marker {
  /** Where the marker (with any indentation) starts: the previous option's text ends here. */
  start: number;
  /** Where the option's text starts. */
  end: number;
  number: number;
}

type MarkerFinder = (scan: string) => Marker[];

/** ①–⑳ anywhere, so that inline lists ('① a ② b') read too; ⑩ and above only end ⑨'s text. */
const circledMarkers: MarkerFinder = (scan) =>
  [...scan.matchAll(/[\u2460-\u2473]/g)].map((m) => ({
    start: m.index,
    end: m.index + 1,
    number: m[0].charCodeAt(0) - CIRCLED_FIRST + 1,
  }));

/** '1)', '1.', '(1)' at the start of a line ('1.5 mg' is not a marker). */
const digitMarkers: MarkerFinder = (scan) =>
  [...scan.matchAll(/^[ \t]*(?:\((\d{1,2})\)|(\d{1,2})[.)](?!\d))[ \t]*/gm)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    number: Number(m[1] ?? m[2]),
  }));

/** '가.', '가)', '(가)' at the start of a line, 가 to 마. */
const letterMarkers: MarkerFinder = (scan) =>
  [...scan.matchAll(/^[ \t]*(?:\((가|나|다|라|마)\)|(가|나|다|라|마)[.)])[ \t]*/gm)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    number: letterNumber(m[1] ?? m[2] ?? '') ?? 0,
  }));

/** Circled digits win over '1)' styles, which win over '가.' (a 가나다라 stem's statements). */
const MARKER_STYLES: readonly MarkerFinder[] = [circledMarkers, digitMarkers, letterMarkers];

/**
 * The markers numbered 1, 2, 3 … in order; a marker out of sequence is part of an option's text
 * ('⑤ ①과 ③ 모두'). The marker after the ninth (⑩, '10)') only ends the ninth option's text.
 */
function sequentialMarkers(markers: Marker[]): Marker[] {
  const picked: Marker[] = [];
  for (const marker of markers) {
    if (marker.number !== picked.length + 1) continue;
    picked.push(marker);
    if (picked.length > MAX_CHOICE_OPTIONS) break;
  }
  return picked;
}

function cleanLabel(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The options of a multiple-choice problem, read from its illustration: numbered items one per line
 * ('① 담석과 알코올'), inline ('① a ② b ③ c'), or numbered '1) a', '1. a', '(1) a', '가. a'.
 * Text before the first item is ignored, blank lines are skipped and a line without a number
 * continues the option above. At most nine options (①–⑨) are read; fewer than two → null.
 * In lettered style (choice_type 1) options ① to ⑤ take the values '①가' to '⑤마' (see the
 * note at the top of this file); otherwise an option's value is its circled digit.
 */
export function parseChoiceOptions(illustration: string, choiceType: number | null): ChoiceOption[] | null {
  if (!illustration.trim()) return null;
  const scan = toHalfWidth(illustration); // same positions as the illustration
  for (const findMarkers of MARKER_STYLES) {
    const markers = sequentialMarkers(findMarkers(scan));
    const items = markers.slice(0, MAX_CHOICE_OPTIONS);
    if (items.length < MIN_CHOICE_OPTIONS) continue;
    return items.map((marker, i) => {
      const textEnd = markers[i + 1]?.start ?? illustration.length;
      const circled = CIRCLED_DIGITS[marker.number - 1] ?? '';
      const letter = choiceType === LETTERED_CHOICE_TYPE ? (CHOICE_LETTERS[marker.number - 1] ?? '') : '';
      return { value: circled + letter, label: cleanLabel(illustration.slice(marker.end, textEnd)), key: marker.number };
    });
  }
  return null;
}

/** The value of the option keyboard digit `key` (1–9) chooses, or null when there is none. */
export function choiceKeyToValue(key: number, options: readonly ChoiceOption[] | null): string | null {
  if (!options || !Number.isInteger(key) || key < 1 || key > MAX_CHOICE_OPTIONS) return null;
  return options.find((option) => option.key === key)?.value ?? null;
}

// ---------------------------------------------------------------- several correct options

/** Stems that ask for every right option ('옳은 것을 모두 고르시오', '두 개 고르시오', '2개를 고르면'). */
const SEVERAL_OPTIONS_STEM = /모두\s*고르(?:시오|세요|라)|(?:두|세|2|3)\s*개(?:를|을)?\s*고르/;

/**
 * Whether a multiple-choice problem is answered with several options: its official answer names
 * two or more ('③, ⑤', '3,5', '가, 다'), or its stem asks for all the right ones ('모두 고르시오').
 * Such a problem is answered by choosing the options and then submitting them together; it is
 * right only when exactly the official options are chosen (isCorrectAnswer compares the sets).
 */
export function takesSeveralOptions(officialAnswer: string, questionText: string): boolean {
  const official = parseChoiceAnswer(officialAnswer);
  if (official && official.length >= 2) return true;
  return SEVERAL_OPTIONS_STEM.test(questionText.replace(/<[^>]*>/g, ' '));
}

/** The answer that several chosen option values make: in key order, joined by ', ' ('③, ⑤'). */
export function joinChoiceValues(values: readonly string[], options: readonly ChoiceOption[]): string {
  const order = new Map(options.map((option) => [option.value, option.key]));
  return [...new Set(values)].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)).join(', ');
}

// ---------------------------------------------------------------- choices as stored

/** A line that starts an option in any style the options parser reads, or holds a circled number. */
const MARKED_LINE = /^[ \t]*(?:\(?\d{1,2}[.)](?!\d)|\(?(?:가|나|다|라|마)[.)])|[\u2460-\u2473]/;

/**
 * The choices of a multiple-choice problem as they are stored (issue 26 item 3). The editor asks
 * for one choice a line; lines that carry no number ('담석\n알코올\n…') are numbered ① … in
 * order, so every viewer reads them as options (parseChoiceOptions) whatever the choice type.
 * Choices that already carry numbers in any style, a single line, more than nine lines and the
 * choices of other problem types are kept exactly as written. Migration 2026-11-28-020 repairs
 * stored problems by the same rule.
 */
export function numberedChoices(illustration: string, problemType: number): string {
  if (problemType !== PROBLEM_TYPES.multipleChoice) return illustration;
  const lines = illustration
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length < MIN_CHOICE_OPTIONS || lines.length > MAX_CHOICE_OPTIONS) return illustration;
  if (lines.some((line) => MARKED_LINE.test(toHalfWidth(line)))) return illustration;
  return lines.map((line, i) => `${CIRCLED_DIGITS[i]} ${line}`).join('\n');
}
