import { sql, type Kysely } from 'kysely';

// The problems' search document is now stored lower-cased (problems/search-text.ts), so
// PostgreSQL can confirm trigram hits with LIKE instead of ILIKE. Existing rows follow. SQLite's
// lower() folds ASCII only, which is all SQLite's LIKE folds anyway; its FTS5 indexes ignore case.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update problems set search_text = lower(search_text) where search_text <> lower(search_text)`.execute(db);
}

export async function down(): Promise<void> {
  // Lower-casing cannot be undone, and the mixed-case document is not needed by older code.
}
