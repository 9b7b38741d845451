import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createExamDateRequestSchema,
  examDateParamsSchema,
  examDateResponseSchema,
  examDatesQuerySchema,
  examDatesResponseSchema,
  memoryModelResponseSchema,
  planResponseSchema,
  planSettingsSchema,
  readinessResponseSchema,
  startPlanSessionRequestSchema,
  updateExamDateRequestSchema,
} from '@qbank/shared/exam-dates';
import { okResponseSchema } from '@qbank/shared/auth';
import { createSessionResponseSchema } from '@qbank/shared/study';
import { guard, signedInMember } from '../core/auth-guards';
import {
  changeExamDate,
  createExamDate,
  getExamDate,
  listExamDates,
  memoryModelOf,
  planOf,
  planSettingsOf,
  readinessOf,
  removeExamDate,
  savePlanSettings,
  startToday,
} from './service';

// The exam calendar (issue 29). Any approved member keeps their own entries; a lead's entry
// published for their grade is seen by the grade. The plan and the readiness are the caller's own.
export async function examDateRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/v1/exam-dates',
    { onRequest: guard('approved'), schema: { querystring: examDatesQuerySchema, response: { 200: examDatesResponseSchema } } },
    async (request) => listExamDates(ctx, signedInMember(request), request.query.past === '1'),
  );

  api.post(
    '/v1/exam-dates',
    { onRequest: guard('approved'), schema: { body: createExamDateRequestSchema, response: { 201: examDateResponseSchema } } },
    async (request, reply) => {
      const examDate = await createExamDate(ctx, signedInMember(request), request.body);
      return reply.status(201).send({ exam_date: examDate });
    },
  );

  api.get('/v1/exam-dates/settings', { onRequest: guard('approved'), schema: { response: { 200: planSettingsSchema } } }, async (request) =>
    planSettingsOf(ctx, signedInMember(request).code),
  );

  api.put(
    '/v1/exam-dates/settings',
    { onRequest: guard('approved'), schema: { body: planSettingsSchema, response: { 200: planSettingsSchema } } },
    async (request) => savePlanSettings(ctx, signedInMember(request).code, request.body),
  );

  api.get('/v1/exam-dates/memory-model', { onRequest: guard('approved'), schema: { response: { 200: memoryModelResponseSchema } } }, async (request) =>
    memoryModelOf(ctx, signedInMember(request).code),
  );

  api.get(
    '/v1/exam-dates/:code',
    { onRequest: guard('approved'), schema: { params: examDateParamsSchema, response: { 200: examDateResponseSchema } } },
    async (request) => ({
      exam_date: await getExamDate(ctx, signedInMember(request), request.params.code),
    }),
  );

  api.patch(
    '/v1/exam-dates/:code',
    { onRequest: guard('approved'), schema: { params: examDateParamsSchema, body: updateExamDateRequestSchema, response: { 200: examDateResponseSchema } } },
    async (request) => ({ exam_date: await changeExamDate(ctx, signedInMember(request), request.params.code, request.body) }),
  );

  api.delete(
    '/v1/exam-dates/:code',
    { onRequest: guard('approved'), schema: { params: examDateParamsSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await removeExamDate(ctx, signedInMember(request), request.params.code);
      return { ok: true as const };
    },
  );

  api.get(
    '/v1/exam-dates/:code/plan',
    { onRequest: guard('approved'), schema: { params: examDateParamsSchema, response: { 200: planResponseSchema } } },
    async (request) => planOf(ctx, signedInMember(request), request.params.code),
  );

  api.get(
    '/v1/exam-dates/:code/readiness',
    { onRequest: guard('approved'), schema: { params: examDateParamsSchema, response: { 200: readinessResponseSchema } } },
    async (request) => readinessOf(ctx, signedInMember(request), request.params.code),
  );

  api.post(
    '/v1/exam-dates/:code/session',
    {
      onRequest: guard('approved'),
      schema: { params: examDateParamsSchema, body: startPlanSessionRequestSchema, response: { 201: createSessionResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await startToday(ctx, signedInMember(request), request.params.code)),
  );
}
