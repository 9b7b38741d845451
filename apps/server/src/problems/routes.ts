import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  headersQuerySchema,
  headersResponseSchema,
  problemParamsSchema,
  problemResponseSchema,
  problemsQuerySchema,
  problemsResponseSchema,
} from '@qbank/shared/problems';
import { guard } from '../core/auth-guards';
import { replyWithLineages } from '../read-caches/lineage-version';
import { notFound } from '../errors';
import { messages } from '../messages';
import { getTestInfo } from '../exams/service';
import { presentProblem } from './presenter';
import { listProblems, listSetHeaders } from './service';

export async function problemRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Problem bodies, answers and explanations need an approved member (decision 014).
  // The same page for every approved member: served from ctx.contentCache after the guard, which
  // reads the content version in the member's statement.
  api.get(
    '/v1/problem',
    { onRequest: guard('approved', { contentVersion: true }), schema: { querystring: problemsQuerySchema, response: { 200: problemsResponseSchema } } },
    async (request, reply) => {
      const { page, limit, sort, recurring, ...filters } = request.query;
      const read = async () => {
        const [test, { rows, total, capped }] = await Promise.all([
          filters.test_code !== undefined ? getTestInfo(ctx, filters.test_code) : Promise.resolve(null),
          listProblems(ctx, { ...filters, recurring: recurring === '1' }, { page, limit }, sort),
        ]);
        return { problem: rows.map(presentProblem), problem_count: total, problem_count_capped: capped, page, limit, test };
      };
      // 빈출순 and 반복 출제만 read the lineages too, which raise the lineage version, not the
      // content version (decision 211): kept in ctx.lineageCache under both.
      if (sort !== undefined || recurring !== undefined) return replyWithLineages(ctx, request, reply, read);
      return ctx.contentCache.reply(request, reply, read);
    },
  );

  // Set headers (common passages) are public, like the exam header.
  api.get('/v1/problem/header', { schema: { querystring: headersQuerySchema, response: { 200: headersResponseSchema } } }, async (request, reply) =>
    ctx.contentCache.reply(request, reply, async () => {
      await getTestInfo(ctx, request.query.test_code);
      return { headers: await listSetHeaders(ctx, request.query.test_code) };
    }),
  );

  api.get(
    '/v1/problem/:id',
    { onRequest: guard('approved'), schema: { params: problemParamsSchema, response: { 200: problemResponseSchema } } },
    async (request) => {
      const { rows } = await listProblems(ctx, { uid: request.params.id }, { page: 1, limit: 1 });
      const row = rows[0];
      if (!row) throw notFound(messages.problemNotFound);
      return { problem: presentProblem(row) };
    },
  );
}
