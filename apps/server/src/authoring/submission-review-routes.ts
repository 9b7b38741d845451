import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problemParamsSchema } from '@qbank/shared/problems';
import {
  reviewCountsQuerySchema,
  reviewCountsResponseSchema,
  reviewHistoryResponseSchema,
  reviewRequestSchema,
  reviewResponseSchema,
} from '@qbank/shared/submission-review';
import { guard, signedInMember } from '../core/auth-guards';
import { requireDetailAccess } from './service';
import { reviewCounts, reviewHistory, reviewSubmission } from './submission-review-service';

// Review of submitted slots (issue 15 item 3): leads approve or return; the assignee reads the history.
export async function submissionReviewRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/v1/problem/:id/review',
    { onRequest: guard('lead'), schema: { params: problemParamsSchema, body: reviewRequestSchema, response: { 200: reviewResponseSchema } } },
    async (request) => {
      const lead = signedInMember(request);
      return reviewSubmission(ctx, lead, request.params.id, request.body);
    },
  );

  api.get(
    '/v1/problem/:id/reviews',
    { onRequest: guard('approved'), schema: { params: problemParamsSchema, response: { 200: reviewHistoryResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      await requireDetailAccess(ctx, member, request.params.id);
      return reviewHistory(ctx, request.params.id);
    },
  );

  api.get(
    '/v1/problem/review-counts',
    { onRequest: guard('lead'), schema: { querystring: reviewCountsQuerySchema, response: { 200: reviewCountsResponseSchema } } },
    async (request) => {
      return reviewCounts(ctx, request.query.test_code);
    },
  );
}
