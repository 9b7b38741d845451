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
import { requireApprovedMember } from '../core/auth-guards';
import { notFound } from '../errors';
import { messages } from '../messages';
import { createBox, deleteBox, ensureSolveBoxes, listBoxesFor, listBoxProblems, putProblemInBox, requireMemberBox, takeProblemOutOfBox } from './service';

// Boxes are private: every call works on the signed-in member's own boxes, and another
// member's box answers 404 as if it did not exist.
export async function boxRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/v1/box', { schema: { querystring: boxesQuerySchema, response: { 200: boxesResponseSchema } } }, async (request) => {
    const member = await requireApprovedMember(request);
    return listBoxesFor(ctx, member.code, request.query);
  });

  api.post('/v1/box', { schema: { body: createBoxRequestSchema, response: { 201: boxResponseSchema } } }, async (request, reply) => {
    const member = await requireApprovedMember(request);
    return reply.status(201).send({ box: await createBox(ctx, member.code, request.body) });
  });

  api.post('/v1/box/solve-boxes', { schema: { response: { 200: solveBoxesResponseSchema } } }, async (request) => {
    const member = await requireApprovedMember(request);
    return ensureSolveBoxes(ctx, member.code);
  });

  api.delete('/v1/box/:id', { schema: { params: boxParamsSchema, response: { 200: okResponseSchema } } }, async (request) => {
    const member = await requireApprovedMember(request);
    if (!(await deleteBox(ctx.db, member.code, request.params.id))) throw notFound(messages.boxNotFound);
    return { ok: true as const };
  });

  api.get(
    '/v1/box/:id/problem',
    { schema: { params: boxParamsSchema, querystring: boxProblemsQuerySchema, response: { 200: boxProblemsResponseSchema } } },
    async (request) => {
      const member = await requireApprovedMember(request);
      const box = await requireMemberBox(ctx, member.code, request.params.id);
      return { box, problems: await listBoxProblems(ctx.db, ctx.dialect, box.code, request.query) };
    },
  );

  // Adding twice or removing what is not there succeeds: the box ends in the state asked for.
  api.post('/v1/box/:boxId/problem/:problemId', { schema: { params: boxProblemParamsSchema, response: { 200: okResponseSchema, 201: okResponseSchema } } }, async (request, reply) => {
    const member = await requireApprovedMember(request);
    const added = await putProblemInBox(ctx, member.code, request.params.boxId, request.params.problemId);
    return reply.status(added ? 201 : 200).send({ ok: true as const });
  });

  api.delete('/v1/box/:boxId/problem/:problemId', { schema: { params: boxProblemParamsSchema, response: { 200: okResponseSchema } } }, async (request) => {
    const member = await requireApprovedMember(request);
    await takeProblemOutOfBox(ctx, member.code, request.params.boxId, request.params.problemId);
    return { ok: true as const };
  });
}
