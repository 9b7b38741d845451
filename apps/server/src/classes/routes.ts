import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@qbank/shared/auth';
import {
  classMetaResponseSchema,
  classParamsSchema,
  classResponseSchema,
  classWriteRequestSchema,
  subjectClassesQuerySchema,
  subjectClassesResponseSchema,
  subjectIdParamsSchema,
} from '@qbank/shared/subjects';
import { guard, signedInMember } from '../core/auth-guards';
import { notFound } from '../errors';
import { messages } from '../messages';
import { getSubject } from '../subjects/service';
import { changeClass, createClass, findClassMeta, listSubjectClasses, removeClass } from './service';

// Decision 028: leads manage a subject's classes from the subject management screen.

export async function classRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The class header is public like the exam header; its problems need an approved member.
  api.get('/v1/class/:code/meta', { schema: { params: classParamsSchema, response: { 200: classMetaResponseSchema } } }, async (request, reply) =>
    ctx.contentCache.reply(request, reply, async () => {
      const meta = await findClassMeta(ctx, request.params.code);
      if (!meta) throw notFound(messages.classNotFound);
      return { meta };
    }),
  );

  api.get(
    '/v1/subject/:id/classes',
    { schema: { params: subjectIdParamsSchema, querystring: subjectClassesQuerySchema, response: { 200: subjectClassesResponseSchema } } },
    async (request, reply) =>
      ctx.contentCache.reply(request, reply, async () => {
        const subject = await getSubject(ctx, request.params.id);
        const { page, limit, ...filters } = request.query;
        const { rows, total } = await listSubjectClasses(ctx, subject.subject_code, filters, { page, limit });
        return { classes: rows, subject, total, page, limit };
      }),
  );

  api.post(
    '/v1/subject/:id/classes',
    { onRequest: guard('lead'), schema: { params: subjectIdParamsSchema, body: classWriteRequestSchema, response: { 201: classResponseSchema } } },
    async (request, reply) => reply.status(201).send({ class: await createClass(ctx, request.params.id, request.body) }),
  );

  api.put(
    '/v1/class/:code',
    { onRequest: guard('lead'), schema: { params: classParamsSchema, body: classWriteRequestSchema, response: { 200: classResponseSchema } } },
    async (request) => ({ class: await changeClass(ctx, request.params.code, request.body) }),
  );

  // The problem links go with the class (FK cascade); the problems themselves stay.
  api.delete('/v1/class/:code', { onRequest: guard('lead'), schema: { params: classParamsSchema, response: { 200: okResponseSchema } } }, async (request) => {
    await removeClass(ctx, signedInMember(request), request.params.code);
    return { ok: true as const };
  });
}
