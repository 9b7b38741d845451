import { sql, type SqlBool } from 'kysely';
import type { DbOrTx, Dialect } from '../core/db';
import { parseSearchQuery } from '../search/choseong';
import { isBigramTerm } from '../search/text-match';
import { applyFilters, filtered, listPageIds, searchRows, type JoinedProblems, type PageIds, type ProblemFilters } from './repository';

/**
 * A search counts its matches up to this many; past it the total is "at least 500" and the page is
 * read in list order without gathering the rest (decision 042). 500 matches are 25 pages of 20:
 * more than anyone reads before narrowing the term. Counting them is the costly part on
 * PostgreSQL (each match's text is re-checked), so the cap is the price of a common term.
 */
export const SEARCH_COUNT_CAP = 500;

interface SortKeys {
  uid: number;
  year: number;
  test_code: number;
  type: number;
  no: number;
}

// The list order (newest exam first; within an exam: type, then number), as listPageIds sorts.
function listOrder(a: SortKeys, b: SortKeys): number {
  return b.year - a.year || b.test_code - a.test_code || a.type - b.type || a.no - b.no;
}

/**
 * A page of a search, without paying for every match of a common term (혈액검사 is in 13 % of all
 * problems). Both steps read the search rows (repository.ts searchRows), never the problems.
 * First up to cap + 1 matches with their sort keys, in whatever order the index hands them out:
 * - at most `cap`: that is every match; they are sorted here and the total is exact.
 * - more: the page is read by walking exams newest first and their problems in (type, number)
 *   order through the indexes, testing each against the search, and stopping at the page's
 *   last row. With at least cap matches among all problems the walk meets one every few dozen
 *   problems, so a first page costs a few hundred probes instead of sorting thousands of hits
 *   (on PostgreSQL: re-checking each hit's text). The total is reported as `cap`, capped.
 */
export async function searchPageIds(
  db: DbOrTx,
  dialect: Dialect,
  filters: ProblemFilters,
  paging: { page: number; limit: number },
  cap = SEARCH_COUNT_CAP,
): Promise<PageIds> {
  if (exactHitList(dialect, filters.q)) return listPageIds(db, dialect, filters, paging);
  const offset = (paging.page - 1) * paging.limit;
  const matches: SortKeys[] = await filtered(db, dialect, filters)
    .select(['problems.uid', 'tests.year', 'problems.test_code', 'problems.type', 'problems.no'])
    .limit(cap + 1)
    .execute();
  if (matches.length <= cap) {
    matches.sort(listOrder);
    return { uids: matches.slice(offset, offset + paging.limit).map((m) => m.uid), total: matches.length, capped: false };
  }
  const page = await walkInListOrder(db, dialect, filters, offset, paging.limit);
  return { uids: page.map((row) => row.uid), total: cap, capped: true };
}

/**
 * PostgreSQL's bigram index (two-letter terms) is exact: its hits need no re-check of their text,
 * so counting and sorting them all stays cheap (폐렴: 1,522 hits, p95 24 ms at 100,000 problems),
 * while a walk would have to compute each walked row's bigrams or scan its text (~0.4 s a page).
 * Such a search keeps its exact count. (SQLite's FTS5 lists are exact too, and its walk probes
 * them, so it needs no exception.)
 */
function exactHitList(dialect: Dialect, q: string | undefined): boolean {
  return dialect === 'postgres' && q !== undefined && parseSearchQuery(q).kind === 'text' && isBigramTerm(q);
}

/**
 * The page's ids, walking exams newest first and each exam's problems in (type, number) order,
 * testing each problem against the filters, until the page's last row.
 */
function walkInListOrder(db: DbOrTx, dialect: Dialect, filters: ProblemFilters, offset: number, limit: number) {
  if (dialect === 'sqlite') {
    // CROSS JOIN fixes SQLite's join order (exams outside, their problems inside), so both loops
    // run in index order and the ORDER BY needs no sort.
    // The search rows stand in for problems, as in every search query (repository.ts searchRows).
    const walk = db
      .selectFrom('tests')
      .crossJoin('problem_search as problems')
      .crossJoin('subjects')
      .whereRef('problems.test_code', '=', 'tests.code')
      .whereRef('subjects.code', '=', 'tests.subject_code') as unknown as JoinedProblems;
    return applyFilters(walk, dialect, filters, 'probe')
      .select('problems.uid')
      .orderBy('tests.year', 'desc')
      .orderBy('tests.code', 'desc')
      .orderBy('problems.type')
      .orderBy('problems.no')
      .limit(limit)
      .offset(offset)
      .execute();
  }
  return walkInExamBatches(db, dialect, filters, offset, limit);
}

/** Exams in the first batch of the PostgreSQL walk; each next batch is twice the last. */
const FIRST_EXAM_BATCH = 8;

/**
 * PostgreSQL's walk: exams newest first, in growing batches (8, 16, 32, …), one statement per
 * batch for the batch's matches with their sort keys, sorted here, until the page's last row.
 * Per exam (a LATERAL subquery, decision 042) PostgreSQL intersected the exam's problems with the
 * whole search index for every exam it walked: 혈액검사's 13,470 index entries read again for each
 * of the newest exams (three at ~2.5 ms each for page 1, decision 058). A batch reads the index
 * once and re-checks only the batch's candidates, or tests its own rows (a 초성 term's key,
 * repository.ts walkedKeyTest); a rarer term just takes a few more, larger batches. Each batch's
 * exams are read as it is reached, after the last one's (year, code): a common term's first page
 * needs the first eight, and reading all 1,000 exams' codes took ~2 ms (decision 066).
 */
async function walkInExamBatches(db: DbOrTx, dialect: Dialect, filters: ProblemFilters, offset: number, limit: number): Promise<{ uid: number }[]> {
  const wanted = offset + limit;
  const found: { uid: number }[] = [];
  let last: { year: number; code: number } | undefined;
  for (let size = FIRST_EXAM_BATCH; found.length < wanted; size *= 2) {
    const exams = await db
      .selectFrom('tests')
      .innerJoin('subjects', 'subjects.code', 'tests.subject_code')
      .select(['tests.code', 'tests.year'])
      .$if(last !== undefined, (qb) => qb.where(sql<SqlBool>`(tests.year, tests.code) < (${last!.year}, ${last!.code})`))
      .orderBy('tests.year', 'desc')
      .orderBy('tests.code', 'desc')
      .limit(size)
      .execute();
    if (exams.length === 0) break;
    last = exams.at(-1);
    const rank = new Map(exams.map((exam, i) => [exam.code, i]));
    // The filters name only the search rows' columns; the statement joins nothing else.
    const inBatch = searchRows(db).where('problems.test_code', 'in', [...rank.keys()]) as unknown as JoinedProblems;
    const rows = await applyFilters(inBatch, dialect, filters, 'probe')
      .select(['problems.uid', 'problems.test_code', 'problems.type', 'problems.no'])
      .execute();
    const sorted = rows.map((row) => ({ uid: row.uid, rank: rank.get(row.test_code)!, type: row.type, no: row.no }));
    sorted.sort((a, b) => a.rank - b.rank || a.type - b.type || a.no - b.no);
    found.push(...sorted);
    if (exams.length < size) break;
  }
  return found.slice(offset, wanted);
}
