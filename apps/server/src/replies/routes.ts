import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@qbank/shared/auth';
import { problemParamsSchema } from '@qbank/shared/problems';
import { repliesResponseSchema, replyParamsSchema, replyRequestSchema, replyResponseSchema } from '@qbank/shared/replies';
import { guard, signedInMember } from '../core/auth-guards';
import { addReply, editReply, removeReply, repliesOf } from './service';

export async function replyRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/v1/problem/:id/replies',
    { onRequest: guard('approved'), schema: { params: problemParamsSchema, response: { 200: repliesResponseSchema } } },
    async (request) => {
      return { replies: await repliesOf(ctx, request.params.id) };
    },
  );

  api.post(
    '/v1/problem/:id/reply',
    { onRequest: guard('approved'), schema: { params: problemParamsSchema, body: replyRequestSchema, response: { 201: replyResponseSchema } } },
    async (request, reply) => {
      const member = signedInMember(request);
      return reply.status(201).send({ reply: await addReply(ctx, member, request.params.id, request.body.reply_text) });
    },
  );

  api.put(
    '/v1/problem/:id/reply/:replyCode',
    { onRequest: guard('approved'), schema: { params: replyParamsSchema, body: replyRequestSchema, response: { 200: replyResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      return { reply: await editReply(ctx, member, request.params.id, request.params.replyCode, request.body.reply_text) };
    },
  );

  api.delete(
    '/v1/problem/:id/reply/:replyCode',
    { onRequest: guard('approved'), schema: { params: replyParamsSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      await removeReply(ctx, member, request.params.id, request.params.replyCode);
      return { ok: true as const };
    },
  );
}
