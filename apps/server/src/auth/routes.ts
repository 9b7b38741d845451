import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginRequestSchema, loginResponseSchema, meResponseSchema, okResponseSchema, signupRequestSchema, signupResponseSchema } from '@qbank/shared/auth';
import { currentMember, guard, signedInMember } from '../core/auth-guards';
import { TOKEN_COOKIE, TOKEN_MAX_AGE_SECONDS } from '../core/tokens';
import type { MemberRow } from '../db/schema';
import { rateLimited } from '../errors';
import { messages } from '../messages';
import { presentMember } from '../members/presenter';
import { LoginThrottle } from './login-throttle';
import { issueToken, login, logout, signup } from './service';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const limits = ctx.config.rateLimits;
  const throttle = new LoginThrottle(limits.loginFailuresPerId, limits.loginFailureWindowMs, { shared: ctx.redis, scope: 'login' });
  const secureCookie = ctx.config.publicUrl.startsWith('https://');
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function issueLoginCookie(reply: FastifyReply, member: MemberRow) {
    const token = await issueToken(ctx, member);
    reply.setCookie(TOKEN_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: TOKEN_MAX_AGE_SECONDS,
      secure: secureCookie,
    });
    return { token, user: presentMember(member) };
  }

  api.post(
    '/v1/auth/login',
    {
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
      config: {
        rateLimit: {
          max: limits.loginPerIpPerMinute,
          timeWindow: 60_000,
          errorResponseBuilder: () => rateLimited(messages.loginRateLimited),
        },
      },
    },
    async (request, reply) => issueLoginCookie(reply, await login(ctx, throttle, request.body)),
  );

  api.post(
    '/v1/auth/signup',
    {
      schema: { body: signupRequestSchema, response: { 201: signupResponseSchema } },
      config: {
        rateLimit: {
          max: limits.signupPerIpPerHour,
          timeWindow: 60 * 60_000,
          errorResponseBuilder: () => rateLimited(messages.signupRateLimited),
        },
      },
    },
    async (request, reply) => {
      const member = await signup(ctx, request.body);
      return reply.status(201).send(await issueLoginCookie(reply, member));
    },
  );

  // Logging out never fails: without a valid login token it only clears the cookie.
  api.post('/v1/auth/logout', { schema: { response: { 200: okResponseSchema } } }, async (request, reply) => {
    const member = await currentMember(request);
    if (member) await logout(ctx, member);
    reply.clearCookie(TOKEN_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  api.post('/v1/auth/refresh', { onRequest: guard('signedIn'), schema: { response: { 200: loginResponseSchema } } }, async (request, reply) =>
    issueLoginCookie(reply, signedInMember(request)),
  );

  api.get('/v1/auth/me', { onRequest: guard('signedIn'), schema: { response: { 200: meResponseSchema } } }, async (request) => ({
    user: presentMember(signedInMember(request)),
  }));
}
