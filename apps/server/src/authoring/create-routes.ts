import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problemDetailResponseSchema } from '@qbank/shared/authoring';
import { createProblemRequestSchema } from '@qbank/shared/problem-create';
import { requireRole } from '../core/auth-guards';
import { createProblem } from './create';
import { IMAGE_BODY_LIMIT } from './routes';

const LEADS = ['lead', 'admin', 'superadmin'] as const;

// The role is checked on request, before a body of up to 30 MB of pictures is read.
const leadFirst = async (request: FastifyRequest) => {
  await requireRole(request, LEADS);
};

/** POST /v1/problem (spec §7): one problem with its content, by a lead. */
export async function problemCreateRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/v1/problem',
    { onRequest: leadFirst, bodyLimit: IMAGE_BODY_LIMIT, schema: { body: createProblemRequestSchema, response: { 201: problemDetailResponseSchema } } },
    async (request, reply) => {
      const editor = await requireRole(request, LEADS);
      return reply.status(201).send({ problem: await createProblem(ctx, editor, request.body) });
    },
  );
}
