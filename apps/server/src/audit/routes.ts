import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditListResponseSchema, auditSettingsSchema } from '@qbank/shared/audit';
import { guard, roleOf, signedInMember } from '../core/auth-guards';
import { forbidden, validationError } from '../errors';
import { auditMessages } from './messages';
import { auditRetention, changeAuditRetention, listAudit } from './service';

// Decision 161: admins read the log (acts on admins only the superadmin); nobody writes it
// through the API: entries come only from the acts themselves.
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/v1/admin/audit',
    { onRequest: guard('admin'), schema: { querystring: auditListQuerySchema, response: { 200: auditListResponseSchema } } },
    async (request) => {
      const { from, to } = request.query;
      if (from && to && from.slice(0, 10) > to.slice(0, 10)) throw validationError(auditMessages.fromAfterTo, { from: auditMessages.fromAfterTo });
      return listAudit(ctx, signedInMember(request), request.query);
    },
  );

  api.get('/v1/admin/audit/settings', { onRequest: guard('admin'), schema: { response: { 200: auditSettingsSchema } } }, async () => ({
    retention_days: await auditRetention(ctx),
  }));

  api.put(
    '/v1/admin/audit/settings',
    { onRequest: guard('admin'), schema: { body: auditSettingsSchema, response: { 200: auditSettingsSchema } } },
    async (request) => {
      const actor = signedInMember(request);
      if (roleOf(actor) !== 'superadmin') throw forbidden(auditMessages.retentionBySuperadminOnly);
      return { retention_days: await changeAuditRetention(ctx, actor, request.body.retention_days) };
    },
  );
}
