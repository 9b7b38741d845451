import { createHash, randomBytes } from 'node:crypto';
import { ERROR_CODES } from '@qbank/shared/errors';
import { PASSWORD_CHANGE_CONFIRM_PATH, PASSWORD_CHANGE_TTL_MINUTES, type PasswordChangeRequest } from '@qbank/shared/password-change';
import { validationMessages } from '@qbank/shared/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../core/context';
import { isUniqueViolation, nowIso } from '../core/db';
import type { MemberRow } from '../db/schema';
import { AppError, conflict, forbidden, rateLimited, validationError } from '../errors';
import type { Mailer } from '../mail/mailer';
import { messages } from '../messages';
import { bumpTokenVersion, findMembersByCodes, isEmailTaken, updateMember } from '../members/repository';
import type { LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from '../core/password';
import {
  countPasswordChangesSince,
  expirePendingPasswordChanges,
  findPasswordChangeByTokenHash,
  insertPasswordChange,
  markPasswordChangeUsed,
} from './repository';

// Decision 124, password change: the signed-in request checks the old password and the e-mail,
// keeps the new hash as pending and mails a single-use link valid 30 minutes (32 random bytes;
// only the sha256 is stored). Confirming applies it once and revokes every earlier token.

const HOUR_MS = 60 * 60 * 1000;

export interface PasswordChangeDeps {
  mailer: Mailer;
  /** Wrong current passwords per member, like failed logins per id. */
  throttle: LoginThrottle;
  perMemberPerHour: number;
  log: FastifyBaseLogger;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function passwordChangeMail(name: string, link: string): { subject: string; text: string; html: string } {
  const t = messages.passwordChangeMail;
  const expiry = t.expiry(PASSWORD_CHANGE_TTL_MINUTES);
  const text = [t.greeting(name), '', t.intro, '', link, '', expiry, t.ignore, ''].join('\n');
  const html = [
    `<p>${escapeHtml(t.greeting(name))}</p>`,
    `<p>${escapeHtml(t.intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>`,
    `<p>${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(expiry)}<br>${escapeHtml(t.ignore)}</p>`,
  ].join('\n');
  return { subject: t.subject, text, html };
}

export async function requestPasswordChange(
  ctx: AppContext,
  deps: PasswordChangeDeps,
  member: MemberRow,
  request: PasswordChangeRequest,
): Promise<{ expires_at: string }> {
  // The form sends the signed-in member's id; anything else is a stale page or another account.
  if (request.id !== member.id) throw forbidden(messages.passwordChangeNotYou);

  const now = new Date();
  const recent = await countPasswordChangesSince(ctx.db, member.code, new Date(now.getTime() - HOUR_MS).toISOString());
  if (recent >= deps.perMemberPerHour) throw rateLimited(messages.passwordChangeRateLimited);

  const throttleKey = `member:${member.code}`;
  if (await deps.throttle.isLocked(throttleKey)) throw rateLimited(messages.passwordChangeRateLimited);
  if (!(await verifyPassword(request.old_password, member.password_hash))) {
    await deps.throttle.recordFailure(throttleKey);
    throw validationError(messages.passwordChangeWrongPassword, { old_password: messages.passwordChangeWrongPassword });
  }
  await deps.throttle.reset(throttleKey);

  if (request.new_password === request.old_password) {
    throw validationError(messages.passwordChangeSamePassword, { new_password: messages.passwordChangeSamePassword });
  }
  // With an e-mail on file it must match; without one, the given address becomes the member's on
  // confirmation, so it must not belong to somebody else.
  if (member.email !== null && member.email !== request.email) {
    throw validationError(messages.passwordChangeEmailMismatch, { email: messages.passwordChangeEmailMismatch });
  }
  if (member.email === null && (await isEmailTaken(ctx.db, request.email, member.code))) {
    throw conflict(messages.duplicateEmail, { email: messages.duplicateEmail });
  }

  const token = randomBytes(32).toString('base64url');
  const createdAt = now.toISOString();
  const expiresAt = new Date(now.getTime() + PASSWORD_CHANGE_TTL_MINUTES * 60_000).toISOString();
  const newPasswordHash = await hashPassword(request.new_password);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await expirePendingPasswordChanges(trx, member.code, createdAt);
    return insertPasswordChange(trx, {
      member_code: member.code,
      token_hash: hashToken(token),
      email: request.email,
      new_password_hash: newPasswordHash,
      expires_at: expiresAt,
      creation_time: createdAt,
    });
  });

  const link = `${ctx.config.publicUrl}${PASSWORD_CHANGE_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
  try {
    await deps.mailer.sendMail({ to: request.email, ...passwordChangeMail(member.name, link) });
  } catch (error) {
    // The link never reached anybody: end it, and let the member try again.
    deps.log.error({ err: error, member: member.code }, 'password-change mail could not be sent');
    await expirePendingPasswordChanges(ctx.db, member.code, nowIso());
    throw new AppError(503, ERROR_CODES.internal, messages.passwordChangeMailFailed);
  }
  return { expires_at: row.expires_at };
}

const confirmFailed = () => validationError(validationMessages.passwordChangeConfirmFailed);

/**
 * Applies a pending change once: password, e-mail if none was on file, and a new token version.
 * Returns the member's code.
 */
export async function confirmPasswordChange(ctx: AppContext, token: string): Promise<number> {
  const tokenHash = hashToken(token);
  const lock = ctx.dialect === 'postgres';
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const pending = await findPasswordChangeByTokenHash(trx, tokenHash, { lock });
      if (!pending || pending.used_at !== null || pending.expires_at <= now) throw confirmFailed();
      const [member] = await findMembersByCodes(trx, [pending.member_code], { lock });
      if (!member) throw confirmFailed();
      if (member.email === null && (await isEmailTaken(trx, pending.email, member.code))) {
        throw conflict(messages.duplicateEmail, { email: messages.duplicateEmail });
      }
      if (!(await markPasswordChangeUsed(trx, pending.code, now))) throw confirmFailed();
      await updateMember(trx, member.code, {
        password_hash: pending.new_password_hash,
        email: member.email ?? pending.email,
      });
      await bumpTokenVersion(trx, member.code);
      await expirePendingPasswordChanges(trx, member.code, now);
      return member.code;
    });
  } catch (error) {
    // Someone took the e-mail between the check and the write; the unique index decided.
    if (isUniqueViolation(error)) throw conflict(messages.duplicateEmail, { email: messages.duplicateEmail });
    throw error;
  }
}
