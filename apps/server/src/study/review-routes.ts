import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  reviewAnswerRequestSchema,
  reviewAnswerResponseSchema,
  reviewCountResponseSchema,
  reviewDeckResponseSchema,
  reviewProblemParamsSchema,
  reviewRatingRequestSchema,
  reviewRatingResponseSchema,
} from '@qbank/shared/review';
import { recordedResponses, sendRecorded } from '../answers/recorded-reply';
import { guard, signedInMember } from '../core/auth-guards';
import { lineageDataVersion } from '../read-caches/lineage-version';
import { answerReview, dueReviewCount, rateReview, reviewDeck } from './review-service';

// The member's own review deck: nobody can name another member's.
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Both reads answer from ctx.memberCache while the member's version is unchanged and no card
  // has fallen due since (decision 061); the deck also while the lineages are as they were: it holds
  // back a problem whose same question was reviewed today (decision 173; lineage version, decision 211).
  api.get(
    '/v1/study/review',
    { onRequest: guard('approved', { contentVersion: true }), schema: { response: { 200: reviewDeckResponseSchema } } },
    async (request, reply) => {
      const member = signedInMember(request);
      return ctx.memberCache.reply(request, reply, (now) => reviewDeck(ctx, member.code, now), await lineageDataVersion(ctx, request));
    },
  );

  // The number alone, for /home and the dashboard.
  api.get(
    '/v1/study/review/count',
    { onRequest: guard('approved', { contentVersion: true }), schema: { response: { 200: reviewCountResponseSchema } } },
    async (request, reply) => {
      const member = signedInMember(request);
      return ctx.memberCache.reply(request, reply, (now) => dueReviewCount(ctx, member.code, now));
    },
  );

  api.post(
    '/v1/study/review/:problemUid',
    {
      onRequest: guard('approved'),
      schema: { params: reviewProblemParamsSchema, body: reviewAnswerRequestSchema, response: recordedResponses(reviewAnswerResponseSchema) },
    },
    async (request, reply) => {
      const member = signedInMember(request);
      const { result, replayed } = await answerReview(ctx, member.code, request.params.problemUid, request.body);
      return sendRecorded(reply, replayed, result);
    },
  );

  api.put(
    '/v1/study/review/:problemUid/rating',
    {
      onRequest: guard('approved'),
      schema: { params: reviewProblemParamsSchema, body: reviewRatingRequestSchema, response: { 200: reviewRatingResponseSchema } },
    },
    async (request) => {
      const member = signedInMember(request);
      return rateReview(ctx, member.code, request.params.problemUid, request.body.rating);
    },
  );
}
