import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createDisputeRequestSchema,
  disputeCommentRequestSchema,
  disputeCommentResponseSchema,
  disputeParamsSchema,
  disputeResponseSchema,
  disputesQuerySchema,
  disputesResponseSchema,
  disputeSummaryQuerySchema,
  disputeSummaryResponseSchema,
  problemDisputesResponseSchema,
  rulingRequestSchema,
  unvoidResponseSchema,
} from '@qbank/shared/disputes';
import { problemParamsSchema } from '@qbank/shared/problems';
import { guard, signedInMember } from '../core/auth-guards';
import { commentOnDispute, disputeList, disputeSummaries, fileDispute, problemDisputes, restoreVoidedProblem, ruleDispute, supportDispute } from './service';

export async function disputeRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/v1/problem/:id/disputes',
    { onRequest: guard('approved'), schema: { params: problemParamsSchema, body: createDisputeRequestSchema, response: { 201: disputeResponseSchema } } },
    async (request, reply) => {
      const member = signedInMember(request);
      return reply.status(201).send({ dispute: await fileDispute(ctx, member, request.params.id, request.body) });
    },
  );

  api.get(
    '/v1/problem/:id/disputes',
    { onRequest: guard('approved'), schema: { params: problemParamsSchema, response: { 200: problemDisputesResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      return { disputes: await problemDisputes(ctx, member, request.params.id) };
    },
  );

  api.get(
    '/v1/disputes',
    { onRequest: guard('approved'), schema: { querystring: disputesQuerySchema, response: { 200: disputesResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      return disputeList(ctx, member, request.query);
    },
  );

  api.get(
    '/v1/disputes/summary',
    { onRequest: guard('approved'), schema: { querystring: disputeSummaryQuerySchema, response: { 200: disputeSummaryResponseSchema } } },
    async (request) => {
      return { summaries: await disputeSummaries(ctx, request.query.problem_uids) };
    },
  );

  api.post(
    '/v1/disputes/:code/support',
    { onRequest: guard('approved'), schema: { params: disputeParamsSchema, response: { 200: disputeResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      return { dispute: await supportDispute(ctx, member, request.params.code) };
    },
  );

  api.post(
    '/v1/disputes/:code/comments',
    {
      onRequest: guard('approved'),
      schema: { params: disputeParamsSchema, body: disputeCommentRequestSchema, response: { 201: disputeCommentResponseSchema } },
    },
    async (request, reply) => {
      const member = signedInMember(request);
      return reply.status(201).send({ comment: await commentOnDispute(ctx, member, request.params.code, request.body.comment_text) });
    },
  );

  api.post(
    '/v1/disputes/:code/ruling',
    { onRequest: guard('lead'), schema: { params: disputeParamsSchema, body: rulingRequestSchema, response: { 200: disputeResponseSchema } } },
    async (request) => {
      const lead = signedInMember(request);
      return { dispute: await ruleDispute(ctx, lead, request.params.code, request.body) };
    },
  );

  api.post(
    '/v1/problem/:id/unvoid',
    { onRequest: guard('lead'), schema: { params: problemParamsSchema, response: { 200: unvoidResponseSchema } } },
    async (request) => {
      const lead = signedInMember(request);
      return restoreVoidedProblem(ctx, lead, request.params.id);
    },
  );
}
