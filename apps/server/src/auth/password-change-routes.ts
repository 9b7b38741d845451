import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  passwordChangeConfirmResponseSchema,
  passwordChangeConfirmSchema,
  passwordChangeRequestResponseSchema,
  passwordChangeRequestSchema,
} from '@qbank/shared/password-change';
import { currentMember, guard, signedInMember } from '../core/auth-guards';
import { TOKEN_COOKIE } from '../core/tokens';
import { defaultRateLimits } from '../env';
import { rateLimited } from '../errors';
import { mailerFromConfig, type Mailer } from '../mail/mailer';
import { messages } from '../messages';
import { LoginThrottle } from './login-throttle';
import { confirmPasswordChange, requestPasswordChange } from './password-change';

export interface PasswordChangeRouteOptions {
  /** Defaults to the mailer of the configuration (SMTP_URL, or the outbox). */
  mailer?: Mailer;
}

// The password calls of /v1/auth (decision 124): update-password/request (signed in, approved or not: it is a /v1/auth call) and
// update-password/confirm (public: the link in the mail).
export async function passwordChangeRoutes(app: FastifyInstance, options: PasswordChangeRouteOptions = {}): Promise<void> {
  const { ctx } = app;
  const limits = ctx.config.rateLimits;
  const mailer = options.mailer ?? mailerFromConfig(ctx.config, app.log);
  if (!options.mailer) app.addHook('onClose', async () => mailer.close());
  const deps = {
    mailer,
    throttle: new LoginThrottle(limits.loginFailuresPerId, limits.loginFailureWindowMs, { shared: ctx.redis, scope: 'password-change' }),
    perMemberPerHour: limits.passwordChangePerMemberPerHour ?? defaultRateLimits.passwordChangePerMemberPerHour,
    log: app.log,
  };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/v1/auth/update-password/request',
    {
      onRequest: guard('signedIn'),
      schema: { body: passwordChangeRequestSchema, response: { 200: passwordChangeRequestResponseSchema } },
      config: {
        rateLimit: {
          max: limits.passwordChangePerIpPerHour ?? defaultRateLimits.passwordChangePerIpPerHour,
          timeWindow: 60 * 60_000,
          errorResponseBuilder: () => rateLimited(messages.passwordChangeRateLimited),
        },
      },
    },
    async (request) => {
      const member = signedInMember(request);
      const { expires_at } = await requestPasswordChange(ctx, deps, member, request.body);
      return { ok: true as const, expires_at };
    },
  );

  api.post(
    '/v1/auth/update-password/confirm',
    {
      schema: { body: passwordChangeConfirmSchema, response: { 200: passwordChangeConfirmResponseSchema } },
      config: {
        rateLimit: {
          max: limits.loginPerIpPerMinute,
          timeWindow: 60_000,
          errorResponseBuilder: () => rateLimited(),
        },
      },
    },
    async (request, reply) => {
      // Read before the change: the browser's own login (its token cookie), if it is the member's, ends with it.
      const signedIn = await currentMember(request);
      const memberCode = await confirmPasswordChange(ctx, request.body.token);
      if (signedIn?.code === memberCode) reply.clearCookie(TOKEN_COOKIE, { path: '/' });
      return { ok: true as const };
    },
  );
}
