import { sql, type ExpressionBuilder, type SqlBool, type Expression } from 'kysely';
import type { DbOrTx, Dialect } from '../core/db';
import { choseongBigrams, choseongFtsQuery, mixedPattern, parseSearchQuery, type SearchQuery } from '../core/choseong';
import { containsLowerCasedText, containsText, isBigramTerm } from '../core/search';
import type { Database } from '../db/schema';
import { onePage, type Paging } from '../core/paging';
import { withExamAndSubject, withExamSubjectAndPassage } from '../core/problem-joins';

export interface ProblemFilters {
  test_code?: number | undefined;
  class_heritage_code?: number | undefined;
  uid?: number | undefined;
  no?: number | undefined;
  q?: string | undefined;
}

// The trigram index answers substrings of three or more characters, the bigram index two-character
// words (a two-syllable Korean word); anything else (one character, a pair with punctuation) falls
// back to a LIKE over the search document, which the other filters narrow.
const TRIGRAM_MIN = 3;

function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** The search filter of the problem search, the viewers and the library (초성 included). */
export function matchesSearch(
  eb: ExpressionBuilder<Database, 'problems'>,
  dialect: Dialect,
  text: string,
): Expression<SqlBool> {
  const query = parseSearchQuery(text);
  if (query.kind !== 'text') return matchesChoseong(eb, dialect, query);
  if (dialect === 'sqlite') {
    if (isBigramTerm(text)) {
      return eb('problems.uid', 'in', sql<number>`(select rowid from problems_bigram_fts where problems_bigram_fts match ${ftsPhrase(text)})`);
    }
    if ([...text].length >= TRIGRAM_MIN) {
      return eb('problems.uid', 'in', sql<number>`(select rowid from problems_fts where problems_fts match ${ftsPhrase(text)})`);
    }
    return containsText(dialect, 'problems.search_text', text);
  }
  return isBigramTerm(text)
    ? sql<SqlBool>`qbank_bigrams(problems.search_text) @> array[${text.toLowerCase()}]`
    : containsLowerCasedText('problems.search_text', text);
}

// 초성 queries (core/choseong.ts): the choseong document's bigram index finds the candidates, then
// LIKE on that document (initials only) or the search document with a pattern (mixed) confirms them.
function matchesChoseong(
  eb: ExpressionBuilder<Database, 'problems'>,
  dialect: Dialect,
  query: Exclude<SearchQuery, { kind: 'text' }>,
): Expression<SqlBool> {
  const segments = query.kind === 'initials' ? [query.initials] : query.segments;
  const confirm =
    query.kind === 'initials'
      ? containsLowerCasedText('problems.choseong_text', query.initials)
      : dialect === 'sqlite'
        ? sql<SqlBool>`problems.search_text glob ${mixedPattern(dialect, query.text)}`
        : sql<SqlBool>`problems.search_text ~ ${mixedPattern(dialect, query.text)}`;
  if (segments.length === 0) return confirm;
  const candidates =
    dialect === 'sqlite'
      ? eb('problems.uid', 'in', sql<number>`(select rowid from problems_choseong_fts where problems_choseong_fts match ${choseongFtsQuery(segments)})`)
      : sql<SqlBool>`qbank_bigrams(problems.choseong_text) @> ${choseongBigrams(segments)}::text[]`;
  return eb.and([candidates, confirm]);
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

function filtered(db: DbOrTx, dialect: Dialect, filters: ProblemFilters) {
  return (
    db
      .selectFrom('problems')
      .$call(withExamAndSubject)
      // Vacant slots are not content: they never appear outside the lead and assignee screens.
      .where('problems.is_vacant', '=', 0)
      .$if(filters.test_code !== undefined, (qb) => qb.where('problems.test_code', '=', filters.test_code!))
      .$if(filters.class_heritage_code !== undefined, (qb) =>
        qb.where('problems.uid', 'in', (eb) =>
          eb.selectFrom('problem_classes').select('problem_classes.problem_uid').where('problem_classes.class_uid', '=', filters.class_heritage_code!),
        ),
      )
      .$if(filters.uid !== undefined, (qb) => qb.where('problems.uid', '=', filters.uid!))
      .$if(filters.no !== undefined, (qb) => qb.where('problems.no', '=', filters.no!))
      .$if(filters.q !== undefined, (qb) => qb.where((eb) => matchesSearch(eb, dialect, filters.q!)))
  );
}

export async function listProblems(
  db: DbOrTx,
  dialect: Dialect,
  filters: ProblemFilters,
  paging: Paging,
) {
  // 1. The page's ids and the total, from one pass over the hits: a search term's index lookup is
  //    the costly part, so it runs once. The hits are gathered first (materialized): given the
  //    ORDER BY and LIMIT directly, PostgreSQL walks every exam newest first and tests each
  //    problem's text in turn (2.7 s for a common term at 100,000 problems, 0.5 s this way).
  // 2. Only the page's rows are read whole: sorting whole rows would load the HTML and explanation
  //    of every hit (thousands for a common term) to keep 20.
  const page = await db
    .with(
      (cte) => cte('hits').materialized(),
      () => filtered(db, dialect, filters).select(['problems.uid', 'tests.year', 'problems.test_code', 'problems.type', 'problems.no']),
    )
    .selectFrom('hits')
    .select((eb) => ['hits.uid', eb.fn.countAll<number>().over().as('total')])
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
    return { rows: [], total };
  }
  const rows = await db
    .selectFrom('problems')
    .$call(withExamSubjectAndPassage)
    .select(problemColumns)
    .select((eb) => replyCount(eb))
    .where(
      'problems.uid',
      'in',
      page.map((row) => row.uid),
    )
    // The same order as above, for the page's rows only.
    .orderBy('tests.year', 'desc')
    .orderBy('problems.test_code', 'desc')
    .orderBy('problems.type')
    .orderBy('problems.no')
    .execute();
  return { rows, total: Number(page[0]!.total) };
}

async function countProblems(db: DbOrTx, dialect: Dialect, filters: ProblemFilters): Promise<number> {
  const count = await filtered(db, dialect, filters).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(count.n);
}

export type ProblemListRow = Awaited<ReturnType<typeof listProblems>>['rows'][number];

export function listSetHeaders(db: DbOrTx, testCode: number) {
  return db
    .selectFrom('set_headers')
    .select(['code', 'test_code', 'type', 'begin_problem_no', 'end_problem_no', 'header_text', 'pic_path'])
    .where('test_code', '=', testCode)
    .orderBy('begin_problem_no')
    .orderBy('code')
    .execute();
}
