import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  flaggedQuerySchema,
  flaggedResponseSchema,
  ratingParamsSchema,
  ratingRequestSchema,
  ratingResponseSchema,
  ratingSummariesResponseSchema,
  ratingSummaryQuerySchema,
} from '@qbank/shared/ratings';
import { guard, signedInMember } from '../core/auth-guards';
import { flaggedProblems, getRating, rate, ratingSummaries } from './service';

// A member rates only as themselves; the figures are counts (who rated what is never shown);
// the queue of problems called erroneous, with the comments, is the leads'.
export async function ratingRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/v1/problem/:id/rating',
    { onRequest: guard('approved'), schema: { params: ratingParamsSchema, response: { 200: ratingResponseSchema } } },
    async (request) => {
      return getRating(ctx, signedInMember(request).code, request.params.id);
    },
  );

  api.put(
    '/v1/problem/:id/rating',
    { onRequest: guard('approved'), schema: { params: ratingParamsSchema, body: ratingRequestSchema, response: { 200: ratingResponseSchema } } },
    async (request) => rate(ctx, signedInMember(request).code, request.params.id, request.body),
  );

  api.get(
    '/v1/ratings/summary',
    { onRequest: guard('approved'), schema: { querystring: ratingSummaryQuerySchema, response: { 200: ratingSummariesResponseSchema } } },
    async (request) => {
      return { summaries: await ratingSummaries(ctx, request.query.problem_uids) };
    },
  );

  api.get(
    '/v1/ratings/flagged',
    { onRequest: guard('lead'), schema: { querystring: flaggedQuerySchema, response: { 200: flaggedResponseSchema } } },
    async (request) => {
      return flaggedProblems(ctx, request.query);
    },
  );
}
