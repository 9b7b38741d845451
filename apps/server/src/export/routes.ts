import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DOCX_CONTENT_TYPE, exportQuerySchema } from '@qbank/shared/export';
import { testParamsSchema } from '@qbank/shared/tests';
import { requireApprovedMember } from '../core/auth-guards';
import { attachmentDisposition } from './file-name';
import { exportTestDocx } from './service';

export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Spec §7: the word export of an exam. It carries answers and explanations, so it needs an
  // approved member like the problem bodies do (DESIGN.md §5).
  api.get('/v1/test/:id/export', { schema: { params: testParamsSchema, querystring: exportQuerySchema } }, async (request, reply) => {
    await requireApprovedMember(request);
    const file = await exportTestDocx(ctx, request.params.id, request.query.mode);
    return reply
      .header('Content-Type', DOCX_CONTENT_TYPE)
      .header('Content-Disposition', attachmentDisposition(file.fileName, file.asciiFileName))
      .header('Cache-Control', 'no-store')
      .send(file.data);
  });
}
