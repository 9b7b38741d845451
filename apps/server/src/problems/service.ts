// The problem reads routes call. The visibility rule (visibleProblems()) and the search document
// stay in the repository's queries; here a list picks how its page is found: a search may match
// thousands of problems (search-page.ts), an exam or class list a few hundred at most.
import type { AppContext } from '../core/context';
import { plainRead } from '../core/plain-reads';
import { listPageIds, listSetHeaders as listSetHeaderRows, readPageRows, type ProblemFilters, type ProblemListSort } from './repository';
import { searchPageIds } from './search-page';

export const listSetHeaders = plainRead(listSetHeaderRows);

export async function listProblems(ctx: AppContext, filters: ProblemFilters, paging: { page: number; limit: number }, sort?: ProblemListSort) {
  const { db, dialect } = ctx;
  // 빈출순 and 반복 출제만 come only with an exam or a class (shared/problems.ts): bounded lists,
  // ranked whole even with a search in them.
  const ranked = sort !== undefined || filters.recurring === true;
  const { uids, total, capped } =
    filters.q === undefined || ranked ? await listPageIds(db, dialect, filters, paging, sort) : await searchPageIds(db, dialect, filters, paging);
  return { rows: await readPageRows(db, uids), total, capped };
}
