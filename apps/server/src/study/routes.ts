import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createSessionRequestSchema,
  createSessionResponseSchema,
  retrySessionRequestSchema,
  sessionAnswerRequestSchema,
  sessionAnswerResponseSchema,
  sessionCountQuerySchema,
  sessionCountResponseSchema,
  sessionDetailResponseSchema,
  sessionFinishResponseSchema,
  sessionParamsSchema,
  sessionsQuerySchema,
  sessionsResponseSchema,
  wrongNotesResponseSchema,
} from '@qbank/shared/study';
import { recordedResponses, sendRecorded } from '../answers/recorded-reply';
import { guard, signedInMember } from '../core/auth-guards';
import { lineageDataVersion } from '../read-caches/lineage-version';
import {
  answerInStudySession,
  countStudySessionProblems,
  createStudySession,
  finishStudySession,
  myStudySessions,
  retryStudySession,
  saveMissesToWrongNotes,
  studySessionDetail,
} from './service';

// Study sessions are private: every call works on the signed-in member's own sessions, and
// another member's session answers 404 as if it did not exist.
export async function studyRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The builder's live count, from ctx.memberCache while the member's version is unchanged (decision 061).
  api.get(
    '/v1/study/sessions/count',
    {
      onRequest: guard('approved', { contentVersion: true }),
      schema: { querystring: sessionCountQuerySchema, response: { 200: sessionCountResponseSchema } },
    },
    async (request, reply) => {
      const member = signedInMember(request);
      const { filter, scope, one_per_lineage } = request.query;
      // Counted by lineage, it reads the lineages too: kept under the lineage version as well (decision 211).
      if (one_per_lineage)
        return ctx.memberCache.reply(
          request,
          reply,
          async () => ({ body: { count: await countStudySessionProblems(ctx, member.code, filter, scope, { onePerLineage: true }) } }),
          await lineageDataVersion(ctx, request),
        );
      return ctx.memberCache.reply(request, reply, async () => ({
        body: { count: await countStudySessionProblems(ctx, member.code, filter, scope) },
      }));
    },
  );

  api.post(
    '/v1/study/sessions',
    { onRequest: guard('approved'), schema: { body: createSessionRequestSchema, response: { 201: createSessionResponseSchema } } },
    async (request, reply) => {
      const member = signedInMember(request);
      return reply.status(201).send({ session: await createStudySession(ctx, member.code, request.body) });
    },
  );

  api.get(
    '/v1/study/sessions',
    { onRequest: guard('approved'), schema: { querystring: sessionsQuerySchema, response: { 200: sessionsResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      return myStudySessions(ctx, member.code, request.query);
    },
  );

  api.get(
    '/v1/study/sessions/:code',
    { onRequest: guard('approved'), schema: { params: sessionParamsSchema, response: { 200: sessionDetailResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      return studySessionDetail(ctx, member.code, request.params.code);
    },
  );

  api.post(
    '/v1/study/sessions/:code/answers',
    {
      onRequest: guard('approved'),
      schema: { params: sessionParamsSchema, body: sessionAnswerRequestSchema, response: recordedResponses(sessionAnswerResponseSchema) },
    },
    async (request, reply) => {
      const member = signedInMember(request);
      const { answer, replayed } = await answerInStudySession(ctx, member.code, request.params.code, request.body);
      return sendRecorded(reply, replayed, { answer });
    },
  );

  api.post(
    '/v1/study/sessions/:code/finish',
    { onRequest: guard('approved'), schema: { params: sessionParamsSchema, response: { 200: sessionFinishResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      return { result: await finishStudySession(ctx, member.code, request.params.code) };
    },
  );

  api.post(
    '/v1/study/sessions/:code/retry',
    { onRequest: guard('approved'), schema: { params: sessionParamsSchema, body: retrySessionRequestSchema, response: { 201: createSessionResponseSchema } } },
    async (request, reply) => {
      const member = signedInMember(request);
      return reply.status(201).send({ session: await retryStudySession(ctx, member.code, request.params.code, request.body ?? {}) });
    },
  );

  api.post(
    '/v1/study/sessions/:code/wrong-notes',
    { onRequest: guard('approved'), schema: { params: sessionParamsSchema, response: { 200: wrongNotesResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      return saveMissesToWrongNotes(ctx, member.code, request.params.code);
    },
  );
}
