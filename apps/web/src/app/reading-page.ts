import { matchPath } from 'react-router';
import { parsePositiveId } from '../lib/parse-positive-id';
import { paths } from '../lib/paths';
import { parseListOrder, type ProblemListOrder } from '../problems/list-order';

/** An exam's problem list (with its search text, trimmed, and its 빈출 choice) or its solve mode, as a URL names it. */
export type ReadingPage = { page: 'list'; testCode: number; q: string; order: ProblemListOrder } | { page: 'solve'; testCode: number };

/**
 * Which reading page a URL opens, matched as the router matches it, or null. The pages whose
 * code and reads start early (route-preload.ts) and those the server draws (server-paint.tsx)
 * are these two: one reading of the URL for both.
 */
export function readingPageAt(pathname: string, search: string): ReadingPage | null {
  const listCode = parsePositiveId(matchPath(paths.testProblems.path, pathname)?.params.testCode);
  if (listCode !== null) {
    const query = new URLSearchParams(search);
    return { page: 'list', testCode: listCode, q: (query.get('q') ?? '').trim(), order: parseListOrder(query.get('sort'), query.get('recurring')) };
  }
  const solveCode = parsePositiveId(matchPath(paths.testSolve.path, pathname)?.params.testCode);
  if (solveCode !== null) return { page: 'solve', testCode: solveCode };
  return null;
}
