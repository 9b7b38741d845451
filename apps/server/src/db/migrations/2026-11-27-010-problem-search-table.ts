import { sql, type Kysely } from 'kysely';

// Each problem's search row in a table of its own (decision 066): the columns a search filters
// and sorts on (uid, exam, type, number, vacancy) and its two documents, the search document and
// the choseong key. A search probes and walks these rows and reads only its page from problems.
// On PostgreSQL a problem row is ~1.9 kB (HTML, choices, answer, explanation; values over the
// 2 kB threshold compressed, the longest moved to TOAST), four to a page, and the choseong document
// is compressed in 86 % of rows: the probe of a common 초성 term (ㅎㅇㄱㅅ: 501 of 3,300 rows)
// decompressed and matched each one (~25 ms). A search row is ~1.1 kB, stored plainly.
//
// The choseong key is the choseong document (migration 2026-11-24-060) with each initial as one
// ASCII letter (db/search-documents.ts choseongKey): LIKE over a document of initials cost ~5 µs a row,
// over letters ~1 µs. It is computed from the search document here, not copied from
// problems.choseong_text, so this table depends on nothing of that migration.
//
// The database keeps the rows, as it keeps the search indexes, so no write path (authoring,
// imports, the seeds, a restore) can forget them: PostgreSQL with statement-level triggers (the
// large seed inserts 100,000 problems in batches), the key a generated column; SQLite with
// row-level triggers calling qbank_choseong_key, an SQL function core/db.ts registers on every
// connection. Existing problems are copied in below.
//
// PostgreSQL's search indexes move here (trigram and bigram indexes of both documents): no query
// reads problems' documents any more; they stay what the triggers copy from. SQLite keeps its FTS5
// tables, filled from problems as before and keyed by the problem uid, this table's key too.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const KEY_LETTERS = 'abcdefghijklmnopqrs';

const COPIED = 'test_code, type, no, is_vacant, search_text';

/** problems' search indexes on PostgreSQL (migrations 2026-11-21-001, 2026-11-22-001, 2026-11-24-060, 2026-11-25-020). */
const PROBLEMS_SEARCH_INDEXES = [
  ['problems_search_trgm_idx', 'gin (search_text gin_trgm_ops)'],
  ['problems_search_bigram_idx', 'gin (qbank_bigrams(search_text))'],
  ['problems_choseong_bigram_idx', 'gin (qbank_bigrams(choseong_text))'],
  ['problems_choseong_trgm_idx', 'gin (choseong_text gin_trgm_ops)'],
] as const;

