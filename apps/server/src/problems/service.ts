// The problem reads routes call. Plain reads with no rule of their own pass through; the visibility
// rule (visibility.ts) and the search document stay in the repository's queries.
export { listProblems, listSetHeaders } from './repository';
