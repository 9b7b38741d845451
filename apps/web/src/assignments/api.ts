import { assignRequestSchema, assignResponseSchema, assignmentsResponseSchema, type AssignRequest } from '@qbank/shared/assignments';
import { leadProblemsResponseSchema, type LeadProblemRow } from '@qbank/shared/lead-problems';
import { memberListResponseSchema, MEMBER_LIST_MAX_LIMIT } from '@qbank/shared/member-admin';
import { testsResponseSchema, type TestSummary } from '@qbank/shared/exams';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { sortByKoreanName } from './round-robin';

// The assignment screen's calls: exam years and exams, the exam's problems (in batches
// of 100), its assignment map, the target grade's approved students, and the save.

const assignKey = ['assign'] as const;

/** The lead screens read an exam's problems in batches of 100. */
export const LEAD_PROBLEM_BATCH = 100;
/** Exams of one year, per request (the server's most; a year has far fewer). */
const TESTS_BATCH = 1000;

/** Every exam of a year: the subject choices come from them, then the exam choices of a subject. */
export const yearExamsQueryOptions = (year: number) =>
  queryOptions({
    queryKey: [...assignKey, 'exams', year],
    queryFn: async ({ signal }) => {
      const tests: TestSummary[] = [];
      for (let page = 1; ; page += 1) {
        const data = await apiRequest('/v1/test/tests', { query: { year, page, limit: TESTS_BATCH }, schema: testsResponseSchema, signal });
        tests.push(...data.tests);
        if (data.tests.length < data.limit || tests.length >= data.total) break;
      }
      return tests;
    },
  });

/** The exam's problems, empty slots included, all batches, in the server's order (type, then number). */
export const examProblemsQueryOptions = (testCode: number) =>
  queryOptions({
    queryKey: [...assignKey, 'problems', testCode],
    queryFn: async ({ signal }) => {
      const problems: LeadProblemRow[] = [];
      for (let page = 1; ; page += 1) {
        const data = await apiRequest('/v1/problem/lead', {
          query: { test_code: testCode, include_vacant: 1, page, limit: LEAD_PROBLEM_BATCH },
          schema: leadProblemsResponseSchema,
          signal,
        });
        problems.push(...data.problem);
        if (data.problem.length < data.limit || problems.length >= data.problem_count) break;
      }
      return problems;
    },
  });

export const examAssignmentsQueryOptions = (testCode: number) =>
  queryOptions({
    queryKey: [...assignKey, 'assignments', testCode],
    queryFn: ({ signal }) => apiRequest('/v1/problem/assignments', { query: { test_code: testCode }, schema: assignmentsResponseSchema, signal }),
  });

/** Approved members whose calculated grade is `grade` (decision 021), in Korean name order. */
export const gradeStudentsQueryOptions = (grade: number) =>
  queryOptions({
    queryKey: [...assignKey, 'students', grade],
    queryFn: ({ signal }) =>
      apiRequest('/v1/member/members', {
        query: { validated: 1, grade, page: 1, limit: MEMBER_LIST_MAX_LIMIT },
        schema: memberListResponseSchema,
        signal,
      }),
    select: (data) => sortByKoreanName(data.members.filter((member) => member.validated === 1)),
  });

export function useSaveAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AssignRequest) =>
      apiRequest('/v1/problem/assign', { method: 'POST', body: assignRequestSchema.parse(request), schema: assignResponseSchema }),
    onSettled: (_data, _error, request) =>
      queryClient
        .invalidateQueries({ queryKey: [...assignKey, 'assignments', request.test_code] })
        .then(() => queryClient.invalidateQueries({ queryKey: [...assignKey, 'problems', request.test_code] })),
  });
}
