import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './db';

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
