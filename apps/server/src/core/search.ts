import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './dialect';

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * A two-character term of letters or digits: answered by the bigram index (the trigram index
 * needs three characters, and a LIKE scan over every problem is too slow for a common need).
 */
export function isBigramTerm(text: string): boolean {
  const characters = [...text];
  return characters.length === 2 && characters.every((c) => WORD_CHARACTER.test(c));
}

/**
 * The document SQLite's bigram index stores for a text: every pair of adjacent letters or digits,
 * separated by spaces, so FTS5's unicode61 tokenizer (which also folds case) sees each pair as one
 * token. Pairs that span a space or punctuation are left out: no bigram term contains them.
 */
export function bigramDocument(text: string): string {
  const bigrams: string[] = [];
  let previous = '';
  for (const character of text) {
    const isWord = WORD_CHARACTER.test(character);
    if (isWord && previous) bigrams.push(previous + character);
    previous = isWord ? character : '';
  }
  return bigrams.join(' ');
}

/**
 * Substring match on a column that holds lower-cased text (the problems' search document): the
 * term is lower-cased instead of the column, so PostgreSQL compares with LIKE, not ILIKE.
 */
export function containsLowerCasedText(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${containsPattern(text.toLowerCase())} escape '\\'`;
}

/** LIKE pattern matching `text` anywhere, with the wildcards in it taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive substring match (SQLite's LIKE already ignores ASCII case; PostgreSQL needs
 * ILIKE). Korean has no case, so both behave the same for it.
 */
export function containsText(dialect: Dialect, column: Expression<unknown> | string, text: string): RawBuilder<SqlBool> {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  const operator = dialect === 'postgres' ? sql`ilike` : sql`like`;
  return sql<SqlBool>`${ref} ${operator} ${containsPattern(text)} escape '\\'`;
}
