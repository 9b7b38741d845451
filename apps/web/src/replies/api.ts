import { okResponseSchema } from '@qbank/shared/auth';
import { repliesResponseSchema, replyResponseSchema, type ReplyRequest } from '@qbank/shared/replies';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

// Comments on a problem (approved members only). Query keys come only from `replyKeys`; each
// change refetches the problem's thread, so the list shows what the server holds.

export const replyKeys = {
  all: ['replies'] as const,
  thread: (problemUid: number) => [...replyKeys.all, problemUid] as const,
};

export const repliesQueryOptions = (problemUid: number) =>
  queryOptions({
    queryKey: replyKeys.thread(problemUid),
    queryFn: ({ signal }) => apiRequest(`/v1/problem/${problemUid}/replies`, { schema: repliesResponseSchema, signal }),
    select: (data) => data.replies,
  });

export function useReplies(problemUid: number, enabled = true) {
  return useQuery({ ...repliesQueryOptions(problemUid), enabled });
}

function useRefetchThread(problemUid: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: replyKeys.thread(problemUid) });
}

export function useCreateReply(problemUid: number) {
  const refetch = useRefetchThread(problemUid);
  return useMutation({
    mutationFn: (body: ReplyRequest) => apiRequest(`/v1/problem/${problemUid}/reply`, { method: 'POST', body, schema: replyResponseSchema }),
    onSuccess: refetch,
  });
}

export function useUpdateReply(problemUid: number) {
  const refetch = useRefetchThread(problemUid);
  return useMutation({
    mutationFn: ({ replyCode, body }: { replyCode: number; body: ReplyRequest }) =>
      apiRequest(`/v1/problem/${problemUid}/reply/${replyCode}`, { method: 'PUT', body, schema: replyResponseSchema }),
    onSuccess: refetch,
  });
}

export function useDeleteReply(problemUid: number) {
  const refetch = useRefetchThread(problemUid);
  return useMutation({
    mutationFn: (replyCode: number) => apiRequest(`/v1/problem/${problemUid}/reply/${replyCode}`, { method: 'DELETE', schema: okResponseSchema }),
    onSuccess: refetch,
  });
}
