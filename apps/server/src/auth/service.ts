import { currentKoreanYear, gradYearForGrade } from '@qbank/shared/member-admin';
import type { LoginRequest, SignupRequest } from '@qbank/shared/auth';
import type { AppContext } from '../core/context';
import { signToken } from '../core/tokens';
import type { MemberRow } from '../db/schema';
import { invalidCredentials, rateLimited } from '../errors';
import { messages } from '../messages';
import { bumpTokenVersion, findMemberByLoginIdentifier, insertMember, replacePasswordHash } from '../members/repository';
import { assertUniqueMemberFields, withUniqueMemberFields } from '../members/uniqueness';
import { roleOfAuthority } from '@qbank/shared/roles';
import type { LoginThrottle } from './login-throttle';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../core/password';
import { recordLockout } from '../audit/service';

export function issueToken(ctx: AppContext, member: MemberRow): Promise<string> {
  return signToken({ sub: String(member.code), user_id: member.id, role: roleOfAuthority(member.authority), ver: member.token_version }, ctx.config.jwtSecret);
}

export async function login(ctx: AppContext, throttle: LoginThrottle, request: LoginRequest): Promise<MemberRow> {
  const identifier = (request.id || request.email || '').trim();
  if (await throttle.isLocked(identifier)) throw rateLimited(messages.loginRateLimited);
  const member = await findMemberByLoginIdentifier(ctx.db, identifier);
  if (!member) {
    await burnPasswordCheck(request.password);
    if (await throttle.recordFailure(identifier)) await recordLockout(ctx.db, identifier, null, throttle.windowMinutes);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(request.password, member.password_hash))) {
    if (await throttle.recordFailure(identifier)) await recordLockout(ctx.db, identifier, member, throttle.windowMinutes);
    throw invalidCredentials();
  }
  await throttle.reset(identifier);
  // A hash from before decision 213 (128 MiB a check) is made anew while the password is at hand.
  if (needsRehash(member.password_hash)) await replacePasswordHash(ctx.db, member.code, member.password_hash, await hashPassword(request.password));
  return member;
}

// New members wait for an admin's approval (validated 0) but can sign in to see that they wait.
export async function signup(ctx: AppContext, request: SignupRequest): Promise<MemberRow> {
  const unique = { id: request.id, school_no: request.school_no, email: null };
  await assertUniqueMemberFields(ctx.db, unique);
  const passwordHash = await hashPassword(request.password);
  return withUniqueMemberFields(ctx.db, unique, () =>
    insertMember(ctx.db, {
      id: request.id,
      name: request.name,
      nickname: request.nickname,
      school_no: request.school_no,
      email: null,
      password_hash: passwordHash,
      // The grade the member gave, kept as the graduation year it means.
      grad_year: request.grade === undefined ? null : gradYearForGrade(request.grade, currentKoreanYear()),
      grade: request.grade ?? null,
      authority: null,
      validated: 0,
    }),
  );
}

/** Logout revokes every token issued to the member so far. */
export async function logout(ctx: AppContext, member: MemberRow): Promise<void> {
  await bumpTokenVersion(ctx.db, member.code);
}
