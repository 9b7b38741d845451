import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankSearchQuerySchema,
  bankSearchResponseSchema,
  classRecurrenceParamsSchema,
  classRecurrenceResponseSchema,
  keyConflictListResponseSchema,
  lineageCountsQuerySchema,
  lineageCountsResponseSchema,
  lineageLinkRequestSchema,
  lineageMergeRequestSchema,
  lineageParamsSchema,
  lineageProgressResponseSchema,
  lineageQueueQuerySchema,
  lineageResetRequestSchema,
  lineageSuggestionsResponseSchema,
  lineagesQuerySchema,
  lineagesResponseSchema,
  problemLineageResponseSchema,
  similarProblemsQuerySchema,
  similarProblemsResponseSchema,
} from '@qbank/shared/lineage';
import { isLeadRole } from '@qbank/shared/roles';
import { guard, roleOf, signedInMember } from '../core/auth-guards';
import { replyWithLineages } from '../read-caches/lineage-version';
import { searchBank } from './bank-search';
import { keyConflictList, lineageProgress, lineageSuggestions, resetDecision } from './lead-queue';
import { similarProblems } from './similar';
import { classRecurrence, decideDetectedLink, lineageSummaries, listLineages, mergeLineages, problemLineage, queueWholeBank, splitProblem } from './service';

// 출제 이력 (issue 28 items 2 and 8, decision 130): approved members read lineages; leads see the
// suggestions too and decide them. The reads answer from ctx.lineageCache while the content and
// lineage versions are unchanged (decision 211); the guard reads both with the member.
const withVersions = { contentVersion: true } as const;

export async function lineageRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // A lead's body adds the problem's undecided suggestions: leads and readers are kept apart.
  api.get(
    '/v1/problem/:id/lineage',
    { onRequest: guard('approved', withVersions), schema: { params: lineageParamsSchema, response: { 200: problemLineageResponseSchema } } },
    async (request, reply) => {
      const lead = isLeadRole(roleOf(signedInMember(request)));
      return replyWithLineages(ctx, request, reply, () => problemLineage(ctx, request.params.id, lead), lead ? 'lead' : 'reader');
    },
  );

  // The whole bank's search, grouped by lineage (issue 28 item 5).
  api.get(
    '/v1/search',
    { onRequest: guard('approved', withVersions), schema: { querystring: bankSearchQuerySchema, response: { 200: bankSearchResponseSchema } } },
    async (request, reply) => replyWithLineages(ctx, request, reply, () => searchBank(ctx, { ...request.query, q: request.query.q! })),
  );

  // The editor's suggestions while a stem is written (issue 28 item 6).
  api.get(
    '/v1/problem/similar',
    { onRequest: guard('approved', withVersions), schema: { querystring: similarProblemsQuerySchema, response: { 200: similarProblemsResponseSchema } } },
    async (request) => similarProblems(ctx, request.query.text, request.query.subject_code, await ctx.contentCache.versionFor(request)),
  );

  api.get(
    '/v1/lineages',
    { onRequest: guard('approved', withVersions), schema: { querystring: lineagesQuerySchema, response: { 200: lineagesResponseSchema } } },
    async (request, reply) => replyWithLineages(ctx, request, reply, () => listLineages(ctx, request.query)),
  );

  api.get(
    '/v1/lineages/summary',
    { onRequest: guard('approved', withVersions), schema: { querystring: lineageCountsQuerySchema, response: { 200: lineageCountsResponseSchema } } },
    async (request, reply) => replyWithLineages(ctx, request, reply, () => lineageSummaries(ctx, request.query.uids)),
  );

  // How much of a lecture class recurs (issue 28 item 3, decision 190).
  api.get(
    '/v1/lineages/class/:code',
    { onRequest: guard('approved', withVersions), schema: { params: classRecurrenceParamsSchema, response: { 200: classRecurrenceResponseSchema } } },
    async (request, reply) => replyWithLineages(ctx, request, reply, () => classRecurrence(ctx, request.params.code)),
  );

  api.get(
    '/v1/lineages/progress',
    { onRequest: guard('lead', { contentVersion: true }), schema: { response: { 200: lineageProgressResponseSchema } } },
    async (request) => lineageProgress(ctx, request.contentVersion),
  );

  api.post('/v1/lineages/run', { onRequest: guard('lead'), schema: { response: { 200: lineageProgressResponseSchema } } }, async () => {
    await queueWholeBank(ctx);
    return lineageProgress(ctx);
  });

  // The lead's 출제 이력 관리 screen (decision 203): the bank's undecided suggestions and the
  // lineages keyed differently, a page at a time; the same for every lead, so cached as the
  // readers' lineage reads are (decision 211), under a key of their own.
  api.get(
    '/v1/lineage/suggestions',
    { onRequest: guard('lead', withVersions), schema: { querystring: lineageQueueQuerySchema, response: { 200: lineageSuggestionsResponseSchema } } },
    async (request, reply) => replyWithLineages(ctx, request, reply, () => lineageSuggestions(ctx, request.query), 'lead'),
  );

  api.get(
    '/v1/lineage/key-conflicts',
    { onRequest: guard('lead', withVersions), schema: { querystring: lineageQueueQuerySchema, response: { 200: keyConflictListResponseSchema } } },
    async (request, reply) => replyWithLineages(ctx, request, reply, () => keyConflictList(ctx, request.query), 'lead'),
  );

  api.post(
    '/v1/lineage/links/confirm',
    { onRequest: guard('lead'), schema: { body: lineageLinkRequestSchema, response: { 200: problemLineageResponseSchema } } },
    async (request) => decideDetectedLink(ctx, signedInMember(request), request.body.problem_a, request.body.problem_b, 'confirmed'),
  );

  api.post(
    '/v1/lineage/links/reject',
    { onRequest: guard('lead'), schema: { body: lineageLinkRequestSchema, response: { 200: problemLineageResponseSchema } } },
    async (request) => decideDetectedLink(ctx, signedInMember(request), request.body.problem_a, request.body.problem_b, 'rejected'),
  );

  api.post(
    '/v1/lineage/links/reset',
    { onRequest: guard('lead'), schema: { body: lineageResetRequestSchema, response: { 200: problemLineageResponseSchema } } },
    async (request) => resetDecision(ctx, signedInMember(request), request.body.problem_a, request.body.problem_b),
  );

  api.post(
    '/v1/lineages/merge',
    { onRequest: guard('lead'), schema: { body: lineageMergeRequestSchema, response: { 200: problemLineageResponseSchema } } },
    async (request) => mergeLineages(ctx, signedInMember(request), request.body.problem_a, request.body.problem_b, request.body.relation),
  );

  api.post(
    '/v1/problem/:id/lineage/split',
    { onRequest: guard('lead'), schema: { params: lineageParamsSchema, response: { 200: problemLineageResponseSchema } } },
    async (request) => splitProblem(ctx, signedInMember(request), request.params.id),
  );
}
