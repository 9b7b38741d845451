import { problemsResponseSchema } from '@qbank/shared/problems';
import { classMetaResponseSchema } from '@qbank/shared/subjects';
import { PROBLEM_TYPES } from '@qbank/shared/problems';
import { testInfoResponseSchema, testMetaResponseSchema } from '@qbank/shared/exams';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, withQuery } from '../lib/api-client';
import { startEarlyRead } from '../lib/early-reads';
import { isUsualOrder, USUAL_ORDER, type ProblemListOrder } from './list-order';

// The calls of the two problem viewers: the exam's info card, the class's info card (public
// reads: a 401 there is no lost session) and the problem lists, loaded in chunks (approved
// members only). Query keys come only from these factories.

/** The exam viewer loads 20 problems a chunk, the class viewer 5. */
export const TEST_PROBLEMS_PAGE_SIZE = 20;
export const CLASS_PROBLEMS_PAGE_SIZE = 5;

type ProblemsPage = z.infer<typeof problemsResponseSchema>;

export type ProblemScope = { test_code: number } | { class_heritage_code: number };

export const problemKeys = {
  all: ['problems'] as const,
  testInfo: (testCode: number) => [...problemKeys.all, 'test-info', testCode] as const,
  testTypeCounts: (testCode: number) => [...problemKeys.all, 'test-type-counts', testCode] as const,
  classMeta: (classCode: number) => [...problemKeys.all, 'class-meta', classCode] as const,
  list: (scope: ProblemScope, q: string, limit: number, order: ProblemListOrder = USUAL_ORDER) =>
    [...problemKeys.all, 'list', scope, isUsualOrder(order) ? { q, limit } : { q, limit, ...order }] as const,
  one: (uid: number) => [...problemKeys.all, 'one', uid] as const,
};

// The reads below are built once each: the queries and the early start (startTestProblemsReads)
// must ask for exactly the same URL, or the early answer is never taken.
const testInfoRead = (testCode: number) => [`/v1/test/${testCode}`, { schema: testInfoResponseSchema, auth: false }] as const;
const testMetaRead = (testCode: number) => [`/v1/test/${testCode}/meta`, { schema: testMetaResponseSchema, auth: false }] as const;
const problemsQuery = (scope: ProblemScope, q: string, page: number, limit: number, order: ProblemListOrder = USUAL_ORDER) => ({
  ...scope,
  q,
  page,
  limit,
  sort: order.frequency ? 'frequency' : undefined,
  recurring: order.recurring ? '1' : undefined,
});

export const testInfoQueryOptions = (testCode: number) =>
  queryOptions({
    queryKey: problemKeys.testInfo(testCode),
    queryFn: ({ signal }) => {
      const [path, options] = testInfoRead(testCode);
      return apiRequest(path, { ...options, signal });
    },
    select: (data) => data.test_info,
  });

export const classMetaQueryOptions = (classCode: number) =>
  queryOptions({
    queryKey: problemKeys.classMeta(classCode),
    queryFn: ({ signal }) => apiRequest(`/v1/class/${classCode}/meta`, { schema: classMetaResponseSchema, auth: false, signal }),
    select: (data) => data.meta,
  });

/**
 * The next page while the pages so far hold fewer problems than the server counts. A capped count
 * (a search with more than 500 matches, decision 042) is a lower bound: the pages go on while
 * they come back full.
 */
export function nextProblemsPage(last: ProblemsPage): number | undefined {
  if (last.problem.length === 0) return undefined;
  if (last.problem_count_capped) return last.problem.length >= last.limit ? last.page + 1 : undefined;
  return last.page * last.limit < last.problem_count ? last.page + 1 : undefined;
}

export const problemsInfiniteOptions = (scope: ProblemScope, q: string, limit: number, order: ProblemListOrder = USUAL_ORDER) =>
  infiniteQueryOptions({
    queryKey: problemKeys.list(scope, q, limit, order),
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/v1/problem', { query: problemsQuery(scope, q, pageParam, limit, order), schema: problemsResponseSchema, signal }),
    initialPageParam: 1,
    getNextPageParam: nextProblemsPage,
  });

/**
 * One problem by uid, as GET /v1/problem?uid=N answers it: the same URL for every member, so the
 * server's content cache and the service worker's API cache each keep it once. The review deck
 * reads its problems this way (decision 205).
 */
export const problemRead = (uid: number) => withQuery('/v1/problem', { uid });

/** The problem, or null when the server has none to show (deleted, or no longer visible). */
export const problemQueryOptions = (uid: number) =>
  queryOptions({
    queryKey: problemKeys.one(uid),
    queryFn: ({ signal }) => apiRequest(problemRead(uid), { schema: problemsResponseSchema, signal }).then((data) => data.problem[0] ?? null),
  });

export function useTestInfo(testCode: number | null) {
  return useQuery({ ...testInfoQueryOptions(testCode ?? 0), enabled: testCode !== null });
}

export function useClassMeta(classCode: number | null) {
  return useQuery({ ...classMetaQueryOptions(classCode ?? 0), enabled: classCode !== null });
}

export function useProblems(scope: ProblemScope | null, q: string, limit: number, order: ProblemListOrder = USUAL_ORDER) {
  return useInfiniteQuery({
    ...problemsInfiniteOptions(scope ?? { test_code: 0 }, q, limit, order),
    enabled: scope !== null,
  });
}

/** The exam's written problems per type, for the section headings while the list loads in chunks. */
export const testTypeCountsQueryOptions = (testCode: number) =>
  queryOptions({
    queryKey: problemKeys.testTypeCounts(testCode),
    queryFn: ({ signal }) => {
      const [path, options] = testMetaRead(testCode);
      return apiRequest(path, { ...options, signal });
    },
  });

export function useTestTypeCounts(testCode: number | null, enabled: boolean) {
  return useQuery({
    ...testTypeCountsQueryOptions(testCode ?? 0),
    select: ({ meta }): ReadonlyMap<number, number> =>
      new Map([
        [PROBLEM_TYPES.multipleChoice, meta.counts.multiple_choice],
        [PROBLEM_TYPES.subjective, meta.counts.subjective],
        [PROBLEM_TYPES.slide, meta.counts.slide],
      ]),
    enabled: testCode !== null && enabled,
  });
}

/**
 * The exam viewer's first reads (its info card, the first chunk, the type counts), started with
 * the app when it opens on this page (app/route-preload.ts), while the page's own code loads.
 */
export function startTestProblemsReads(testCode: number, q: string, order: ProblemListOrder = USUAL_ORDER): void {
  startEarlyRead(...testInfoRead(testCode));
  startEarlyRead('/v1/problem', {
    query: problemsQuery({ test_code: testCode }, q, 1, TEST_PROBLEMS_PAGE_SIZE, order),
    schema: problemsResponseSchema,
  });
  if (q === '') startEarlyRead(...testMetaRead(testCode));
}
