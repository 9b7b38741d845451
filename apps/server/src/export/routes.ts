import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DOCX_CONTENT_TYPE, exportQuerySchema } from '@qbank/shared/export';
import { boxParamsSchema } from '@qbank/shared/boxes';
import { testParamsSchema } from '@qbank/shared/exams';
import { guard, signedInMember } from '../core/auth-guards';
import { attachmentDisposition } from './file-name';
import { exportTestDocx } from './service';
import { exportBoxDocx } from './box-service';

export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // GET /v1/test/{id}/export: the word export of an exam (decision 019). It carries answers and explanations, so it needs an
  // approved member like the problem bodies do (decision 014).
  api.get(
    '/v1/test/:id/export',
    { onRequest: guard('approved'), schema: { params: testParamsSchema, querystring: exportQuerySchema } },
    async (request, reply) => {
      const file = await exportTestDocx(ctx, request.params.id, request.query.mode, request.query.emphasis);
      return reply
        .header('Content-Type', DOCX_CONTENT_TYPE)
        .header('Content-Disposition', attachmentDisposition(file.fileName, file.asciiFileName))
        .header('Cache-Control', 'no-store')
        .send(file.data);
    },
  );

  // Issue 16: a box (오답 노트 included) as a Word file, for its owner only.
  api.get(
    '/v1/box/:id/export',
    { onRequest: guard('approved'), schema: { params: boxParamsSchema, querystring: exportQuerySchema } },
    async (request, reply) => {
      const member = signedInMember(request);
      const file = await exportBoxDocx(ctx, member.code, request.params.id, request.query.mode, request.query.emphasis);
      return reply
        .header('Content-Type', DOCX_CONTENT_TYPE)
        .header('Content-Disposition', attachmentDisposition(file.fileName, file.asciiFileName))
        .header('Cache-Control', 'no-store')
        .send(file.data);
    },
  );
}
