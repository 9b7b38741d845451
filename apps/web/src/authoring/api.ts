import { okResponseSchema } from '@qbank/shared/auth';
import type { ReviewStatus } from '@qbank/shared/submission-review';
import { submitProblemRequestSchema, updateProblemRequestSchema, type SubmitProblemRequest, type UpdateProblemRequest } from '@qbank/shared/authoring';
import {
  bulkDeleteVacantRequestSchema,
  bulkDeleteVacantResponseSchema,
  createEmptySlotsRequestSchema,
  createdSlotsResponseSchema,
  deletedProblemResponseSchema,
  type CreateEmptySlotsRequest,
} from '@qbank/shared/authoring-slots';
import {
  leadProblemsResponseSchema,
  problemDetailResponseSchema,
  versionsResponseSchema,
  type LeadProblemRow,
  type ProblemDetail,
} from '@qbank/shared/lead-problems';
import { mySlotsResponseSchema } from '@qbank/shared/my-problems';
import {
  createSetHeaderRequestSchema,
  setHeaderResponseSchema,
  updateSetHeaderRequestSchema,
  type CreateSetHeaderRequest,
  type UpdateSetHeaderRequest,
} from '@qbank/shared/set-headers';
import { PROBLEM_TYPE_ORDER } from '@qbank/shared/problems';
import {
  testCountResponseSchema,
  testDeleteCheckResponseSchema,
  testDeleteResponseSchema,
  testInfoResponseSchema,
  testsResponseSchema,
  testWriteRequestSchema,
  type TestInfo,
  type TestWriteRequest,
} from '@qbank/shared/exams';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { subjectNamesQueryOptions } from '../subjects/api';

// The lead authoring calls: exam management, the slot list,
// problem detail with its versions, set headers and deletions. Shapes come from
// @qbank/shared/exams and @qbank/shared/authoring; query keys only from the factories below.

/** The lead exam list shows 20 a page (paged by the server). */
export const EXAMS_PAGE_SIZE = 20;
/** The lead screens read an exam's problems in batches of 100. */
export const LEAD_PROBLEMS_BATCH = 100;
/** The lead problem list shows 50 a page. */
export const LEAD_PROBLEMS_PAGE_SIZE = 50;
export const VERSIONS_PAGE_SIZE = 50;
/** A subject's classes are read whole for the class picker, a page of the call's maximum at a time. */

export interface ExamListParams {
  year: number | null;
  subject: number | null;
  page: number;
}

// Exam lists and years share the reading screens' roots ('tests', 'subjects'): a change made
// here marks the public exam list, the subject pages and the viewers' exam cards stale too.
export const authoringKeys = {
  tests: ['tests'] as const,
  subjects: ['subjects'] as const,
  readingProblems: ['problems'] as const,
  examList: (params: ExamListParams) => ['tests', 'lead-list', params] as const,
  examCount: () => ['tests', 'count'] as const,
  deleteCheck: (testCode: number) => ['tests', testCode, 'delete-check'] as const,
  all: ['authoring'] as const,
  problems: (testCode: number) => ['authoring', 'problems', testCode] as const,
  detail: (uid: number) => ['authoring', 'problem', uid] as const,
  versions: (uid: number) => ['authoring', 'problem', uid, 'versions'] as const,
  myProblems: ['my-problems'] as const,
};

// ---- Exams

export const examListQueryOptions = (params: ExamListParams) =>
  queryOptions({
    queryKey: authoringKeys.examList(params),
    queryFn: ({ signal }) =>
      apiRequest('/v1/test/tests', {
        query: { year: params.year, subject_code: params.subject, page: params.page, limit: EXAMS_PAGE_SIZE },
        schema: testsResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** All exams, whatever the filters (the header's total). */
export const examCountQueryOptions = () =>
  queryOptions({
    queryKey: authoringKeys.examCount(),
    queryFn: ({ signal }) => apiRequest('/v1/test/count', { schema: testCountResponseSchema, signal }),
    select: (data) => data.total,
  });

/**
 * Every subject for the exam filter and the exam form's select, in Korean dictionary order.
 * The call itself is the subjects feature's; only the order is authoring's.
 */
export const useSubjectChoices = () =>
  useQuery({
    ...subjectNamesQueryOptions(),
    select: (data) => [...data.subject_names].sort((x, y) => x.subject_name.localeCompare(y.subject_name, 'ko')),
  });

export const deleteCheckQueryOptions = (testCode: number) =>
  queryOptions({
    queryKey: authoringKeys.deleteCheck(testCode),
    queryFn: ({ signal }) => apiRequest(`/v1/test/${testCode}/delete-check`, { schema: testDeleteCheckResponseSchema, signal }),
    // Counts change while a student writes: asked afresh every time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });

/** What a change to exams or problems may have made stale outside this feature. */
function invalidateReading(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: authoringKeys.tests }),
    queryClient.invalidateQueries({ queryKey: authoringKeys.subjects }),
    queryClient.invalidateQueries({ queryKey: authoringKeys.readingProblems }),
  ]);
}

export function useSaveExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ testCode, request }: { testCode: number | null; request: TestWriteRequest }) =>
      apiRequest(testCode === null ? '/v1/test' : `/v1/test/${testCode}`, {
        method: testCode === null ? 'POST' : 'PUT',
        body: testWriteRequestSchema.parse(request),
        schema: testInfoResponseSchema,
      }),
    onSuccess: () => invalidateReading(queryClient),
  });
}

