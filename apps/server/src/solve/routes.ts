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
import { recordedResponses, sendRecorded } from '../answers/recorded-reply';
import { guard, signedInMember } from '../core/auth-guards';
import { recordAttempt, recordSelfJudgment, restartRun, solveProgress } from './service';

// Solve-mode progress is kept per member on the server, so it follows them across devices.
export async function solveRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/v1/solve/tests/:testCode',
    { onRequest: guard('approved'), schema: { params: solveTestParamsSchema, response: { 200: solveProgressResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      return solveProgress(ctx, member.code, request.params.testCode);
    },
  );

  api.post(
    '/v1/solve/tests/:testCode/restart',
    { onRequest: guard('approved'), schema: { params: solveTestParamsSchema, response: { 200: solveProgressResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      return restartRun(ctx, member.code, request.params.testCode);
    },
  );

  api.post(
    '/v1/solve/attempts',
    { onRequest: guard('approved'), schema: { body: attemptRequestSchema, response: recordedResponses(attemptResponseSchema) } },
    async (request, reply) => {
      const member = signedInMember(request);
      const { attempt, replayed } = await recordAttempt(ctx, member.code, request.body);
      return sendRecorded(reply, replayed, { attempt });
    },
  );

  api.post(
    '/v1/solve/attempts/:code/self-judgment',
    {
      onRequest: guard('approved'),
      schema: { params: selfJudgmentParamsSchema, body: selfJudgmentRequestSchema, response: { 200: selfJudgmentResponseSchema } },
    },
    async (request) => {
      const member = signedInMember(request);
      return recordSelfJudgment(ctx, member.code, request.params.code, request.body.is_correct);
    },
  );
}
