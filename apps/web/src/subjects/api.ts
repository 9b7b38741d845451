import { subjectClassesResponseSchema, subjectNamesResponseSchema, subjectsResponseSchema, yearsResponseSchema, type ClassRow } from '@qbank/shared/subjects';
import { subjectTestsResponseSchema } from '@qbank/shared/exams';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

// The subject screens' calls. All are public reads.

/** The public subject list asks for 200 at once and pages nothing. */
export const SUBJECTS_LIMIT = 200;
/** Classes and a subject's tests: 20 a page, page links when the total exceeds 20. */
export const CLASSES_PAGE_SIZE = 20;
export const SUBJECT_TESTS_PAGE_SIZE = 20;
/** The largest page the classes endpoint serves: a subject's every class in one or a few reads. */
const ALL_CLASSES_BATCH = 1000;

/** '' means all; type is '0' basic/other or '1' clinical; grade is a grade code. */
export interface SubjectFilters {
  type: '' | '0' | '1';
  grade: string;
  search: string;
}

/** Every subjects query key: the lead screens' writes re-read everything under `subjectKeys.all`. */
export const subjectKeys = {
  all: ['subjects'] as const,
  list: (filters: SubjectFilters) => [...subjectKeys.all, 'list', filters] as const,
  names: () => [...subjectKeys.all, 'names'] as const,
  years: (subjectId: number) => [...subjectKeys.all, subjectId, 'years'] as const,
  classes: (subjectId: number, params: object) => [...subjectKeys.all, subjectId, 'classes', params] as const,
  tests: (subjectId: number, params: object) => [...subjectKeys.all, subjectId, 'tests', params] as const,
  manage: (params: object) => [...subjectKeys.all, 'manage', params] as const,
  allClasses: (subjectId: number) => [...subjectKeys.all, subjectId, 'all-classes'] as const,
};

/** Every subject (code and name), in the server's order: the exam filters' and forms' choices. */
export const subjectNamesQueryOptions = () =>
  queryOptions({
    queryKey: subjectKeys.names(),
    queryFn: ({ signal }) => apiRequest('/v1/subject/names', { schema: subjectNamesResponseSchema, auth: false, signal }),
    select: (data) => data.subject_names,
    staleTime: 5 * 60_000,
  });

export const subjectsQueryOptions = (filters: SubjectFilters) =>
  queryOptions({
    queryKey: subjectKeys.list(filters),
    queryFn: ({ signal }) =>
      apiRequest('/v1/subject/subjects', {
        query: { search: filters.search, grade: filters.grade, subject_type: filters.type, page: 1, limit: SUBJECTS_LIMIT },
        schema: subjectsResponseSchema,
        auth: false,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const subjectYearsQueryOptions = (subjectId: number) =>
  queryOptions({
    queryKey: subjectKeys.years(subjectId),
    queryFn: ({ signal }) => apiRequest('/v1/subject/years', { query: { subject_code: subjectId }, schema: yearsResponseSchema, auth: false, signal }),
    select: (data) => [...new Set(data.years)].sort((a, b) => b - a),
  });

export const subjectClassesQueryOptions = (subjectId: number, params: { year: number | null; search: string; page: number }) =>
  queryOptions({
    queryKey: subjectKeys.classes(subjectId, params),
    queryFn: ({ signal }) =>
      apiRequest(`/v1/subject/${subjectId}/classes`, {
        query: { search: params.search, year: params.year, page: params.page, limit: CLASSES_PAGE_SIZE },
        schema: subjectClassesResponseSchema,
        auth: false,
        signal,
      }),
    // The last page stays on screen while the next loads, but never another subject's rows.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === subjectId ? previous : undefined),
  });

export const subjectTestsQueryOptions = (subjectId: number, params: { search: string; page: number }) =>
  queryOptions({
    queryKey: subjectKeys.tests(subjectId, params),
    queryFn: ({ signal }) =>
      apiRequest(`/v1/subject/${subjectId}/tests`, {
        query: { search: params.search, page: params.page, limit: SUBJECT_TESTS_PAGE_SIZE },
        schema: subjectTestsResponseSchema,
        auth: false,
        signal,
      }),
    // The last page stays on screen while the next loads, but never another subject's rows.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === subjectId ? previous : undefined),
  });

/** Every class of a subject (page after page), each with the subject's name: the choices of the study builder and the problem form. */
async function fetchAllClasses(subjectId: number, signal: AbortSignal): Promise<Array<ClassRow & { subject_name: string }>> {
  const rows: Array<ClassRow & { subject_name: string }> = [];
  for (let page = 1; ; page += 1) {
    const batch = await apiRequest(`/v1/subject/${subjectId}/classes`, {
      query: { page, limit: ALL_CLASSES_BATCH },
      schema: subjectClassesResponseSchema,
      auth: false,
      signal,
    });
    rows.push(...batch.classes.map((row) => ({ ...row, subject_name: batch.subject.subject_name })));
    if (batch.classes.length === 0 || page * batch.limit >= batch.total) return rows;
  }
}

export const subjectAllClassesQueryOptions = (subjectId: number) =>
  queryOptions({
    queryKey: subjectKeys.allClasses(subjectId),
    queryFn: ({ signal }) => fetchAllClasses(subjectId, signal),
    staleTime: 5 * 60_000,
  });
