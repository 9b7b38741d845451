import { matchPath } from 'react-router';
import { parsePositiveId } from '../lib/parse-positive-id';
import { paths } from '../lib/paths';

/** An exam's problem list (with its search text, trimmed) or its solve mode, as a URL names it. */
export type ReadingPage = { page: 'list'; testCode: number; q: string } | { page: 'solve'; testCode: number };

/**
 * Which reading page a URL opens, matched as the router matches it, or null. The pages whose
 * code and reads start early (route-preload.ts) and those the server draws (server-paint.tsx)
 * are these two: one reading of the URL for both.
 */
export function readingPageAt(pathname: string, search: string): ReadingPage | null {
  const listCode = parsePositiveId(matchPath(paths.testProblems.path, pathname)?.params.testCode);
  if (listCode !== null) return { page: 'list', testCode: listCode, q: (new URLSearchParams(search).get('q') ?? '').trim() };
  const solveCode = parsePositiveId(matchPath(paths.testSolve.path, pathname)?.params.testCode);
  if (solveCode !== null) return { page: 'solve', testCode: solveCode };
  return null;
}
