// The problem reads routes call. The visibility rule (visibility.ts) and the search document stay
// in the repository's queries; here a list picks how its page is found: a search may match
// thousands of problems (search-page.ts), an exam or class list a few hundred at most.
import type { DbOrTx, Dialect } from '../core/db';
import { listPageIds, readPageRows, type ProblemFilters } from './repository';
import { searchPageIds } from './search-page';

export { listSetHeaders } from './repository';

export async function listProblems(db: DbOrTx, dialect: Dialect, filters: ProblemFilters, paging: { page: number; limit: number }) {
  const { uids, total, capped } = filters.q === undefined ? await listPageIds(db, dialect, filters, paging) : await searchPageIds(db, dialect, filters, paging);
  return { rows: await readPageRows(db, uids), total, capped };
}
