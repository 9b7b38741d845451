import { mySlotsResponseSchema, problemDetailResponseSchema, submitProblemRequestSchema, type ProblemContent } from '@qbank/shared/authoring';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { authoringKeys } from '../authoring/api';
import { apiRequest } from '../lib/api-client';

// "My problems" (spec §2, §7): the member's assigned slots and their submit. The slot's content
// is read with the authoring detail call (see ../authoring/problem-content-form.tsx).

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
    mutationFn: (content: ProblemContent) =>
      apiRequest(`/v1/problem/${uid}/submit`, {
        method: 'POST',
        body: submitProblemRequestSchema.parse({ content }),
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
