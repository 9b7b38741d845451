import type { DbOrTx, Dialect } from '../core/db';
import { filtered } from '../problems/repository';
import { PROBLEM_PLACE_COLUMNS } from './repository';

// The whole-bank search's reads (issue 28 item 5). The matching is the per-exam search's own
// (problems/repository.ts filtered: its search rows and indexes, 초성 included), without an exam.

export interface BankSearchMatch {
  uid: number;
  test_code: number;
  test_name: string;
  year: number;
  no: number;
  type: number;
  subject_name: string;
  lineage_code: number | null;
  lineage_size: number | null;
}

export interface BankExamFilters {
  subject_code?: number | undefined;
  year?: number | undefined;
}

/** The code and name of every exam (of a subject, of a year): ~1,000 short rows at 100,000 problems. */
export async function examNames(db: DbOrTx, filters: BankExamFilters): Promise<{ code: number; test_name: string }[]> {
  return db
    .selectFrom('tests')
    .select(['code', 'test_name'])
    .$if(filters.subject_code !== undefined, (qb) => qb.where('subject_code', '=', filters.subject_code!))
    .$if(filters.year !== undefined, (qb) => qb.where('year', '=', filters.year!))
    .execute();
}

/**
 * Up to `limit` problems matching `q` in every exam (of a subject, of a year, of `test_codes`), each with its
 * lineage. In the order the index hands them out: the caller groups and sorts them.
 */
export async function bankSearchMatches(
  db: DbOrTx,
  dialect: Dialect,
  query: BankExamFilters & { q: string; test_codes?: number[] | undefined },
  limit: number,
): Promise<BankSearchMatch[]> {
  // The matches are gathered first (materialized), then their lineages looked up one by one: joined
  // in the same pass, PostgreSQL merged the matches with every lineage row in problem order (the
  // search row's primary key walked instead of its trigram index, ~11,500 lineage rows read for
  // 501 matches): 44-47 ms against 7-9 ms for "고혈압" at 100,000 problems (docs/performance.md).
  return db
    .with(
      (cte) => cte('hits').materialized(),
      () =>
        filtered(db, dialect, { q: query.q })
          .$if(query.subject_code !== undefined, (qb) => qb.where('tests.subject_code', '=', query.subject_code!))
          .$if(query.year !== undefined, (qb) => qb.where('tests.year', '=', query.year!))
          // On the search row's own test_code: the search's index still leads (SQLite checks the code in
          // its covering listing index, PostgreSQL on the row or, for one exam, with the exam index).
          .$if(query.test_codes !== undefined, (qb) => qb.where('problems.test_code', 'in', query.test_codes!))
          .select([...PROBLEM_PLACE_COLUMNS, 'problems.type', 'subjects.subject_name'])
          .limit(limit),
    )
    .selectFrom('hits')
    .leftJoin('problem_lineages', 'problem_lineages.problem_uid', 'hits.uid')
    .selectAll('hits')
    .select(['problem_lineages.lineage_code', 'problem_lineages.lineage_size'])
    .execute();
}

/** The stems of the problems a page shows, as plain text. */
export async function questionTexts(db: DbOrTx, uids: number[]): Promise<Map<number, string>> {
  if (uids.length === 0) return new Map();
  const rows = await db.selectFrom('problems').select(['uid', 'question_text']).where('uid', 'in', uids).execute();
  return new Map(rows.map((row) => [row.uid, row.question_text]));
}

/** The years each lineage was asked in (every visible member, matching or not). */
export async function lineageYears(db: DbOrTx, codes: number[]): Promise<Map<number, number[]>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('problem_lineages as pl')
    .innerJoin('problems as p', 'p.uid', 'pl.problem_uid')
    .innerJoin('tests as t', 't.code', 'p.test_code')
    .where('pl.lineage_code', 'in', codes)
    .where('p.is_vacant', '=', 0)
    .select(['pl.lineage_code', 't.year'])
    .distinct()
    .execute();
  const years = new Map<number, number[]>();
  for (const row of rows) years.set(row.lineage_code, [...(years.get(row.lineage_code) ?? []), row.year]);
  for (const list of years.values()) list.sort((a, b) => a - b);
  return years;
}