export function useDeleteExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (testCode: number) => apiRequest(`/v1/test/${testCode}`, { method: 'DELETE', schema: testDeleteResponseSchema }),
    onSuccess: (_data, testCode) => {
      queryClient.removeQueries({ queryKey: authoringKeys.problems(testCode) });
      return invalidateReading(queryClient);
    },
  });
}

// ---- The lead problem list

export interface LeadProblemList {
  test: TestInfo;
  problems: LeadProblemRow[];
}

const typeRank = (type: number) => {
  const index = (PROBLEM_TYPE_ORDER as readonly number[]).indexOf(type);
  return index === -1 ? PROBLEM_TYPE_ORDER.length : index;
};

/** PROBLEM_TYPE_ORDER (packages/shared/src/problems.ts): multiple choice, subjective, slide, then by number. */
export function sortProblems<T extends { type: number; no: number }>(rows: readonly T[]): T[] {
  return [...rows].sort((x, y) => typeRank(x.type) - typeRank(y.type) || x.no - y.no);
}

/** Every slot of the exam, vacant ones included, read in batches of 100 until the count is reached. */
async function fetchLeadProblems(testCode: number, signal: AbortSignal, reviewStatus?: ReviewStatus): Promise<LeadProblemList> {
  const rows: LeadProblemRow[] = [];
  const seen = new Set<number>();
  for (let page = 1; ; page += 1) {
    const batch = await apiRequest('/v1/problem/lead', {
      query: { test_code: testCode, include_vacant: 1, page, limit: LEAD_PROBLEMS_BATCH, review_status: reviewStatus },
      schema: leadProblemsResponseSchema,
      signal,
    });
    for (const row of batch.problem) {
      if (seen.has(row.uid)) continue;
      seen.add(row.uid);
      rows.push(row);
    }
    // An empty batch also ends the loop, so a count that shrank meanwhile cannot spin.
    if (batch.problem.length === 0 || page * batch.limit >= batch.problem_count) {
      return { test: batch.test, problems: sortProblems(rows) };
    }
  }
}

/** `reviewStatus`: only the slots in that review step (issue 15). */
export const leadProblemsQueryOptions = (testCode: number, reviewStatus?: ReviewStatus) =>
  queryOptions({
    queryKey: reviewStatus ? [...authoringKeys.problems(testCode), reviewStatus] : authoringKeys.problems(testCode),
    queryFn: ({ signal }) => fetchLeadProblems(testCode, signal, reviewStatus),
  });

/** After a slot changed: this feature's lists and details, the reading screens, and "my problems". */
function invalidateProblems(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: authoringKeys.all }),
    queryClient.invalidateQueries({ queryKey: authoringKeys.myProblems }),
    invalidateReading(queryClient),
  ]);
}

export function useCreateSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateEmptySlotsRequest) =>
      apiRequest('/v1/problem/create-empty', {
        method: 'POST',
        body: createEmptySlotsRequestSchema.parse(request),
        schema: createdSlotsResponseSchema,
      }),
    onSuccess: () => invalidateProblems(queryClient),
  });
}

export function useDeleteProblem() {
  const queryClient = useQueryClient();
  return useMutation({
    // DELETE /v1/problem?test_code&no&type names a slot by its exam, type and number.
    mutationFn: (slot: { test_code: number; no: number; type: number }) =>
      apiRequest('/v1/problem', { method: 'DELETE', query: slot, schema: deletedProblemResponseSchema }),
    onSuccess: () => invalidateProblems(queryClient),
  });
}

