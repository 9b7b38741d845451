import { sql, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, type Expression } from 'kysely';
import type { DbOrTx, Dialect } from '../core/db';
import { choseongKey } from '../db/search-documents';
import { choseongBigrams, choseongFtsQuery, mixedPattern, parseSearchQuery, type SearchQuery } from '../search/choseong';
import { containsLowerCasedText, containsText, isBigramTerm } from '../search/text-match';
import type { Database } from '../db/schema';
import { visibleProblems } from '../visibility/visible-problems';
import { lineageAppearances, recursForReaders } from '../visibility/visible-lineages';
import { onePage, type Paging } from '../core/paging';
import { withExamAndSubject, withExamSubjectAndPassage } from './problem-joins';

export interface ProblemFilters {
  test_code?: number | undefined;
  class_heritage_code?: number | undefined;
  uid?: number | undefined;
  no?: number | undefined;
  q?: string | undefined;
  /** 반복 출제만: problems asked at least twice, as readers see their lineage (decision 190). */
  recurring?: boolean | undefined;
}

/** The list's order besides its usual one: 빈출순, most appearances first (decision 190). */
export type ProblemListSort = 'frequency' | undefined;

// The trigram index answers substrings of three or more characters, the bigram index two-character
// words (a two-syllable Korean word); anything else (one character, a pair with punctuation) falls
// back to a LIKE over the search document, which the other filters narrow.
const TRIGRAM_MIN = 3;

function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * How the search filter meets the rest of a query. 'lookup' (the default): the database may start
 * from the hits and look each one up. 'probe': the hits only answer "is this problem one of them?"
 * while the query walks problems in another index's order (a page of a common term, search-page.ts);
 * SQLite would otherwise drive the walk from the hit list and lose the order, and PostgreSQL tests
 * a walked row's choseong key itself (walkedKeyTest).
 */
export type SearchUse = 'lookup' | 'probe';

/**
 * Where a query has the search rows (problem_search, migration 2026-11-27-010): the list search
 * reads them under the name `problems` (searchRows), a box search joins them as `problem_search`.
 */
export type SearchTable = 'problems' | 'problem_search';

/** The search filter of the problem search, the viewers and the library (초성 included). */
export function matchesSearch(
  eb: ExpressionBuilder<Database, 'problems'>,
  dialect: Dialect,
  text: string,
  use: SearchUse = 'lookup',
  table: SearchTable = 'problems',
): Expression<SqlBool> {
  const query = parseSearchQuery(text);
  if (query.kind !== 'text') return matchesChoseong(eb, dialect, query, use, table);
  if (dialect === 'sqlite') {
    if (isBigramTerm(text)) return inFtsHits(table, 'problems_bigram_fts', ftsPhrase(text), use);
    if ([...text].length >= TRIGRAM_MIN) return inFtsHits(table, 'problems_fts', ftsPhrase(text), use);
    return containsText(dialect, `${table}.search_text`, text);
  }
  // Never walked (search-page.ts exactHitList): computing a walked row's bigrams costs ~1 ms.
  return isBigramTerm(text)
    ? sql<SqlBool>`qbank_bigrams(${sql.ref(`${table}.search_text`)}) @> array[${text.toLowerCase()}]`
    : containsLowerCasedText(`${table}.search_text`, text);
}

// SQLite's FTS5 tables hold the problem uid as rowid. The unary plus keeps SQLite from using the
// uid's index for the IN, so a 'probe' is a lookup in the hit list, never the loop's driver.
function inFtsHits(table: SearchTable, fts: string, match: string, use: SearchUse): Expression<SqlBool> {
  const uid = use === 'probe' ? sql`+${sql.ref(`${table}.uid`)}` : sql.ref(`${table}.uid`);
  return sql<SqlBool>`${uid} in (select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${match})`;
}

