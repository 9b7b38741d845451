import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  attemptRequestSchema,
  attemptResponseSchema,
  selfJudgmentParamsSchema,
  selfJudgmentRequestSchema,
  selfJudgmentResponseSchema,
  solveProgressResponseSchema,
  solveTestParamsSchema,
} from '@qbank/shared/solve';
import { requireApprovedMember } from '../core/auth-guards';
import { recordAttempt, recordSelfJudgment, restartRun, solveProgress } from './service';

// Solve-mode progress is kept per member on the server, so it follows them across devices.
export async function solveRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/v1/solve/tests/:testCode', { schema: { params: solveTestParamsSchema, response: { 200: solveProgressResponseSchema } } }, async (request) => {
    const member = await requireApprovedMember(request);
    return solveProgress(ctx, member.code, request.params.testCode);
  });

  api.post('/v1/solve/tests/:testCode/restart', { schema: { params: solveTestParamsSchema, response: { 200: solveProgressResponseSchema } } }, async (request) => {
    const member = await requireApprovedMember(request);
    return restartRun(ctx, member.code, request.params.testCode);
  });

  api.post('/v1/solve/attempts', { schema: { body: attemptRequestSchema, response: { 201: attemptResponseSchema } } }, async (request, reply) => {
    const member = await requireApprovedMember(request);
    return reply.status(201).send({ attempt: await recordAttempt(ctx, member.code, request.body) });
  });

  api.post(
    '/v1/solve/attempts/:code/self-judgment',
    { schema: { params: selfJudgmentParamsSchema, body: selfJudgmentRequestSchema, response: { 200: selfJudgmentResponseSchema } } },
    async (request) => {
      const member = await requireApprovedMember(request);
      return recordSelfJudgment(ctx, member.code, request.params.code, request.body.is_correct);
    },
  );
}
