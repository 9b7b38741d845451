import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { referenceTableResponseSchema, referenceTableSchema } from '@qbank/shared/reference-values';
import { guard, signedInMember } from '../core/auth-guards';
import { getReferenceTable, replaceReferenceTable } from './service';

// Approved members read the 참고치 table beside a problem; leads replace it.
export async function referenceRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/v1/reference-values', { onRequest: guard('approved'), schema: { response: { 200: referenceTableResponseSchema } } }, async () =>
    getReferenceTable(ctx),
  );

  api.put(
    '/v1/reference-values',
    { onRequest: guard('lead'), schema: { body: referenceTableSchema, response: { 200: referenceTableResponseSchema } } },
    async (request) => {
      return replaceReferenceTable(ctx, signedInMember(request), request.body);
    },
  );
}
