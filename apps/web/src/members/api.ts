import type { Member } from '@qbank/shared/auth';
import {
  MEMBER_LIST_MAX_LIMIT,
  memberAuthorityRequestSchema,
  memberCreateRequestSchema,
  memberCreateResponseSchema,
  memberDeleteResponseSchema,
  memberListResponseSchema,
  memberUpdateRequestSchema,
  retainGradeRequestSchema,
  retainGradeResponseSchema,
  type MemberAuthorityRequest,
  type MemberCreateRequest,
  type MemberListQuery,
  type MemberUpdateRequest,
} from '@qbank/shared/member-admin';
import { memberResponseSchema } from '@qbank/shared/members';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

// The membership screens' calls. Shapes come from @qbank/shared/member-admin;
// every mutation re-reads all member lists, since one change can move a member between them.

const membersKey = ['members'] as const;

/** The list query in its parsed shape: sent as is, the server parses it back to the same values. */
export type MemberListParams = Partial<MemberListQuery> & Pick<MemberListQuery, 'page' | 'limit'>;

/** The whole membership in one page (the pending, lead, admin and retention screens ask for 9999). */
export const ALL_MEMBERS: MemberListParams = { page: 1, limit: MEMBER_LIST_MAX_LIMIT };

export const memberListQueryOptions = (query: MemberListParams) =>
  queryOptions({
    queryKey: [...membersKey, 'list', query],
    queryFn: ({ signal }) => apiRequest('/v1/member/members', { query, schema: memberListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

const memberPath = (code: number) => `/v1/member/${encodeURIComponent(code)}`;

function useMemberMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

export function useApproveMember() {
  return useMemberMutation((member: Member) => apiRequest(`${memberPath(member.code)}/validate`, { method: 'POST', schema: memberResponseSchema }));
}

export function useChangeAuthority() {
  return useMemberMutation(({ member, request }: { member: Member; request: MemberAuthorityRequest }) =>
    apiRequest(`${memberPath(member.code)}/authority`, {
      method: 'POST',
      body: memberAuthorityRequestSchema.parse(request),
      schema: memberResponseSchema,
    }),
  );
}

export function useUpdateMember() {
  return useMemberMutation(({ member, request }: { member: Member; request: MemberUpdateRequest }) =>
    apiRequest(memberPath(member.code), { method: 'PATCH', body: memberUpdateRequestSchema.parse(request), schema: memberResponseSchema }),
  );
}

export function useDeleteMember() {
  return useMemberMutation((member: Member) => apiRequest(memberPath(member.code), { method: 'DELETE', schema: memberDeleteResponseSchema }));
}

export function useCreateMember() {
  return useMemberMutation((request: MemberCreateRequest) =>
    apiRequest('/v1/member', { method: 'POST', body: memberCreateRequestSchema.parse(request), schema: memberCreateResponseSchema }),
  );
}

export function useRetainGrades() {
  return useMemberMutation((memberCodes: number[]) =>
    apiRequest('/v1/member/retain-grade', {
      method: 'POST',
      body: retainGradeRequestSchema.parse({ member_codes: memberCodes }),
      schema: retainGradeResponseSchema,
    }),
  );
}