// 초성 queries (search/choseong.ts). Three or more initials in a row: the trigram index of the
// choseong key (PostgreSQL) or document (SQLite's FTS5, migration 2026-11-25-020) finds them.
// Two: the bigram index finds the candidates (each bigram of initials is in most problems, so
// only short queries use it). Then LIKE on the key (initials only) or the search document with a
// pattern (mixed) confirms.
function matchesChoseong(
  eb: ExpressionBuilder<Database, 'problems'>,
  dialect: Dialect,
  query: Exclude<SearchQuery, { kind: 'text' }>,
  use: SearchUse,
  table: SearchTable,
): Expression<SqlBool> {
  const segments = query.kind === 'initials' ? [query.initials] : query.segments;
  const key = `${table}.choseong_key`;
  const confirm =
    query.kind === 'initials'
      ? containsLowerCasedText(key, choseongKey(query.initials))
      : dialect === 'sqlite'
        ? sql<SqlBool>`${sql.ref(`${table}.search_text`)} glob ${mixedPattern(dialect, query.text)}`
        : sql<SqlBool>`${sql.ref(`${table}.search_text`)} ~ ${mixedPattern(dialect, query.text)}`;
  // A probe tests a few hundred walked problems: the confirmation alone is cheaper than an index.
  if (segments.length === 0 || use === 'probe') return dialect === 'postgres' ? walkedKeyTest(table, segments, query, confirm) : confirm;
  if (segments.every((segment) => [...segment].length >= TRIGRAM_MIN)) {
    if (dialect === 'postgres') {
      // pg_trgm answers LIKE on the column; for initials alone that LIKE is the whole match.
      const found = segments.map((segment) => containsLowerCasedText(key, choseongKey(segment)));
      return eb.and(query.kind === 'initials' ? found : [...found, confirm]);
    }
    // FTS5's trigram phrase is an exact substring match: initials alone need no confirmation.
    const found = inFtsHits(table, 'problems_choseong_trgm_fts', segments.map(ftsPhrase).join(' '), use);
    return query.kind === 'initials' ? found : eb.and([found, confirm]);
  }
  const candidates =
    dialect === 'sqlite'
      ? inFtsHits(table, 'problems_choseong_fts', choseongFtsQuery(segments), use)
      : sql<SqlBool>`qbank_bigrams(${sql.ref(key)}) @> ${choseongBigrams(segments.map(choseongKey))}::text[]`;
  return eb.and([candidates, confirm]);
}

/**
 * PostgreSQL's test of a walked row (a 'probe'). The key's trigrams are few (19 letters) and
 * common: ㅎㅇㄱㅅ's two are in 18,843 problems, so intersecting an exam batch with the trigram
 * index read ~4 ms of index for 800 rows. strpos on the key instead is ~0.3 µs a row and no index
 * can answer it, so the planner reads the batch's rows. A mixed query tests each segment's key
 * first and the pattern only on rows that pass; CASE keeps that order (PostgreSQL orders a
 * WHERE clause's conditions by estimated cost, and a regular expression is one operator where
 * strpos(…) > 0 is two).
 */
function walkedKeyTest(
  table: SearchTable,
  segments: string[],
  query: Exclude<SearchQuery, { kind: 'text' }>,
  confirm: Expression<SqlBool>,
): Expression<SqlBool> {
  const keyTests = segments.map((segment) => sql<SqlBool>`strpos(${sql.ref(`${table}.choseong_key`)}, ${choseongKey(segment)}) > 0`);
  if (query.kind === 'initials') return keyTests[0]!;
  if (keyTests.length === 0) return confirm;
  return sql<SqlBool>`case when ${sql.join(keyTests, sql` and `)} then ${confirm} else false end`;
}

/**
 * What a problem shows, with its exam, subject and set header (joined as `tests`, `subjects`,
 * `set_headers`): one list for the reader's and the lead's queries.
 */
export const problemColumns = [
  'problems.uid',
  'problems.no',
  'problems.test_code',
  'problems.type',
  'problems.choice_type',
  'problems.question',
  'problems.question_text',
  'problems.illustration',
  'problems.answer',
  'problems.comments',
  'problems.is_vacant',
  'problems.question_pic_path',
  'problems.answer_pic_path',
  'problems.comment_pic_path',
  'problems.is_voided',
  'tests.test_name',
  'tests.year',
  'tests.subject_code',
  'subjects.subject_name',
  'set_headers.code as header_code',
  'set_headers.type as header_type',
  'set_headers.begin_problem_no',
  'set_headers.end_problem_no',
  'set_headers.header_text',
  'set_headers.pic_path as header_pic_path',
] as const;

