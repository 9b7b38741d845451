import { plainDialectRead, plainRead } from '../core/plain-reads';
import { listProblems as listProblemRows, listSetHeaders as listSetHeaderRows } from './repository';

// The problem reads routes call. Plain reads with no rule of their own pass through; the visibility
// rule (visibleProblems()) and the search document stay in the repository's queries.
export const listProblems = plainDialectRead(listProblemRows);
export const listSetHeaders = plainRead(listSetHeaderRows);
