import { okResponseSchema } from '@qbank/shared/auth';
import {
  classResponseSchema,
  classWriteRequestSchema,
  subjectCreateRequestSchema,
  subjectDeleteRequestSchema,
  subjectResponseSchema,
  subjectsResponseSchema,
  subjectUpdateRequestSchema,
  type ClassWriteRequest,
  type SubjectCreateRequest,
  type SubjectUpdateRequest,
} from '@qbank/shared/subjects';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { subjectKeys, type SubjectFilters } from './api';

// The lead subject screen's calls (decision 028). Reads are the public
// ones; writes need a lead. Every write re-reads everything under ['subjects'], so the public
// subject and class pages show the change too.

/** The lead subject screen pages 20 at a time, on the server. */
export const LEAD_SUBJECTS_PAGE_SIZE = 20;

/** The students' list's filters and the page. */
export interface LeadSubjectParams extends SubjectFilters {
  page: number;
}

export const leadSubjectsQueryOptions = (params: LeadSubjectParams) =>
  queryOptions({
    queryKey: subjectKeys.manage(params),
    queryFn: ({ signal }) =>
      apiRequest('/v1/subject/subjects', {
        query: { search: params.search, grade: params.grade, subject_type: params.type, page: params.page, limit: LEAD_SUBJECTS_PAGE_SIZE },
        schema: subjectsResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

function useSubjectMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: subjectKeys.all }),
  });
}

export function useCreateSubject() {
  return useSubjectMutation((request: SubjectCreateRequest) =>
    apiRequest('/v1/subject', { method: 'POST', body: subjectCreateRequestSchema.parse(request), schema: subjectResponseSchema }),
  );
}

export function useUpdateSubject() {
  return useSubjectMutation((request: SubjectUpdateRequest) =>
    apiRequest('/v1/subject', { method: 'PUT', body: subjectUpdateRequestSchema.parse(request), schema: subjectResponseSchema }),
  );
}

export function useDeleteSubject() {
  return useSubjectMutation((code: number) =>
    apiRequest('/v1/subject', { method: 'DELETE', body: subjectDeleteRequestSchema.parse({ code }), schema: okResponseSchema }),
  );
}

export function useSaveClass() {
  return useSubjectMutation(({ subjectCode, classUid, request }: { subjectCode: number; classUid: number | null; request: ClassWriteRequest }) =>
    classUid === null
      ? apiRequest(`/v1/subject/${encodeURIComponent(subjectCode)}/classes`, {
          method: 'POST',
          body: classWriteRequestSchema.parse(request),
          schema: classResponseSchema,
        })
      : apiRequest(`/v1/class/${encodeURIComponent(classUid)}`, {
          method: 'PUT',
          body: classWriteRequestSchema.parse(request),
          schema: classResponseSchema,
        }),
  );
}

export function useDeleteClass() {
  return useSubjectMutation((classUid: number) => apiRequest(`/v1/class/${encodeURIComponent(classUid)}`, { method: 'DELETE', schema: okResponseSchema }));
}
