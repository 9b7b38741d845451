import {
  createSessionResponseSchema,
  sessionCountResponseSchema,
  sessionDetailResponseSchema,
  sessionFinishResponseSchema,
  sessionsResponseSchema,
  wrongNotesResponseSchema,
  type CreateSessionRequest,
  type StudyFilter,
  type StudyMode,
  type StudyScope,
} from '@qbank/shared/study';
import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { boxesQueryOptions, boxKeys } from '../boxes/api';
import { apiRequest, isApiRequestError } from '../lib/api-client';
import { answerQueue } from '../answering/api';
import { subjectAllClassesQueryOptions, subjectNamesQueryOptions } from '../subjects/api';
import { answerableTestsQueryOptions, testYearsQueryOptions } from '../exams/api';

// The calls of study sessions. Query keys come only from `studyKeys`.

export const studyKeys = {
  all: ['study'] as const,
  count: (filter: StudyFilter, scope: StudyScope, onePerLineage = false) => [...studyKeys.all, 'count', filter, scope, { onePerLineage }] as const,
  studySession: (code: number) => [...studyKeys.all, 'session', code] as const,
  studySessions: (limit: number) => [...studyKeys.all, 'sessions', limit] as const,
};

const list = (values: readonly number[] | undefined) => (values && values.length > 0 ? values.join(',') : undefined);

/** How many problems a session can draw; with 한 계열에 한 문제, each lineage counts once (decision 190). */
export function useMatchingCount(filter: StudyFilter, scope: StudyScope, onePerLineage: boolean, enabled: boolean) {
  return useQuery({
    queryKey: studyKeys.count(filter, scope, onePerLineage),
    queryFn: ({ signal }) =>
      apiRequest('/v1/study/sessions/count', {
        query: {
          filter,
          subject_codes: list(scope.subject_codes),
          years: list(scope.years),
          test_codes: list(scope.test_codes),
          class_codes: list(scope.class_codes),
          box_code: scope.box_code,
          difficulties: scope.difficulties && scope.difficulties.length > 0 ? scope.difficulties.join(',') : undefined,
          one_per_lineage: onePerLineage ? 'true' : undefined,
        },
        schema: sessionCountResponseSchema,
        signal,
      }),
    select: (data) => data.count,
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The scope's choices, each read through the factory of the feature that owns the endpoint. */
export function useScopeChoices() {
  const subjects = useQuery(subjectNamesQueryOptions());
  const years = useQuery(testYearsQueryOptions());
  const exams = useQuery(answerableTestsQueryOptions());
  const boxes = useQuery(boxesQueryOptions());
  return { subjects, years, exams, boxes };
}

/** The lecture classes of the chosen subjects. */
export function useSubjectClasses(subjectCodes: readonly number[]) {
  return useQueries({
    queries: subjectCodes.map((code) => subjectAllClassesQueryOptions(code)),
    combine: (results) => results.flatMap((result) => result.data ?? []),
  });
}

export function useCreateStudySession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSessionRequest) =>
      apiRequest('/v1/study/sessions', { method: 'POST', body, schema: createSessionResponseSchema }).then((data) => data.session),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...studyKeys.all, 'sessions'] }),
  });
}

/**
 * The session's read sends the member's waiting answers first: read once its time has run out,
 * the session is finished and shows its result, after which it takes no more answers (decision 071).
 */
export const studySessionQueryOptions = (code: number, memberCode: number | null) =>
  queryOptions({
    queryKey: studyKeys.studySession(code),
    queryFn: async ({ signal }) => {
      if (memberCode !== null) await answerQueue.flush(memberCode).catch(() => undefined);
      return apiRequest(`/v1/study/sessions/${code}`, { schema: sessionDetailResponseSchema, signal });
    },
    // The screen keeps its answers from then on; a reload or another device reads again.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: (failures, error) => failures < 2 && !(isApiRequestError(error) && error.status === 404),
    // Asked even when the browser says it is offline: the service worker answers from its cache
    // (a session opened online keeps working in a tunnel; decision 054).
    networkMode: 'offlineFirst',
  });

export function useStudySession(code: number, memberCode: number | null) {
  return useQuery(studySessionQueryOptions(code, memberCode));
}

/**
 * Finishing sends the answers still waiting first (decision 054): the result is counted from what
 * the server has. Needs the connection: it fails at once offline instead of waiting (the screen
 * says why and finishes when the connection returns).
 */
export function useFinishStudySession(code: number, memberCode: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async () => {
      if (memberCode !== null) await answerQueue.flush(memberCode).catch(() => undefined);
      return apiRequest(`/v1/study/sessions/${code}/finish`, { method: 'POST', schema: sessionFinishResponseSchema });
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: studyKeys.studySession(code) });
      await queryClient.invalidateQueries({ queryKey: [...studyKeys.all, 'sessions'] });
    },
  });
}

export function useRetryStudySession(code: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { mode?: StudyMode }) =>
      apiRequest(`/v1/study/sessions/${code}/retry`, { method: 'POST', body, schema: createSessionResponseSchema }).then((data) => data.session),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...studyKeys.all, 'sessions'] }),
  });
}

export function useSaveWrongNotes(code: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`/v1/study/sessions/${code}/wrong-notes`, { method: 'POST', schema: wrongNotesResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boxKeys.all }),
  });
}

export function useMyStudySessions(limit: number) {
  return useQuery({
    queryKey: studyKeys.studySessions(limit),
    queryFn: ({ signal }) => apiRequest('/v1/study/sessions', { query: { page: 1, limit }, schema: sessionsResponseSchema, signal }),
    placeholderData: keepPreviousData,
    // The list a student resumes a session from, offline too (the service worker's copy).
    networkMode: 'offlineFirst',
  });
}