export function replyCount(eb: ExpressionBuilder<Database, 'problems'>) {
  return eb
    .selectFrom('problem_replies')
    .select((inner) => inner.fn.countAll<number>().as('n'))
    .whereRef('problem_replies.problem_uid', '=', 'problems.uid')
    .as('reply_count');
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Kysely's type of "no columns selected yet"
type ProblemRows = SelectQueryBuilder<Database, 'problems', {}>;

/** Problems joined with their exam and subject, nothing selected yet. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Kysely's type of "no columns selected yet"
export type JoinedProblems = SelectQueryBuilder<Database, 'problems' | 'tests' | 'subjects', {}>;

/** The list filters on problems joined with their exam and subject. */
export function applyFilters(qb: JoinedProblems, dialect: Dialect, filters: ProblemFilters, use: SearchUse = 'lookup'): JoinedProblems {
  return (
    qb
      // Vacant slots are not content: they never appear outside the lead and assignee screens.
      .where(visibleProblems())
      .$if(filters.test_code !== undefined, (q) => q.where('problems.test_code', '=', filters.test_code!))
      .$if(filters.class_heritage_code !== undefined, (q) =>
        q.where('problems.uid', 'in', (eb) =>
          eb.selectFrom('problem_classes').select('problem_classes.problem_uid').where('problem_classes.class_uid', '=', filters.class_heritage_code!),
        ),
      )
      .$if(filters.uid !== undefined, (q) => q.where('problems.uid', '=', filters.uid!))
      .$if(filters.no !== undefined, (q) => q.where('problems.no', '=', filters.no!))
      .$if(filters.q !== undefined, (q) => q.where((eb) => matchesSearch(eb, dialect, filters.q!, use)))
      .$if(filters.recurring === true, (q) => q.where(recursForReaders('problems.uid')))
  );
}

/**
 * The search rows (problem_search, migration 2026-11-27-010) under the name `problems`: they hold
 * every column the list filters and the list order read, and the documents, so a search runs the
 * same query on them. A search row is ~1.1 kB, stored plainly; a problem row is ~1.9 kB with its
 * documents mostly compressed, so a search that tests thousands of rows reads these and leaves
 * problems to the page's rows (readPageRows).
 */
export function searchRows(db: DbOrTx): ProblemRows {
  // Kysely types the alias with problem_search's columns, which are all the queries read.
  return db.selectFrom('problem_search as problems') as unknown as ProblemRows;
}

/** The filters' query: a search reads the search rows, any other list the problems. */
export function filtered(db: DbOrTx, dialect: Dialect, filters: ProblemFilters) {
  const rows = filters.q === undefined ? db.selectFrom('problems') : searchRows(db);
  return applyFilters(rows.$call(withExamAndSubject), dialect, filters);
}

/** A page of problem ids and how many problems the filters match (`capped`: at least that many). */
export interface PageIds {
  uids: number[];
  total: number;
  capped: boolean;
}

/**
 * The page's ids and the exact total for lists of bounded size (an exam, a class), in one pass
 * over the matches. Searches take search-page.ts instead: a common term matches thousands.
 */
export async function listPageIds(db: DbOrTx, dialect: Dialect, filters: ProblemFilters, paging: Paging, sort?: ProblemListSort): Promise<PageIds> {
  // The matches are gathered first (materialized): given the ORDER BY and LIMIT directly,
  // PostgreSQL may walk every exam newest first and test each problem in turn.
  const page = await db
    .with(
      (cte) => cte('hits').materialized(),
      () =>
        filtered(db, dialect, filters).select([
          'problems.uid',
          'tests.year',
          'problems.test_code',
          'problems.type',
          'problems.no',
          // Counted only when the list is ranked by it (the cached default lists never are).
          (sort === 'frequency' ? lineageAppearances('problems.uid') : sql<number>`0`).as('appearances'),
        ]),
    )
    .selectFrom('hits')
    .select((eb) => ['hits.uid', eb.fn.countAll<number>().over().as('total')])
    .$if(sort === 'frequency', (q) => q.orderBy('hits.appearances', 'desc'))
    // Across exams (a class, a search): newest exam first; within an exam: type, then number.
    .orderBy('hits.year', 'desc')
    .orderBy('hits.test_code', 'desc')
    .orderBy('hits.type')
    .orderBy('hits.no')
    .$call(onePage(paging))
    .execute();
  if (page.length === 0) {
    // Past the last page (or nothing matched): the total still has to be told.
    const total = paging.page === 1 ? 0 : await countProblems(db, dialect, filters);
    return { uids: [], total, capped: false };
  }
  return { uids: page.map((row) => row.uid), total: Number(page[0]!.total), capped: false };
}

/**
 * The page's whole rows, in the order of `uids` (the page's order, whichever the list's is). Only
 * these are read whole: sorting whole rows would load the HTML and explanation of every match to keep 20.
 */
export async function readPageRows(db: DbOrTx, uids: number[]) {
  if (uids.length === 0) return [];
  const rows = await db
    .selectFrom('problems')
    .$call(withExamSubjectAndPassage)
    .select(problemColumns)
    .select((eb) => replyCount(eb))
    .where('problems.uid', 'in', uids)
    .execute();
  const position = new Map(uids.map((uid, index) => [uid, index]));
  return rows.sort((a, b) => position.get(a.uid)! - position.get(b.uid)!);
}

async function countProblems(db: DbOrTx, dialect: Dialect, filters: ProblemFilters): Promise<number> {
  const count = await filtered(db, dialect, filters)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

export type ProblemListRow = Awaited<ReturnType<typeof readPageRows>>[number];

export function listSetHeaders(db: DbOrTx, testCode: number) {
  return db
    .selectFrom('set_headers')
    .select(['code', 'test_code', 'type', 'begin_problem_no', 'end_problem_no', 'header_text', 'pic_path'])
    .where('test_code', '=', testCode)
    .orderBy('begin_problem_no')
    .orderBy('code')
    .execute();
}
