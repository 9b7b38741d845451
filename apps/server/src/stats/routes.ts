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
import { requireApprovedMember, requireRole } from '../core/auth-guards';
import { attachmentDisposition } from '../export/file-name';
import { itemAnalysis, itemAnalysisFile, myTestStats, problemStats, statsOfMember } from './service';
import { XLSX_CONTENT_TYPE } from './workbook';

const LEADS_AND_ADMINS = ['lead', 'admin', 'superadmin'] as const;
const leadFirst = async (request: FastifyRequest) => {
  await requireRole(request, LEADS_AND_ADMINS);
};

// A member reads only their own figures (no route takes another member's code) and the class's
// anonymous aggregates; the item analysis, which ranks members, is for leads.
export async function statsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/v1/stats/me', { schema: { querystring: statsMeQuerySchema, response: { 200: statsMeResponseSchema } } }, async (request) => {
    const member = await requireApprovedMember(request);
    return statsOfMember(ctx, member.code);
  });

  api.get('/v1/stats/me/tests/:testCode', { schema: { params: myTestStatsParamsSchema, response: { 200: myTestStatsResponseSchema } } }, async (request) => {
    const member = await requireApprovedMember(request);
    return myTestStats(ctx, member, request.params.testCode);
  });

  api.get('/v1/problem/:id/stats', { schema: { params: problemStatsParamsSchema, response: { 200: problemStatsResponseSchema } } }, async (request) => {
    await requireApprovedMember(request);
    return problemStats(ctx, request.params.id);
  });

  api.get('/v1/test/:id/item-analysis', { onRequest: leadFirst, schema: { params: itemAnalysisParamsSchema, response: { 200: itemAnalysisResponseSchema } } }, async (request) =>
    itemAnalysis(ctx, request.params.id),
  );

  api.get('/v1/test/:id/item-analysis/xlsx', { onRequest: leadFirst, schema: { params: itemAnalysisParamsSchema } }, async (request, reply) => {
    const file = await itemAnalysisFile(ctx, request.params.id);
    return reply
      .header('Content-Type', XLSX_CONTENT_TYPE)
      .header('Content-Disposition', attachmentDisposition(file.fileName, file.asciiFileName))
      .header('Cache-Control', 'no-store')
      .send(file.body);
  });
}
