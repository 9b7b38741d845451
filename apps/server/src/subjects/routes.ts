import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@qbank/shared/auth';
import {
  subjectCreateRequestSchema,
  subjectDeleteRequestSchema,
  subjectNamesResponseSchema,
  subjectResponseSchema,
  subjectsQuerySchema,
  subjectsResponseSchema,
  subjectUpdateRequestSchema,
  subjectYearsQuerySchema,
  yearsResponseSchema,
} from '@qbank/shared/subjects';
import { guard, signedInMember } from '../core/auth-guards';
import { changeSubject, createSubject, listClassYears, listSubjectNames, removeSubject, searchSubjects } from './service';

// Subject reads are public (decision 014); writes belong to the lead screens.
export async function subjectRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Served from ctx.contentCache while the content version is unchanged.
  api.get('/v1/subject/subjects', { schema: { querystring: subjectsQuerySchema, response: { 200: subjectsResponseSchema } } }, async (request, reply) =>
    ctx.contentCache.reply(request, reply, async () => {
      const { page, limit, ...filters } = request.query;
      return { ...(await searchSubjects(ctx, filters, { page, limit })), page, limit };
    }),
  );

  api.get('/v1/subject/years', { schema: { querystring: subjectYearsQuerySchema, response: { 200: yearsResponseSchema } } }, async (request) => ({
    years: await listClassYears(ctx, request.query.subject_code),
  }));

  api.get('/v1/subject/names', { schema: { response: { 200: subjectNamesResponseSchema } } }, async () => ({
    subject_names: await listSubjectNames(ctx),
  }));

  api.post(
    '/v1/subject',
    { onRequest: guard('lead'), schema: { body: subjectCreateRequestSchema, response: { 201: subjectResponseSchema } } },
    async (request, reply) => {
      return reply.status(201).send({ subject: await createSubject(ctx, request.body) });
    },
  );

  api.put(
    '/v1/subject',
    { onRequest: guard('lead'), schema: { body: subjectUpdateRequestSchema, response: { 200: subjectResponseSchema } } },
    async (request) => {
      return { subject: await changeSubject(ctx, request.body) };
    },
  );

  api.delete(
    '/v1/subject',
    { onRequest: guard('lead'), schema: { body: subjectDeleteRequestSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await removeSubject(ctx, signedInMember(request), request.body.code);
      return { ok: true as const };
    },
  );
}
