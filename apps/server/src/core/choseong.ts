import { canBeChoseong, getChoseong } from 'es-hangul';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './db';
import { bigramDocument, containsPattern, containsText } from './search';

// 초성 (initial consonant) search. Koreans type "ㅅㄱㄱㅅ" for 심근경색 and, while typing, "심ㄱ".
// The server keeps a choseong document beside each problem's search document (migration
// 2026-11-24-060): every Hangul syllable replaced by its initial, initials typed as such kept,
// whitespace dropped (so "ㅅㄱㄱㅅ" also finds "심근 경색"), and every other run of characters
// (Latin, digits, punctuation) reduced to one space, so a match never spans them.

const FIRST_SYLLABLE = 0xac00;
const LAST_SYLLABLE = 0xd7a3;
const SYLLABLES_PER_INITIAL = 588;

/** The letter each initial stands for in a choseong key (choseongKey), in Unicode order. */
const KEY_LETTERS = 'abcdefghijklmnopqrs';

/**
 * The 19 initials in Unicode order, each with the syllable range that begins with it and its key
 * letter, by the initial: looked up for every character of a problem's text on each write.
 */
const INITIALS = new Map(
  Array.from({ length: 19 }, (_, index) => {
    const first = FIRST_SYLLABLE + index * SYLLABLES_PER_INITIAL;
    const initial = getChoseong(String.fromCodePoint(first));
    return [initial, { first: String.fromCodePoint(first), last: String.fromCodePoint(first + SYLLABLES_PER_INITIAL - 1), key: KEY_LETTERS[index]! }] as const;
  }),
);

function isSyllable(character: string): boolean {
  const code = character.codePointAt(0)!;
  return code >= FIRST_SYLLABLE && code <= LAST_SYLLABLE;
}

/**
 * The choseong document of a text. PostgreSQL computes the same document with the SQL function
 * qbank_choseong (the migration); SQLite's triggers call this through core/db.ts. Search matches
 * its key (choseongKey), which problem_search keeps.
 */
export function choseongDocument(text: string): string {
  let document = '';
  let separated = false;
  for (const character of text) {
    if (/\s/u.test(character)) continue;
    const initial = isSyllable(character) ? getChoseong(character) : canBeChoseong(character) ? character : '';
    if (initial) {
      document += initial;
      separated = false;
    } else if (!separated) {
      document += ' ';
      separated = true;
    }
  }
  return document.trim();
}

/**
 * The choseong key of a choseong document (or of initials as typed): each initial as one ASCII
 * letter (ㄱ a, ㄲ b, … ㅎ s), spaces kept. A one-to-one spelling, so a key matches where the
 * document does. Search matches keys (problem_search.choseong_key, migration 2026-11-27-010):
 * PostgreSQL's LIKE compares initials byte by byte, and in a document of initials every
 * character begins with the pattern's first byte (all are U+3131–U+314E), so it cost ~5 µs a row
 * against ~1 µs for letters; the probe of a common 초성 term tests thousands of rows.
 * qbank_choseong_key (the migration's SQL function on PostgreSQL; core/db.ts on SQLite) computes
 * choseongKey(choseongDocument(text)) from a search document.
 */
export function choseongKey(document: string): string {
  let key = '';
  for (const character of document) {
    key += INITIALS.get(character)?.key ?? character;
  }
  return key;
}

export type SearchQuery =
  /** Ordinary substring search. */
  | { kind: 'text'; text: string }
  /** Two or more initials and nothing else (whitespace aside): matched against the choseong document. */
  | { kind: 'initials'; initials: string }
  /**
   * Initials mixed with other characters ("심ㄱ"): each initial stands for any syllable that begins
   * with it. The choseong document narrows the candidates through its index; the search document
   * confirms them.
   */
  | { kind: 'mixed'; text: string; segments: string[] };

export function parseSearchQuery(text: string): SearchQuery {
  const characters = [...text.replace(/\s+/gu, '')];
  const initialCount = characters.filter((c) => canBeChoseong(c)).length;
  if (initialCount === 0 || characters.length < 2) return { kind: 'text', text };
  if (initialCount === characters.length) return { kind: 'initials', initials: characters.join('') };
  return { kind: 'mixed', text, segments: choseongDocument(text).split(' ').filter((s) => [...s].length >= 2) };
}

/** The bigrams of choseong segments (or of their keys): every one of them is in the index of a matching row. */
export function choseongBigrams(segments: string[]): string[] {
  return [...new Set(segments.flatMap((s) => bigramDocument(s).split(' ').filter(Boolean)))];
}

/** FTS5 query: each segment as a phrase of its consecutive bigrams (implicit AND between phrases). */
export function choseongFtsQuery(segments: string[]): string {
  return segments.map((s) => `"${bigramDocument(s)}"`).join(' ');
}

/**
 * A pattern for a mixed query: each initial becomes a class of itself and every syllable it
 * begins; other characters are literal (lower-cased, like the search document). SQLite matches
 * it with GLOB, PostgreSQL with a regular expression (both compare code points in a range).
 */
export function mixedPattern(dialect: Dialect, text: string): string {
  const parts = [...text.toLowerCase()].map((character) => {
    const range = INITIALS.get(character);
    if (range) return `[${character}${range.first}-${range.last}]`;
    if (dialect === 'sqlite') return /[*?[]/.test(character) ? `[${character}]` : character;
    return /[\\^$.|?*+()[\]{}]/.test(character) ? `\\${character}` : character;
  });
  return dialect === 'sqlite' ? `*${parts.join('')}*` : parts.join('');
}

/**
 * 초성-aware match on a short text column (an exam, subject or class name): those tables hold a
 * few hundred rows, so the choseong document is computed by the database as it reads them
 * (qbank_choseong, the same function the problems' column is filled with) rather than stored.
 */
export function containsNameText(dialect: Dialect, column: string, text: string): RawBuilder<SqlBool> {
  const query = parseSearchQuery(text);
  if (query.kind === 'initials') {
    return sql<SqlBool>`qbank_choseong(${sql.ref(column)}) like ${containsPattern(query.initials)} escape '\\'`;
  }
  if (query.kind === 'mixed') {
    return dialect === 'sqlite'
      ? sql<SqlBool>`lower(${sql.ref(column)}) glob ${mixedPattern(dialect, query.text)}`
      : sql<SqlBool>`${sql.ref(column)} ~* ${mixedPattern(dialect, query.text)}`;
  }
  return containsText(dialect, column, text);
}
