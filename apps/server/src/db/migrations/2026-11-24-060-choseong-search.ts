import { sql, type Kysely } from 'kysely';

// 초성 search ("ㅅㄱㄱㅅ" finds 심근경색): each problem keeps a choseong document beside its search
// document (problems.choseong_text): every Hangul syllable replaced by its initial consonant,
// initials kept, whitespace dropped, every other run of characters reduced to one space (see
// db/search-documents.ts choseongDocument, which this must agree with). The column is indexed by its
// bigrams, like the search document (migration 2026-11-22-001): a query of initials matches the
// rows holding all its bigrams, then LIKE confirms the exact sequence.
//
// PostgreSQL: an immutable SQL function qbank_choseong and a stored generated column, so every
// writer (the app, the seeds, a restore) fills it and existing rows are filled now; a GIN index
// on qbank_bigrams(choseong_text).
// SQLite: a plain column that triggers fill with qbank_choseong(), an SQL function core/db.ts
// registers on every connection (as it does qbank_bigrams), and a contentless FTS5 table of the
// column's bigrams that a phrase query answers.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // One pass over the characters: a syllable's initial is its offset from 가 divided by 588.
    await sql`create function qbank_choseong(document text) returns text
      language sql immutable strict parallel safe
      as $$ select btrim(regexp_replace(coalesce(string_agg(
               case when ascii(c) between 44032 and 55203 then substr(${sql.raw(`'${INITIALS}'`)}, (ascii(c) - 44032) / 588 + 1, 1)
                    when c ~ '\\s' then ''
                    else c end, '' order by n), ''),
             ${sql.raw(`'[^${INITIALS}]+'`)}, ' ', 'g'))
           from unnest(string_to_array(document, null)) with ordinality as t(c, n) $$`.execute(db);
    await sql`alter table problems add column choseong_text text not null generated always as (qbank_choseong(search_text)) stored`.execute(db);
    await sql`create index problems_choseong_bigram_idx on problems using gin (qbank_bigrams(choseong_text))`.execute(db);
    return;
  }
  await sql`alter table problems add column choseong_text text not null default ''`.execute(db);
  await sql`create virtual table problems_choseong_fts using fts5(bigrams, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(
    db,
  );
  await sql`create trigger problems_choseong_insert after insert on problems begin
    update problems set choseong_text = qbank_choseong(new.search_text) where uid = new.uid;
    insert into problems_choseong_fts(rowid, bigrams) values (new.uid, qbank_bigrams(qbank_choseong(new.search_text))); end`.execute(db);
  await sql`create trigger problems_choseong_delete after delete on problems begin
    delete from problems_choseong_fts where rowid = old.uid; end`.execute(db);
  await sql`create trigger problems_choseong_update after update of search_text on problems begin
    update problems set choseong_text = qbank_choseong(new.search_text) where uid = new.uid;
    delete from problems_choseong_fts where rowid = old.uid;
    insert into problems_choseong_fts(rowid, bigrams) values (new.uid, qbank_bigrams(qbank_choseong(new.search_text))); end`.execute(db);
  await sql`update problems set choseong_text = qbank_choseong(search_text)`.execute(db);
  await sql`insert into problems_choseong_fts(rowid, bigrams) select uid, qbank_bigrams(choseong_text) from problems`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists problems_choseong_bigram_idx`.execute(db);
    await sql`alter table problems drop column if exists choseong_text`.execute(db);
    await sql`drop function if exists qbank_choseong(text)`.execute(db);
    return;
  }
  for (const trigger of ['problems_choseong_insert', 'problems_choseong_delete', 'problems_choseong_update']) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  await sql`drop table if exists problems_choseong_fts`.execute(db);
  await sql`alter table problems drop column choseong_text`.execute(db);
}
