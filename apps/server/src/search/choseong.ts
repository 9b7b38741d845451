import { canBeChoseong } from 'es-hangul';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../core/db';
import { bigramDocument, choseongDocument, INITIALS } from '../db/search-documents';
import { containsPattern, containsText } from './text-match';

// 초성 (initial consonant) queries: "ㅅㄱㄱㅅ" for 심근경색 and, while typing, "심ㄱ", matched against
// the choseong documents and keys the database keeps (../db/search-documents.ts).

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
  return {
    kind: 'mixed',
    text,
    segments: choseongDocument(text)
      .split(' ')
      .filter((s) => [...s].length >= 2),
  };
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
