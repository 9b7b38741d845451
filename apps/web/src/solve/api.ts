import { MAX_PAGE_LIMIT } from '@qbank/shared/paging';
import { problemsResponseSchema, type Problem } from '@qbank/shared/problems';
import { solveProgressResponseSchema } from '@qbank/shared/solve';
import { testInfoResponseSchema } from '@qbank/shared/exams';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { startEarlyRead } from '../lib/early-reads';
import { solveOrder } from './solve-order';

// The calls of solve mode: the exam, all of its problems and the member's progress (kept on the
// server, decision 015). Answers are recorded through the answer queue and the member's own
// verdicts with answering/self-judgment-api.ts (decision 041). Query keys come only from `solveKeys`.

export const solveKeys = {
  all: ['solve'] as const,
  test: (testCode: number) => [...solveKeys.all, 'test', testCode] as const,
  problems: (testCode: number) => [...solveKeys.all, 'problems', testCode] as const,
  progress: (testCode: number) => [...solveKeys.all, 'progress', testCode] as const,
};

// Built once each: the queries and the early start (startSolveReads) must ask for the same URLs.
const problemsPageRead = (testCode: number, page: number) => ({
  query: { test_code: testCode, page, limit: MAX_PAGE_LIMIT },
  schema: problemsResponseSchema,
});
const testRead = (testCode: number) => [`/v1/test/${testCode}`, { schema: testInfoResponseSchema, auth: false }] as const;
const progressRead = (testCode: number) => [`/v1/solve/tests/${testCode}`, { schema: solveProgressResponseSchema }] as const;

/** A runaway guard: at 1000 a page this is a million problems, far beyond any exam. */
const MAX_PAGES = 1000;

/**
 * Every problem of the exam: pages of the largest size the server gives, followed until the
 * server's count is reached (an exam is loaded whole, with further pages past the size).
 * Returned solvable only, in the viewer's order.
 */
export async function fetchAllProblems(testCode: number, signal?: AbortSignal): Promise<Problem[]> {
  const problems = new Map<number, Problem>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const data = await apiRequest('/v1/problem', { ...problemsPageRead(testCode, page), signal });
    const before = problems.size;
    for (const problem of data.problem) problems.set(problem.uid, problem);
    // The server may lower the limit; its own answer says how far the pages so far reach.
    // A page with nothing new (an empty or repeated page) ends the walk too.
    if (problems.size === before || page * data.limit >= data.problem_count) break;
  }
  return solveOrder([...problems.values()]);
}

export const solveTestQueryOptions = (testCode: number) =>
  queryOptions({
    queryKey: solveKeys.test(testCode),
    queryFn: ({ signal }) => {
      const [path, options] = testRead(testCode);
      return apiRequest(path, { ...options, signal });
    },
    select: (data) => data.test_info,
  });

export const solveProblemsQueryOptions = (testCode: number) =>
  queryOptions({
    queryKey: solveKeys.problems(testCode),
    queryFn: ({ signal }) => fetchAllProblems(testCode, signal),
    // A session of solving must not reshuffle under the student when the window regains focus.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const solveProgressQueryOptions = (testCode: number) =>
  queryOptions({
    queryKey: solveKeys.progress(testCode),
    queryFn: ({ signal }) => {
      const [path, options] = progressRead(testCode);
      return apiRequest(path, { ...options, signal });
    },
    // Read once per visit: the screen keeps its own results from then on.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

/**
 * Solve mode's first reads (the exam, the first page of its problems, the member's progress),
 * started with the app when it opens on this page (app/route-preload.ts). The exam is read even
 * when a link brings it in its state, as the screen then skips it: a wasted small read at worst.
 */
export function startSolveReads(testCode: number): void {
  startEarlyRead(...testRead(testCode));
  startEarlyRead('/v1/problem', problemsPageRead(testCode, 1));
  startEarlyRead(...progressRead(testCode));
}

export function useSolveTest(testCode: number, enabled: boolean) {
  return useQuery({ ...solveTestQueryOptions(testCode), enabled });
}

export function useSolveProblems(testCode: number) {
  return useQuery(solveProblemsQueryOptions(testCode));
}

export function useSolveProgress(testCode: number) {
  return useQuery(solveProgressQueryOptions(testCode));
}

/** A new, empty run; the earlier runs stay on the server as history. */
export function useRestartRun(testCode: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`/v1/solve/tests/${testCode}/restart`, { method: 'POST', schema: solveProgressResponseSchema }),
    onSuccess: (data) => queryClient.setQueryData(solveKeys.progress(testCode), data),
  });
}