export function useBulkDeleteVacant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (testCode: number) =>
      apiRequest('/v1/problem/bulk-delete-vacant', {
        method: 'DELETE',
        body: bulkDeleteVacantRequestSchema.parse({ test_code: testCode }),
        schema: bulkDeleteVacantResponseSchema,
      }),
    onSuccess: () => invalidateProblems(queryClient),
  });
}

// ---- Problem detail, edit and history

/** The lead detail and an assignee's own slot (my-problems) read the same call. */
export const problemDetailQueryOptions = (uid: number) =>
  queryOptions({
    queryKey: authoringKeys.detail(uid),
    queryFn: ({ signal }) => apiRequest(`/v1/problem/${uid}/detail`, { schema: problemDetailResponseSchema, signal }),
    select: (data) => data.problem,
  });

/** A save answers with the problem as stored: the detail shows it at once, everything else re-reads. */
function useProblemWrite<Variables>(uid: number, mutationFn: (variables: Variables) => Promise<{ problem: ProblemDetail }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      queryClient.setQueryData(authoringKeys.detail(uid), data);
      return invalidateProblems(queryClient);
    },
  });
}

export function useUpdateProblem(uid: number) {
  return useProblemWrite(uid, (request: UpdateProblemRequest) =>
    apiRequest(`/v1/problem/${uid}`, { method: 'PATCH', body: updateProblemRequestSchema.parse(request), schema: problemDetailResponseSchema }),
  );
}

export function useRestoreVersion(uid: number) {
  return useProblemWrite(uid, (versionCode: number) =>
    apiRequest(`/v1/problem/${uid}/versions/${versionCode}/restore`, { method: 'POST', schema: problemDetailResponseSchema }),
  );
}

export const versionsInfiniteOptions = (uid: number) =>
  infiniteQueryOptions({
    queryKey: authoringKeys.versions(uid),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/v1/problem/${uid}/versions`, { query: { page: pageParam, limit: VERSIONS_PAGE_SIZE }, schema: versionsResponseSchema, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.versions.length > 0 && last.page * last.limit < last.total ? last.page + 1 : undefined),
  });

// ---- Set headers

export function useSetHeaderWrites() {
  const queryClient = useQueryClient();
  const onSuccess = () => invalidateProblems(queryClient);
  const create = useMutation({
    mutationFn: (request: CreateSetHeaderRequest) =>
      apiRequest('/v1/problem/header', { method: 'POST', body: createSetHeaderRequestSchema.parse(request), schema: setHeaderResponseSchema }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ code, request }: { code: number; request: UpdateSetHeaderRequest }) =>
      apiRequest(`/v1/problem/header/${code}`, {
        method: 'PATCH',
        body: updateSetHeaderRequestSchema.parse(request),
        schema: setHeaderResponseSchema,
      }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (code: number) => apiRequest(`/v1/problem/header/${code}`, { method: 'DELETE', schema: okResponseSchema }),
    onSuccess,
  });
  return { create, update, remove };
}

// "My problems": the member's assigned slots and their submit. The slot's content
// is read with the authoring detail call (see problem-content-form.tsx).

export interface MySlotFilters {
  year: number | null;
  subject: number | null;
}

export const mySlotsQueryOptions = (filters: MySlotFilters) =>
  queryOptions({
    queryKey: [...authoringKeys.myProblems, filters],
    queryFn: ({ signal }) =>
      apiRequest('/v1/problem/my-slots', { query: { year: filters.year, subject_code: filters.subject }, schema: mySlotsResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** POST /v1/problem/{slot}/submit {content}: the slot becomes complete (is_vacant 0, submitted). */
export function useSubmitSlot(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SubmitProblemRequest) =>
      apiRequest(`/v1/problem/${uid}/submit`, {
        method: 'POST',
        body: submitProblemRequestSchema.parse(request),
        schema: problemDetailResponseSchema,
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(authoringKeys.detail(uid), data);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: authoringKeys.myProblems }),
        queryClient.invalidateQueries({ queryKey: authoringKeys.all }),
        queryClient.invalidateQueries({ queryKey: authoringKeys.tests }),
        queryClient.invalidateQueries({ queryKey: authoringKeys.readingProblems }),
      ]);
    },
  });
}
