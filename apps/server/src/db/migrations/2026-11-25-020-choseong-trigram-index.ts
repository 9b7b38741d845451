import { sql, type Kysely } from 'kysely';

// 초성 search by trigrams of initials (decision 042). The bigram index of the choseong document
// (migration 2026-11-24-060) is no filter for a common term: ㅎㅇ, ㅇㄱ and ㄱㅅ are each in nearly
// every problem, so "ㅎㅇㄱㅅ" (혈액검사) confirmed almost every row by LIKE: ~250 ms on
// PostgreSQL and ~15 ms for the FTS5 phrase alone on SQLite, at 30,000 problems. Trigrams of
// initials are rarer by far; queries of three or more initials use this index, two initials keep
// the bigram index.
// PostgreSQL: a pg_trgm GIN index on the column, which LIKE uses (as for the search document).
// SQLite: a contentless FTS5 trigram table of the column, whose phrase query is an exact substring
// match. Every write of choseong_text (the 060 triggers fill it after each insert and search
// text change) rewrites the row's entry; deleting by rowid is safe whether or not it is there.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index problems_choseong_trgm_idx on problems using gin (choseong_text gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table problems_choseong_trgm_fts using fts5(choseong_text, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
  await sql`create trigger problems_choseong_trgm_update after update of choseong_text on problems begin
    delete from problems_choseong_trgm_fts where rowid = old.uid;
    insert into problems_choseong_trgm_fts(rowid, choseong_text) values (new.uid, new.choseong_text); end`.execute(db);
  await sql`create trigger problems_choseong_trgm_delete after delete on problems begin
    delete from problems_choseong_trgm_fts where rowid = old.uid; end`.execute(db);
  await sql`insert into problems_choseong_trgm_fts(rowid, choseong_text) select uid, choseong_text from problems`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists problems_choseong_trgm_idx`.execute(db);
    return;
  }
  await sql`drop trigger if exists problems_choseong_trgm_update`.execute(db);
  await sql`drop trigger if exists problems_choseong_trgm_delete`.execute(db);
  await sql`drop table if exists problems_choseong_trgm_fts`.execute(db);
}
