import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOOK_COOKIE, lookCookieValue, settingsRequestSchema, settingsResponseSchema, type Settings } from '@qbank/shared/settings';
import { guard, signedInMember } from '../core/auth-guards';
import { getSettings, setSettings } from './service';

/** A year: the cookie only copies the stored settings, which every read refreshes. */
const LOOK_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

// The member's own look. Both calls also set the look cookie, which the document's head reads to
// draw the first paint in the member's theme and type size (decision 166). It is readable by
// scripts on purpose (not httpOnly): it holds nothing but these two words.
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const secure = ctx.config.publicUrl.startsWith('https://');
  const withCookie = (reply: FastifyReply, settings: Settings) => {
    reply.setCookie(LOOK_COOKIE, lookCookieValue(settings), { sameSite: 'lax', path: '/', maxAge: LOOK_COOKIE_MAX_AGE_SECONDS, secure });
    return { settings };
  };

  api.get('/v1/settings', { onRequest: guard('signedIn'), schema: { response: { 200: settingsResponseSchema } } }, async (request, reply) => {
    return withCookie(reply, await getSettings(ctx, signedInMember(request).code));
  });

  api.put(
    '/v1/settings',
    { onRequest: guard('signedIn'), schema: { body: settingsRequestSchema, response: { 200: settingsResponseSchema } } },
    async (request, reply) => {
      return withCookie(reply, await setSettings(ctx, signedInMember(request).code, request.body));
    },
  );
}
