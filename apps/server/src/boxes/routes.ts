import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  boxesQuerySchema,
  boxesResponseSchema,
  boxParamsSchema,
  boxProblemParamsSchema,
  boxProblemsQuerySchema,
  boxProblemsResponseSchema,
  boxResponseSchema,
  createBoxRequestSchema,
  solveBoxesResponseSchema,
} from '@qbank/shared/boxes';
import { okResponseSchema } from '@qbank/shared/auth';
import { guard, signedInMember } from '../core/auth-guards';
import { notFound } from '../errors';
import { messages } from '../messages';
import { createBox, deleteBox, ensureSolveBoxes, listBoxesFor, listBoxProblems, putProblemInBox, requireMemberBox, takeProblemOutOfBox } from './service';

// Boxes are private: every call works on the signed-in member's own boxes, and another
// member's box answers 404 as if it did not exist.
export async function boxRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/v1/box', { onRequest: guard('approved'), schema: { querystring: boxesQuerySchema, response: { 200: boxesResponseSchema } } }, async (request) => {
    const member = signedInMember(request);
    return listBoxesFor(ctx, member.code, request.query);
  });

  api.post(
    '/v1/box',
    { onRequest: guard('approved'), schema: { body: createBoxRequestSchema, response: { 201: boxResponseSchema } } },
    async (request, reply) => {
      const member = signedInMember(request);
      return reply.status(201).send({ box: await createBox(ctx, member.code, request.body) });
    },
  );

  api.post('/v1/box/solve-boxes', { onRequest: guard('approved'), schema: { response: { 200: solveBoxesResponseSchema } } }, async (request) => {
    const member = signedInMember(request);
    return ensureSolveBoxes(ctx, member.code);
  });

  api.delete('/v1/box/:id', { onRequest: guard('approved'), schema: { params: boxParamsSchema, response: { 200: okResponseSchema } } }, async (request) => {
    const member = signedInMember(request);
    if (!(await deleteBox(ctx, member.code, request.params.id))) throw notFound(messages.boxNotFound);
    return { ok: true as const };
  });

  api.get(
    '/v1/box/:id/problem',
    { onRequest: guard('approved'), schema: { params: boxParamsSchema, querystring: boxProblemsQuerySchema, response: { 200: boxProblemsResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      const box = await requireMemberBox(ctx, member.code, request.params.id);
      return { box, problems: await listBoxProblems(ctx, box.code, request.query) };
    },
  );

  // Adding twice or removing what is not there succeeds: the box ends in the state asked for.
  api.post(
    '/v1/box/:boxId/problem/:problemId',
    { onRequest: guard('approved'), schema: { params: boxProblemParamsSchema, response: { 200: okResponseSchema, 201: okResponseSchema } } },
    async (request, reply) => {
      const member = signedInMember(request);
      const added = await putProblemInBox(ctx, member.code, request.params.boxId, request.params.problemId);
      return reply.status(added ? 201 : 200).send({ ok: true as const });
    },
  );

  api.delete(
    '/v1/box/:boxId/problem/:problemId',
    { onRequest: guard('approved'), schema: { params: boxProblemParamsSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      await takeProblemOutOfBox(ctx, member.code, request.params.boxId, request.params.problemId);
      return { ok: true as const };
    },
  );
}
