import { MIN_EXAM_YEAR, testsResponseSchema, testYearsResponseSchema } from '@qbank/shared/exams';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

// The exam list's calls. All are public reads, so a 401 never ends a session.

/** The exam list loads 20 at a time. */
export const EXAMS_PAGE_SIZE = 20;

/** The filters as the page holds them: '' means "all". */
export interface ExamFilters {
  year: string;
  subject: string;
  search: string;
}

/** Every exams query key; authoring's writes re-read everything under `testKeys.all`. */
export const testKeys = {
  all: ['tests'] as const,
  years: () => [...testKeys.all, 'years'] as const,
  list: (filters: ExamFilters) => [...testKeys.all, 'list', filters] as const,
  answerable: () => [...testKeys.all, 'answerable'] as const,
};

/** Every exam that has problems, in one read (the largest page): the study builder's scope choices. */
export const answerableTestsQueryOptions = () =>
  queryOptions({
    queryKey: testKeys.answerable(),
    queryFn: ({ signal }) => apiRequest('/v1/test/tests', { query: { page: 1, limit: 1000 }, schema: testsResponseSchema, auth: false, signal }),
    select: (data) => data.tests.filter((test) => test.problem_count > 0),
    staleTime: 5 * 60_000,
  });

/** The years that have exams, newest first: the exam filters' and forms' choices. */
export const testYearsQueryOptions = () =>
  queryOptions({
    queryKey: testKeys.years(),
    queryFn: ({ signal }) => apiRequest('/v1/test/years', { schema: testYearsResponseSchema, auth: false, signal }),
    // MIN_EXAM_YEAR (packages/shared/src/exams.ts): only integers of 1900 or more, newest first.
    select: (data) => [...new Set(data.years)].filter((y) => Number.isInteger(y) && y >= MIN_EXAM_YEAR).sort((a, b) => b - a),
    staleTime: 5 * 60_000,
  });

export const testsInfiniteQueryOptions = (filters: ExamFilters) =>
  infiniteQueryOptions({
    queryKey: testKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/v1/test/tests', {
        query: {
          subject_code: filters.subject,
          year: filters.year,
          search: filters.search,
          page: pageParam,
          limit: EXAMS_PAGE_SIZE,
        },
        schema: testsResponseSchema,
        auth: false,
        signal,
      }),
    initialPageParam: 1,
    // An empty page also ends the list, so a total that shrank meanwhile cannot loop.
    getNextPageParam: (last) => (last.tests.length > 0 && last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