const SQLITE_TRIGGERS = ['problem_search_insert', 'problem_search_update', 'problem_search_delete'];
const POSTGRES_TRIGGERS = ['problem_search_insert', 'problem_search_update', 'problem_search_delete', 'problem_search_truncate'];

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await upPostgres(db);
    return;
  }
  await sql`create table problem_search (uid integer primary key, test_code integer not null, type integer not null,
    no integer not null, is_vacant integer not null, search_text text not null, choseong_key text not null)`.execute(db);
  await sql`insert into problem_search (uid, ${sql.raw(COPIED)}, choseong_key)
    select uid, ${sql.raw(COPIED)}, qbank_choseong_key(search_text) from problems`.execute(db);
  await sql`create trigger problem_search_insert after insert on problems begin
    insert into problem_search (uid, ${sql.raw(COPIED)}, choseong_key)
    values (new.uid, new.test_code, new.type, new.no, new.is_vacant, new.search_text, qbank_choseong_key(new.search_text)); end`.execute(db);
  await sql`create trigger problem_search_update after update of ${sql.raw(COPIED)} on problems begin
    update problem_search set test_code = new.test_code, type = new.type, no = new.no, is_vacant = new.is_vacant,
      search_text = new.search_text, choseong_key = qbank_choseong_key(new.search_text) where uid = new.uid; end`.execute(db);
  await sql`create trigger problem_search_delete after delete on problems begin
    delete from problem_search where uid = old.uid; end`.execute(db);
  // The walk reads an exam's problems in (type, number) order; the probe starts from FTS5 hits
  // (uids) and reads their sort keys from this covering index, not from the rows (as
  // problems_uid_listing_idx did, migration 2026-11-22-002).
  await db.schema.createIndex('problem_search_exam_idx').on('problem_search').columns(['test_code', 'type', 'no']).execute();
  await db.schema.createIndex('problem_search_listing_idx').on('problem_search').columns(['uid', 'is_vacant', 'test_code', 'type', 'no']).execute();
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  // choseongKey(choseongDocument(text)) of db/search-documents.ts in one pass over the characters, as
  // qbank_choseong does: a syllable's initial is its offset from 가 divided by 588.
  await sql`create function qbank_choseong_key(document text) returns text
    language sql immutable strict parallel safe
    as $$ select btrim(regexp_replace(array_to_string(array(
             select case when ascii(c) between 44032 and 55203 then substr(${sql.lit(KEY_LETTERS)}, (ascii(c) - 44032) / 588 + 1, 1)
                         when c ~ '\\s' then ''
                         when strpos(${sql.lit(INITIALS)}, c) > 0 then substr(${sql.lit(KEY_LETTERS)}, strpos(${sql.lit(INITIALS)}, c), 1)
                         else ' ' end
             from unnest(string_to_array(document, null)) with ordinality as t(c, n) order by n), ''),
           ' +', ' ', 'g')) $$`.execute(db);
  await sql`create table problem_search (uid integer primary key, test_code integer not null, type integer not null,
    no integer not null, is_vacant integer not null, search_text text not null,
    choseong_key text not null generated always as (qbank_choseong_key(search_text)) stored)`.execute(db);
  await sql`insert into problem_search (uid, ${sql.raw(COPIED)}) select uid, ${sql.raw(COPIED)} from problems`.execute(db);

  // One function for the four events; each trigger hands it the statement's rows. An update
  // rewrites only rows whose copied columns changed (most updates of problems touch none).
  await sql`create function sync_problem_search() returns trigger language plpgsql as $$ begin
    if tg_op = 'INSERT' then
      insert into problem_search (uid, ${sql.raw(COPIED)}) select uid, ${sql.raw(COPIED)} from new_rows;
    elsif tg_op = 'UPDATE' then
      update problem_search s set test_code = n.test_code, type = n.type, no = n.no, is_vacant = n.is_vacant, search_text = n.search_text
        from new_rows n
        where s.uid = n.uid and (s.test_code, s.type, s.no, s.is_vacant, s.search_text) is distinct from (n.test_code, n.type, n.no, n.is_vacant, n.search_text);
    elsif tg_op = 'DELETE' then
      delete from problem_search s using old_rows o where s.uid = o.uid;
    else
      truncate problem_search;
    end if;
    return null;
  end $$`.execute(db);
  await sql`create trigger problem_search_insert after insert on problems referencing new table as new_rows
    for each statement execute function sync_problem_search()`.execute(db);
  await sql`create trigger problem_search_update after update on problems referencing new table as new_rows
    for each statement execute function sync_problem_search()`.execute(db);
  await sql`create trigger problem_search_delete after delete on problems referencing old table as old_rows
    for each statement execute function sync_problem_search()`.execute(db);
  await sql`create trigger problem_search_truncate after truncate on problems for each statement execute function sync_problem_search()`.execute(db);

  // The walk reads an exam batch's problems (test_code in …); the rest is what problems had.
  await db.schema.createIndex('problem_search_exam_idx').on('problem_search').columns(['test_code', 'type', 'no']).execute();
  await sql`create index problem_search_text_trgm_idx on problem_search using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index problem_search_text_bigram_idx on problem_search using gin (qbank_bigrams(search_text))`.execute(db);
  await sql`create index problem_search_key_trgm_idx on problem_search using gin (choseong_key gin_trgm_ops)`.execute(db);
  await sql`create index problem_search_key_bigram_idx on problem_search using gin (qbank_bigrams(choseong_key))`.execute(db);
  for (const [name] of PROBLEMS_SEARCH_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const name of POSTGRES_TRIGGERS) await sql`drop trigger if exists ${sql.id(name)} on problems`.execute(db);
    await sql`drop table if exists problem_search`.execute(db);
    await sql`drop function if exists sync_problem_search()`.execute(db);
    await sql`drop function if exists qbank_choseong_key(text)`.execute(db);
    for (const [name, definition] of PROBLEMS_SEARCH_INDEXES) {
      await sql`create index if not exists ${sql.id(name)} on problems using ${sql.raw(definition)}`.execute(db);
    }
    return;
  }
  for (const name of SQLITE_TRIGGERS) await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  await sql`drop table if exists problem_search`.execute(db);
}
