import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../core/dialect';
import { WORD_CHARACTER } from '../db/search-documents';

/**
 * A two-character term of letters or digits: answered by the bigram index (the trigram index
 * needs three characters, and a LIKE scan over every problem is too slow for a common need).
 */
export function isBigramTerm(text: string): boolean {
  const characters = [...text];
  return characters.length === 2 && characters.every((c) => WORD_CHARACTER.test(c));
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
