import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { markReadRequestSchema, markReadResponseSchema, notificationsQuerySchema, notificationsResponseSchema } from '@qbank/shared/notifications';
import { guard, signedInMember } from '../core/auth-guards';
import { markRead, notificationsOf } from './service';

// Each member reads and marks only their own notifications: no route names another member.
// No body at all means the same as {}: every notification of the member.
const markReadBodySchema = z.preprocess((body) => body ?? {}, markReadRequestSchema);

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/v1/notifications',
    { onRequest: guard('approved'), schema: { querystring: notificationsQuerySchema, response: { 200: notificationsResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      return notificationsOf(ctx, member.code, request.query);
    },
  );

  api.post(
    '/v1/notifications/read',
    { onRequest: guard('approved'), schema: { body: markReadBodySchema, response: { 200: markReadResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      return markRead(ctx, member.code, request.body);
    },
  );
}
