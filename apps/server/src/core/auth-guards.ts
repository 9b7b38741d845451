import type { FastifyRequest } from 'fastify';
import { roleOfAuthority, type Role } from '@qbank/shared/roles';
import type { MemberRow } from '../db/schema';
import { forbidden, notApproved, unauthenticated } from '../errors';
import { TOKEN_COOKIE, verifyToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    memberLookup?: Promise<MemberRow | null>;
  }
}

export function tokenFromRequest(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie = request.cookies[TOKEN_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

// Every request loads the member from the database: the token's role claim is never trusted,
// and a demoted, unapproved, deleted or logged-out member loses access at once.
async function lookupMember(request: FastifyRequest): Promise<MemberRow | null> {
  const found = tokenFromRequest(request);
  if (!found) return null;
  const { config, db } = request.server.ctx;
  const claims = await verifyToken(found.token, config.jwtSecret);
  if (!claims) return null;
  const member = await db.selectFrom('members').selectAll().where('code', '=', claims.memberCode).executeTakeFirst();
  if (!member || member.token_version !== claims.ver) return null;
  return member;
}

export function currentMember(request: FastifyRequest): Promise<MemberRow | null> {
  request.memberLookup ??= lookupMember(request);
  return request.memberLookup;
}

export function roleOf(member: Pick<MemberRow, 'authority'>): Role {
  return roleOfAuthority(member.authority);
}

/** Signed in, approved or not: for /v1/auth/* calls. */
export async function requireMember(request: FastifyRequest): Promise<MemberRow> {
  const member = await currentMember(request);
  if (!member) throw unauthenticated();
  return member;
}

/** Signed in and approved by an admin: for everything beyond the public reads. */
export async function requireApprovedMember(request: FastifyRequest): Promise<MemberRow> {
  const member = await requireMember(request);
  if (member.validated !== 1) throw notApproved();
  return member;
}

export async function requireRole(request: FastifyRequest, roles: readonly Role[]): Promise<MemberRow> {
  const member = await requireApprovedMember(request);
  if (!roles.includes(roleOf(member))) throw forbidden();
  return member;
}
