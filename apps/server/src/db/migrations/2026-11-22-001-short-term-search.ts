import { sql, type Kysely } from 'kysely';

// Two-character search terms (폐렴, 간염, 빈혈: many Korean disease names are two syllables) are
// below what a trigram index can answer, and a LIKE scan over 100,000 problems takes half a
// second. This adds a bigram index beside the trigram one.
//
// SQLite: a contentless FTS5 table over each problem's bigrams, kept in step by triggers that call
// qbank_bigrams(), an SQL function core/db.ts registers on every connection it opens (the one
// piece of application code this migration relies on; see db/search-documents.ts bigramDocument).
// PostgreSQL: an immutable SQL function that lists a text's two-character substrings, and a GIN
// index on that array; queries ask `qbank_bigrams(search_text) @> array[term]`.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // Pairs at even and at odd offsets, each found by one linear regexp pass (indexing into a
    // text or an array by position is linear per access on multibyte text, quadratic overall).
    // Duplicates are harmless: GIN keeps each key once.
    await sql`create function qbank_bigrams(document text) returns text[]
      language sql immutable strict parallel safe
      as $$ select array(
              select (regexp_matches(lower(document), '..', 'g'))[1]
              union all
              select (regexp_matches(substr(lower(document), 2), '..', 'g'))[1]) $$`.execute(db);
    await sql`create index problems_search_bigram_idx on problems using gin (qbank_bigrams(search_text))`.execute(db);
    return;
  }
  await sql`create virtual table problems_bigram_fts using fts5(bigrams, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(
    db,
  );
  await sql`create trigger problems_bigram_insert after insert on problems begin
    insert into problems_bigram_fts(rowid, bigrams) values (new.uid, qbank_bigrams(new.search_text)); end`.execute(db);
  await sql`create trigger problems_bigram_delete after delete on problems begin
    delete from problems_bigram_fts where rowid = old.uid; end`.execute(db);
  await sql`create trigger problems_bigram_update after update of search_text on problems begin
    delete from problems_bigram_fts where rowid = old.uid;
    insert into problems_bigram_fts(rowid, bigrams) values (new.uid, qbank_bigrams(new.search_text)); end`.execute(db);
  await sql`insert into problems_bigram_fts(rowid, bigrams) select uid, qbank_bigrams(search_text) from problems`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists problems_search_bigram_idx`.execute(db);
    await sql`drop function if exists qbank_bigrams(text)`.execute(db);
    return;
  }
  for (const trigger of ['problems_bigram_insert', 'problems_bigram_delete', 'problems_bigram_update']) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  await sql`drop table if exists problems_bigram_fts`.execute(db);
}
