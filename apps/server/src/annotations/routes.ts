import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  annotationParamsSchema,
  annotationResponseSchema,
  annotationsQuerySchema,
  annotationsResponseSchema,
  highlightsRequestSchema,
  markRequestSchema,
  strikesRequestSchema,
} from '@qbank/shared/annotations';
import { guard, signedInMember } from '../core/auth-guards';
import { getAnnotations, setHighlights, setMark, setStrikes } from './service';

// Every call reads and writes the caller's own marks only: no route names another member.
export async function annotationRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const one = { params: annotationParamsSchema, response: { 200: annotationResponseSchema } };

  api.get(
    '/v1/annotations',
    { onRequest: guard('approved'), schema: { querystring: annotationsQuerySchema, response: { 200: annotationsResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      return { annotations: await getAnnotations(ctx, member.code, request.query.problem_uids) };
    },
  );

  api.put('/v1/problem/:id/strikes', { onRequest: guard('approved'), schema: { ...one, body: strikesRequestSchema } }, async (request) => {
    const member = signedInMember(request);
    return { annotation: await setStrikes(ctx, member.code, request.params.id, request.body.options, request.body.changed_at) };
  });

  api.put('/v1/problem/:id/highlights', { onRequest: guard('approved'), schema: { ...one, body: highlightsRequestSchema } }, async (request) => {
    const member = signedInMember(request);
    return { annotation: await setHighlights(ctx, member.code, request.params.id, request.body.highlights, request.body.changed_at) };
  });

  api.put('/v1/problem/:id/mark', { onRequest: guard('approved'), schema: { ...one, body: markRequestSchema } }, async (request) => {
    const member = signedInMember(request);
    return { annotation: await setMark(ctx, member.code, request.params.id, request.body.marked, request.body.changed_at) };
  });
}
