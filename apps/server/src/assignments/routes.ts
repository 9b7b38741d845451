import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assignRequestSchema, assignResponseSchema, assignmentsQuerySchema, assignmentsResponseSchema } from '@qbank/shared/assignments';
import { mySlotsQuerySchema, mySlotsResponseSchema } from '@qbank/shared/my-problems';
import { guard, signedInMember } from '../core/auth-guards';
import { mySlots, saveAssignments, testAssignments } from './service';

// The assignment map of an exam, its save, and the member's own slots ("my problems").
export async function assignmentRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/v1/problem/assignments',
    { onRequest: guard('lead'), schema: { querystring: assignmentsQuerySchema, response: { 200: assignmentsResponseSchema } } },
    async (request) => testAssignments(ctx, request.query.test_code),
  );

  api.post(
    '/v1/problem/assign',
    // Up to 10,000 pairs of small numbers: about 0.5 MB of JSON, under the default 1 MB limit.
    { onRequest: guard('lead'), schema: { body: assignRequestSchema, response: { 200: assignResponseSchema } } },
    async (request) => {
      const lead = signedInMember(request);
      return saveAssignments(ctx, lead, request.body);
    },
  );

  for (const path of ['/v1/problem/my-slots', '/v1/problem/assigned']) {
    api.get(path, { onRequest: guard('approved'), schema: { querystring: mySlotsQuerySchema, response: { 200: mySlotsResponseSchema } } }, async (request) => {
      const member = signedInMember(request);
      return mySlots(ctx, member, request.query);
    });
  }
}
