import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  testCountResponseSchema,
  testDeleteCheckResponseSchema,
  testDeleteResponseSchema,
  testFiltersSchema,
  testInfoResponseSchema,
  testMetaResponseSchema,
  testParamsSchema,
  testsQuerySchema,
  testsResponseSchema,
  testWriteRequestSchema,
  testYearsResponseSchema,
  subjectTestsQuerySchema,
  subjectTestsResponseSchema,
} from '@qbank/shared/exams';
import { subjectIdParamsSchema } from '@qbank/shared/subjects';
import { guard, signedInMember } from '../core/auth-guards';
import { getSubject } from '../subjects/service';
import { changeTest, checkTestDeletion, countTests, createTest, getTestInfo, getTestMeta, listTestYears, listTests, removeTest } from './service';

// Exam management is the lead screens'.

// Exam reads are public (decision 014): lists, years and exam headers; problem bodies are not.
export async function testRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The public reads answer from ctx.contentCache while the content version is unchanged.
  const cached = ctx.contentCache;

  api.get('/v1/test/tests', { schema: { querystring: testsQuerySchema, response: { 200: testsResponseSchema } } }, async (request, reply) =>
    cached.reply(request, reply, async () => {
      const { page, limit, ...filters } = request.query;
      const { rows, total } = await listTests(ctx, filters, { page, limit });
      return { tests: rows, total, count: rows.length, page, limit };
    }),
  );

  api.get('/v1/test/count', { schema: { querystring: testFiltersSchema, response: { 200: testCountResponseSchema } } }, async (request, reply) =>
    cached.reply(request, reply, async () => {
      const count = await countTests(ctx, request.query);
      return { count, total: count };
    }),
  );

  api.get(
    '/v1/subject/:id/tests',
    { schema: { params: subjectIdParamsSchema, querystring: subjectTestsQuerySchema, response: { 200: subjectTestsResponseSchema } } },
    async (request, reply) =>
      cached.reply(request, reply, async () => {
        const subject = await getSubject(ctx, request.params.id);
        const { page, limit, search } = request.query;
        const { rows, total } = await listTests(ctx, { subject_code: subject.subject_code, search }, { page, limit });
        return { tests: rows, subject, total, page, limit };
      }),
  );

  api.get('/v1/test/years', { schema: { response: { 200: testYearsResponseSchema } } }, async (request, reply) =>
    cached.reply(request, reply, async () => ({ years: await listTestYears(ctx) })),
  );

  api.get('/v1/test/:id', { schema: { params: testParamsSchema, response: { 200: testInfoResponseSchema } } }, async (request, reply) =>
    cached.reply(request, reply, async () => ({ test_info: await getTestInfo(ctx, request.params.id) })),
  );

  api.get('/v1/test/:id/meta', { schema: { params: testParamsSchema, response: { 200: testMetaResponseSchema } } }, async (request, reply) =>
    cached.reply(request, reply, async () => ({ meta: await getTestMeta(ctx, request.params.id) })),
  );

  // The lead exam list is GET /v1/test/tests above (filters and paging in SQL; its total is the
  // filtered count, GET /v1/test/count without filters the overall one).

  api.post(
    '/v1/test',
    { onRequest: guard('lead'), schema: { body: testWriteRequestSchema, response: { 201: testInfoResponseSchema } } },
    async (request, reply) => reply.status(201).send({ test_info: await createTest(ctx, request.body) }),
  );

  api.put(
    '/v1/test/:id',
    { onRequest: guard('lead'), schema: { params: testParamsSchema, body: testWriteRequestSchema, response: { 200: testInfoResponseSchema } } },
    async (request) => ({ test_info: await changeTest(ctx, request.params.id, request.body) }),
  );

  api.get(
    '/v1/test/:id/delete-check',
    { onRequest: guard('lead'), schema: { params: testParamsSchema, response: { 200: testDeleteCheckResponseSchema } } },
    async (request) => checkTestDeletion(ctx, request.params.id),
  );

  api.delete(
    '/v1/test/:id',
    { onRequest: guard('lead'), schema: { params: testParamsSchema, response: { 200: testDeleteResponseSchema } } },
    async (request) => ({ ok: true as const, deleted_vacant: await removeTest(ctx, signedInMember(request), request.params.id) }),
  );
}
