import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  itemAnalysisParamsSchema,
  itemAnalysisResponseSchema,
  myTestStatsParamsSchema,
  myTestStatsResponseSchema,
  problemStatsParamsSchema,
  problemStatsResponseSchema,
  statsMeQuerySchema,
  statsMeResponseSchema,
} from '@qbank/shared/stats';
import { lineageDataVersion } from '../read-caches/lineage-version';
import { guard, signedInMember } from '../core/auth-guards';
import { attachmentDisposition } from '../export/file-name';
import { nextSeoulMidnight } from './figures';
import { itemAnalysis, itemAnalysisFile, examStatsVersion, myTestStats, problemStats, problemStatsVersion, statsOfMember } from './service';
import { XLSX_CONTENT_TYPE } from './workbook';

// A member reads only their own figures (no route takes another member's code) and the class's
// anonymous aggregates; the item analysis, which ranks members, is for leads.
export async function statsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The answers version each report is checked against, by the path's `name`, read beside the guard's member (decision 216).
  const versionAlongside = (name: string, read: typeof examStatsVersion) => (request: FastifyRequest) => {
    const key = pathInteger(request, name);
    return key === undefined ? undefined : read(ctx, key);
  };

  // From ctx.memberCache while the member's version is unchanged, until midnight in Seoul (decision 061).
  api.get(
    '/v1/stats/me',
    { onRequest: guard('approved', { contentVersion: true }), schema: { querystring: statsMeQuerySchema, response: { 200: statsMeResponseSchema } } },
    async (request, reply) => {
      const member = signedInMember(request);
      return ctx.memberCache.reply(request, reply, async (now) => ({ body: await statsOfMember(ctx, member.code, now), until: nextSeoulMidnight(now) }));
    },
  );

  // The member's first pass and percentile: from ctx.memberCache while the member's version and the
  // exam's answers version (their grade peers' answers) are unchanged (decision 063).
  api.get(
    '/v1/stats/me/tests/:testCode',
    {
      onRequest: guard('approved', { contentVersion: true, alongside: versionAlongside('testCode', examStatsVersion) }),
      schema: { params: myTestStatsParamsSchema, response: { 200: myTestStatsResponseSchema } },
    },
    async (request, reply) => {
      const member = signedInMember(request);
      const answersVersion = await (request.readAlongside ?? examStatsVersion(ctx, request.params.testCode));
      return ctx.memberCache.reply(request, reply, async () => ({ body: await myTestStats(ctx, member, request.params.testCode) }), answersVersion);
    },
  );

  // The same body for every member: from ctx.contentCache while the content version and the
  // problem's answers version are unchanged (decision 063).
  api.get(
    '/v1/problem/:id/stats',
    {
      onRequest: guard('approved', { contentVersion: true, alongside: versionAlongside('id', problemStatsVersion) }),
      schema: { params: problemStatsParamsSchema, response: { 200: problemStatsResponseSchema } },
    },
    async (request, reply) => {
      const answersVersion = await (request.readAlongside ?? problemStatsVersion(ctx, request.params.id));
      return ctx.contentCache.reply(request, reply, () => problemStats(ctx, request.params.id), answersVersion);
    },
  );

  // Leads' shared report: from ctx.contentCache while the content version, the sum of the exam's
  // answers versions (decision 063) and the lineage version (its keys that disagree across a
  // lineage, decision 211) are unchanged; the guard reads both versions with the member.
  api.get(
    '/v1/test/:id/item-analysis',
    {
      onRequest: guard('lead', { contentVersion: true, alongside: versionAlongside('id', examStatsVersion) }),
      schema: { params: itemAnalysisParamsSchema, response: { 200: itemAnalysisResponseSchema } },
    },
    async (request, reply) => {
      const answersVersion = await (request.readAlongside ?? examStatsVersion(ctx, request.params.id));
      const versions = `${answersVersion}|${await lineageDataVersion(ctx, request)}`;
      return ctx.contentCache.reply(request, reply, () => itemAnalysis(ctx, request.params.id), versions);
    },
  );

  api.get('/v1/test/:id/item-analysis/xlsx', { onRequest: guard('lead'), schema: { params: itemAnalysisParamsSchema } }, async (request, reply) => {
    const file = await itemAnalysisFile(ctx, request.params.id);
    return reply
      .header('Content-Type', XLSX_CONTENT_TYPE)
      .header('Content-Disposition', attachmentDisposition(file.fileName, file.asciiFileName))
      .header('Cache-Control', 'no-store')
      .send(file.body);
  });
}

/** A path parameter's positive integer as the router found it (before the schema's check), else undefined. */
function pathInteger(request: FastifyRequest, name: string): number | undefined {
  const raw = (request.params as Record<string, unknown> | undefined)?.[name];
  return typeof raw === 'string' && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : undefined;
}
