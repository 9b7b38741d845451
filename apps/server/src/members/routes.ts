import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  memberAuthorityRequestSchema,
  memberCreateRequestSchema,
  memberCreateResponseSchema,
  memberDeleteResponseSchema,
  memberListQuerySchema,
  memberListResponseSchema,
  memberUpdateRequestSchema,
  retainGradeRequestSchema,
  retainGradeResponseSchema,
} from '@qbank/shared/member-admin';
import { memberCodeParamsSchema, memberResponseSchema } from '@qbank/shared/members';
import { guard, signedInMember } from '../core/auth-guards';
import { presentMember } from './presenter';
import { approveMember, changeAuthority, createMemberByAdmin, listMembersFor, patchMember, removeMember, retainGrades } from './service';

// The /v1/member calls. Who may do what is decision 122 (authority), enforced in the service.
export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/v1/member/members',
    { onRequest: guard('lead'), schema: { querystring: memberListQuerySchema, response: { 200: memberListResponseSchema } } },
    async (request) => {
      const actor = signedInMember(request);
      const { page, limit } = request.query;
      const { rows, total } = await listMembersFor(ctx, actor, request.query);
      return { members: rows.map(presentMember), total, page, limit, size: rows.length };
    },
  );

  api.post(
    '/v1/member',
    { onRequest: guard('admin'), schema: { body: memberCreateRequestSchema, response: { 201: memberCreateResponseSchema } } },
    async (request, reply) => {
      const { member, oneTimePassword } = await createMemberByAdmin(ctx, signedInMember(request), request.body);
      // The password is shown once: no cache keeps a copy.
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send({ member: presentMember(member), one_time_password: oneTimePassword });
    },
  );

  api.post(
    '/v1/member/retain-grade',
    { onRequest: guard('lead'), schema: { body: retainGradeRequestSchema, response: { 200: retainGradeResponseSchema } } },
    async (request) => {
      const members = await retainGrades(ctx, signedInMember(request), request.body.member_codes);
      return { count: members.length, members: members.map(presentMember) };
    },
  );

  // Approval of a sign-up.
  api.post(
    '/v1/member/:code/validate',
    { onRequest: guard('admin'), schema: { params: memberCodeParamsSchema, response: { 200: memberResponseSchema } } },
    async (request) => {
      return { member: presentMember(await approveMember(ctx, signedInMember(request), request.params.code)) };
    },
  );

  api.post(
    '/v1/member/:code/authority',
    { onRequest: guard('admin'), schema: { params: memberCodeParamsSchema, body: memberAuthorityRequestSchema, response: { 200: memberResponseSchema } } },
    async (request) => {
      const actor = signedInMember(request);
      return { member: presentMember(await changeAuthority(ctx, actor, request.params.code, request.body)) };
    },
  );

  api.patch(
    '/v1/member/:code',
    { onRequest: guard('admin'), schema: { params: memberCodeParamsSchema, body: memberUpdateRequestSchema, response: { 200: memberResponseSchema } } },
    async (request) => {
      const actor = signedInMember(request);
      return { member: presentMember(await patchMember(ctx, actor, request.params.code, request.body)) };
    },
  );

  api.delete(
    '/v1/member/:code',
    { onRequest: guard('admin'), schema: { params: memberCodeParamsSchema, response: { 200: memberDeleteResponseSchema } } },
    async (request) => {
      const actor = signedInMember(request);
      await removeMember(ctx, actor, request.params.code);
      return { ok: true as const, code: request.params.code };
    },
  );
}
