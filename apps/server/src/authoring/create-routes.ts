import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problemDetailResponseSchema } from '@qbank/shared/lead-problems';
import { createProblemRequestSchema } from '@qbank/shared/problem-create';
import { guard, signedInMember } from '../core/auth-guards';
import { createProblem } from './create';
import { PICTURE_BODY } from './routes';

/** POST /v1/problem: one problem with its content, by a lead. */
export async function problemCreateRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/v1/problem',
    { onRequest: guard('lead'), ...PICTURE_BODY, schema: { body: createProblemRequestSchema, response: { 201: problemDetailResponseSchema } } },
    async (request, reply) => {
      const editor = signedInMember(request);
      return reply.status(201).send({ problem: await createProblem(ctx, editor, request.body) });
    },
  );
}
