import type { FastifyRequest } from 'fastify';
import type { Actor } from '@qbank/shared/policies';
import { ADMIN_ROLES, LEAD_ROLES, roleOfAuthority, type Role } from '@qbank/shared/roles';
import type { MemberRow } from '../db/schema';
import { forbidden, notApproved, unauthenticated } from '../errors';
import { versionText } from '../read-caches/data-versions';
import { loadMemberWithVersions } from './batched-reads';
import { TOKEN_COOKIE, verifyToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    memberLookup?: Promise<MemberRow | null>;
    /** The member a route's guard admitted; read it with signedInMember(). */
    guardedMember?: MemberRow;
    /** What a route's guard started beside the member's read (GuardVersions.alongside). */
    readAlongside?: Promise<string>;
  }
}

export function tokenFromRequest(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie = request.cookies[TOKEN_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

// Every request loads the member from the database: the token's role claim is never trusted,
// and a demoted, unapproved, deleted or logged-out member loses access at once. The requests of
// one poll phase of the event loop share the statement (./batched-reads.ts, decision 212), which
// also reads the response caches' content version (request.contentVersion) and the lineage
// version (request.lineageVersion, decision 211): a route that asks gets both, so a read that
// turns out to need the lineage version (the 빈출순 list) has no round trip of its own.
async function lookupMember(request: FastifyRequest, versions: GuardVersions): Promise<MemberRow | null> {
  const found = tokenFromRequest(request);
  if (!found) return null;
  const { config, db, dialect } = request.server.ctx;
  const claims = await verifyToken(found.token, config.jwtSecret);
  if (!claims) return null;
  startAlongside(request, versions);
  const row = await loadMemberWithVersions(db, dialect, claims.memberCode);
  if (!row) return null;
  const { content_version: content, lineage_version: lineage, ...member } = row;
  if (versions.contentVersion) {
    request.contentVersion = versionText(content);
    request.lineageVersion = versionText(lineage);
  }
  if (member.token_version !== claims.ver) return null;
  return member;
}

/** Whether the guard hands over the versions read with the member: the content and the lineage version. */
export interface GuardVersions {
  contentVersion?: boolean;
  /**
   * A version the route reads whoever the member is (a report's answers version): started beside
   * the member's read, once the token is verified, so both statements go in the same poll phase
   * (decision 216) instead of one after the other. Undefined when the request cannot have it (its
   * path's id is not a number); the handler awaits request.readAlongside.
   */
  alongside?: (request: FastifyRequest) => Promise<string> | undefined;
}

function startAlongside(request: FastifyRequest, versions: GuardVersions): void {
  const read = versions.alongside?.(request);
  if (!read) return;
  // Awaited by the handler, which a refused request never reaches: its failure is the handler's to report.
  read.catch(() => undefined);
  request.readAlongside = read;
}

export function currentMember(request: FastifyRequest, versions: GuardVersions = {}): Promise<MemberRow | null> {
  request.memberLookup ??= lookupMember(request, versions);
  return request.memberLookup;
}

export function roleOf(member: Pick<MemberRow, 'authority'>): Role {
  return roleOfAuthority(member.authority);
}

/** A member as the shared policies (@qbank/shared/policies) see them. */
export function actorOf(member: Pick<MemberRow, 'code' | 'authority'>): Actor {
  return { code: member.code, role: roleOf(member) };
}

/** Signed in, approved or not: for /v1/auth/* calls. */
export async function requireMember(request: FastifyRequest, versions: GuardVersions = {}): Promise<MemberRow> {
  const member = await currentMember(request, versions);
  if (!member) throw unauthenticated();
  return member;
}

/** Signed in and approved by an admin: for everything beyond the public reads. */
export async function requireApprovedMember(request: FastifyRequest, versions: GuardVersions = {}): Promise<MemberRow> {
  const member = await requireMember(request, versions);
  if (member.validated !== 1) throw notApproved();
  return member;
}

export async function requireRole(request: FastifyRequest, roles: readonly Role[], versions: GuardVersions = {}): Promise<MemberRow> {
  const member = await requireApprovedMember(request, versions);
  if (!roles.includes(roleOf(member))) throw forbidden();
  return member;
}

/**
 * Who may call a route (decisions 122, 123; the authorization matrix in ../testing/security/policy.ts checks
 * every route against it): `signedIn` approved or not (the /v1/auth/* calls), `approved` any
 * approved member, `lead` LEAD_ROLES, `admin` ADMIN_ROLES. A route without a guard is public.
 */
export type Access = 'signedIn' | 'approved' | 'lead' | 'admin';

const ACCESS: Record<Access, (request: FastifyRequest, versions: GuardVersions) => Promise<MemberRow>> = {
  signedIn: requireMember,
  approved: requireApprovedMember,
  lead: (request, versions) => requireRole(request, LEAD_ROLES, versions),
  admin: (request, versions) => requireRole(request, ADMIN_ROLES, versions),
};

/**
 * A route's one access declaration: `{ onRequest: guard('lead') }`. It runs on request, before a
 * body (up to 30 MB of pictures) is read or validated, so a caller without access gets 401/403
 * without the server parsing anything; the handler reads the admitted member with signedInMember().
 */
export function guard(access: Access, versions: GuardVersions = {}): (request: FastifyRequest) => Promise<void> {
  const check = ACCESS[access];
  return async (request) => {
    request.guardedMember = await check(request, versions);
  };
}

/** The member the route's guard admitted. A handler of a route without guard() is a programming error (500). */
export function signedInMember(request: FastifyRequest): MemberRow {
  const member = request.guardedMember;
  if (!member) throw new Error(`signedInMember() on ${request.routeOptions.url ?? request.url}, a route without guard()`);
  return member;
}
