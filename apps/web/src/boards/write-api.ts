import { okResponseSchema } from '@qbank/shared/auth';
import {
  boardContentResponseSchema,
  boardReplyResponseSchema,
  boardResponseSchema,
  createBoardRequestSchema,
  createPostRequestSchema,
  renameBoardRequestSchema,
  updatePostRequestSchema,
  type BoardContentDetail,
  type BoardReply,
  type CreateBoardRequest,
  type CreatePostRequest,
  type RenameBoardRequest,
  type UpdatePostRequest,
} from '@qbank/shared/boards';
import { replyRequestSchema, type ReplyRequest } from '@qbank/shared/replies';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { boardContentQueryOptions, boardsQueryOptions } from './api';

// Board writing (decision 126): posts, replies and board administration.
// Every read of a post counts a view, so after a change the post in the cache is updated from
// the answer instead of being read again; only the lists are refetched.

type Id = string | number;
const seg = (value: Id) => encodeURIComponent(String(value));
const contentsPath = (boardCode: Id) => `/boards/${seg(boardCode)}/contents`;
const contentPath = (boardCode: Id, contentCode: number) => `${contentsPath(boardCode)}/${contentCode}`;
const repliesPath = (boardCode: Id, contentCode: number) => `${contentPath(boardCode, contentCode)}/replies`;

/** The board lists and the home notices; never a post itself (that read would count a view). */
function invalidateLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['boards'], predicate: (query) => query.queryKey[2] !== 'content' });
}

/** Puts a post into the cache under the key its page reads (the board code as in the address). */
function cachePost(queryClient: QueryClient, content: BoardContentDetail) {
  queryClient.setQueryData(boardContentQueryOptions(String(content.board_code), content.code).queryKey, { content });
}

export function useCreatePost(boardCode: Id) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePostRequest) =>
      apiRequest(contentsPath(boardCode), { method: 'POST', body: createPostRequestSchema.parse(input), schema: boardContentResponseSchema }),
    onSuccess: ({ content }) => {
      cachePost(queryClient, content);
      void invalidateLists(queryClient);
    },
  });
}

export function useUpdatePost(boardCode: Id, contentCode: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePostRequest) =>
      apiRequest(contentPath(boardCode, contentCode), {
        method: 'PATCH',
        body: updatePostRequestSchema.parse(input),
        schema: boardContentResponseSchema,
      }),
    onSuccess: ({ content }) => {
      cachePost(queryClient, content);
      void invalidateLists(queryClient);
    },
  });
}

/** Where an approved member downloads a post's attachment (decision 020). */
export function attachmentPath(boardCode: Id, contentCode: number): string {
  return `${contentPath(boardCode, contentCode)}/attachment`;
}

/**
 * Deletes a post. The page leaves first and then calls `forget`: removing the post from the
 * cache while its page still shows it would read it again (a 404).
 */
export function useDeletePost(boardCode: Id, contentCode: number) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => apiRequest(contentPath(boardCode, contentCode), { method: 'DELETE', schema: okResponseSchema }),
    onSuccess: () => invalidateLists(queryClient),
  });
  const forget = () => queryClient.removeQueries({ queryKey: boardContentQueryOptions(String(boardCode), contentCode).queryKey });
  return { ...mutation, forget };
}

/** Replies change the post in the cache under `pageBoardCode` (the board code of the page's address). */
function useReplyCache(pageBoardCode: string, contentCode: number) {
  const queryClient = useQueryClient();
  const key = boardContentQueryOptions(pageBoardCode, contentCode).queryKey;
  return (change: (replies: BoardReply[]) => BoardReply[]) => {
    queryClient.setQueryData(key, (old) => {
      if (!old) return old;
      const replies = change(old.content.replies);
      return { content: { ...old.content, replies, reply_count: replies.length } };
    });
    void invalidateLists(queryClient);
  };
}

/** A new reply and an edited one send the same body and get the reply back. */
function sendReply(path: string, method: 'POST' | 'PUT', input: ReplyRequest) {
  return apiRequest(path, { method, body: replyRequestSchema.parse(input), schema: boardReplyResponseSchema });
}

export function useCreateReply(pageBoardCode: string, contentCode: number) {
  const update = useReplyCache(pageBoardCode, contentCode);
  return useMutation({
    mutationFn: (input: ReplyRequest) => sendReply(repliesPath(pageBoardCode, contentCode), 'POST', input),
    onSuccess: ({ reply }) => update((replies) => [...replies, reply]),
  });
}

export function useUpdateReply(pageBoardCode: string, contentCode: number) {
  const update = useReplyCache(pageBoardCode, contentCode);
  return useMutation({
    mutationFn: ({ replyCode, body }: { replyCode: number; body: ReplyRequest }) =>
      sendReply(`${repliesPath(pageBoardCode, contentCode)}/${replyCode}`, 'PUT', body),
    onSuccess: ({ reply }) => update((replies) => replies.map((r) => (r.code === reply.code ? reply : r))),
  });
}

export function useDeleteReply(pageBoardCode: string, contentCode: number) {
  const update = useReplyCache(pageBoardCode, contentCode);
  return useMutation({
    mutationFn: (replyCode: number) => apiRequest(`${repliesPath(pageBoardCode, contentCode)}/${replyCode}`, { method: 'DELETE', schema: okResponseSchema }),
    onSuccess: (_ok, replyCode) => update((replies) => replies.filter((r) => r.code !== replyCode)),
  });
}

export function useCreateBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBoardRequest) =>
      apiRequest('/boards', { method: 'POST', body: createBoardRequestSchema.parse(input), schema: boardResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardsQueryOptions().queryKey }),
  });
}

export function useRenameBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ boardCode, body }: { boardCode: number; body: RenameBoardRequest }) =>
      apiRequest(`/boards/${boardCode}`, { method: 'PATCH', body: renameBoardRequestSchema.parse(body), schema: boardResponseSchema }),
    onSuccess: () => invalidateLists(queryClient),
  });
}
