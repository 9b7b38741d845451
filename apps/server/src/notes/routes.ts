import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confusedRequestSchema, noteParamsSchema, noteRequestSchema, noteResponseSchema, notesQuerySchema, notesResponseSchema } from '@qbank/shared/notes';
import { guard, signedInMember } from '../core/auth-guards';
import { getNote, searchNotes, setConfused, setNoteText } from './service';

// Private notes: every call reads and writes the caller's own note only, so no one can name another's.
export async function noteRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/v1/problem/:id/note',
    { onRequest: guard('approved'), schema: { params: noteParamsSchema, response: { 200: noteResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      return { note: await getNote(ctx, member.code, request.params.id) };
    },
  );

  api.put(
    '/v1/problem/:id/note',
    { onRequest: guard('approved'), schema: { params: noteParamsSchema, body: noteRequestSchema, response: { 200: noteResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      return { note: await setNoteText(ctx, member.code, request.params.id, request.body.text) };
    },
  );

  api.put(
    '/v1/problem/:id/confused',
    { onRequest: guard('approved'), schema: { params: noteParamsSchema, body: confusedRequestSchema, response: { 200: noteResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      return { note: await setConfused(ctx, member.code, request.params.id, request.body.is_confused) };
    },
  );

  api.get('/v1/notes', { onRequest: guard('approved'), schema: { querystring: notesQuerySchema, response: { 200: notesResponseSchema } } }, async (request) => {
    const member = signedInMember(request);
    return searchNotes(ctx, member.code, request.query);
  });
}
