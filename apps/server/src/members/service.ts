import { randomInt } from 'node:crypto';
import {
  currentKoreanYear,
  gradYearForGrade,
  MEMBER_GRADE_MAX,
  MEMBER_GRADE_MIN,
  type MemberAuthorityRequest,
  type MemberCreateRequest,
  type MemberListQuery,
  type MemberUpdateRequest,
} from '@qbank/shared/member-admin';
import { memberProtection, type MemberProtection } from '@qbank/shared/policies';
import { AUTHORITY } from '@qbank/shared/roles';
import { hashPassword } from '../core/password';
import { actorOf, roleOf } from '../core/auth-guards';
import type { AppContext } from '../core/context';
import type { DbOrTx } from '../core/db';
import type { MemberRow } from '../db/schema';
import { recordMemberAct } from '../audit/service';
import { conflict, forbidden, notFound } from '../errors';
import { messages } from '../messages';
import { deleteMember, findMembersByCodes, insertMember, listMembers, updateMember, type MemberListFilters } from './repository';
import { assertUniqueMemberFields, withUniqueMemberFields } from './uniqueness';

export async function approveMember(ctx: AppContext, actor: MemberRow, code: number): Promise<MemberRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockMember(ctx, trx, code);
    const member = await updateMember(trx, code, { validated: 1 });
    if (!member) throw notFound(messages.memberNotFound);
    if (before.validated !== 1) await recordMemberAct(trx, actor, 'member.approve', before, member);
    return member;
  });
}

/**
 * The stored grade and the grad_year move together, so the calculated grade
 * (5 − (grad_year − current year), @qbank/shared/grade) always agrees with what an admin set.
 */
function gradeColumns(grade: number | null, currentYear: number): Pick<MemberRow, 'grade' | 'grad_year'> {
  return { grade, grad_year: grade === null ? null : gradYearForGrade(grade, currentYear) };
}

function gradeOfGradYear(gradYear: number, currentYear: number): number | null {
  const grade = 5 - (gradYear - currentYear);
  return grade >= MEMBER_GRADE_MIN && grade <= MEMBER_GRADE_MAX ? grade : null;
}

/** Admins see every member; a lead (grade retention, assignment) sees approved members only. */
export async function listMembersFor(ctx: AppContext, actor: MemberRow, query: MemberListQuery): Promise<{ rows: MemberRow[]; total: number }> {
  const { page, limit, grade, ...rest } = query;
  const filters: MemberListFilters = { ...rest };
  if (roleOf(actor) === 'lead') {
    if (query.validated === 0) throw forbidden(messages.leadListApprovedOnly);
    filters.validated = 1;
  }
  if (grade !== undefined) filters.gradYear = gradYearForGrade(grade, currentKoreanYear());
  return listMembers(ctx.db, ctx.dialect, filters, { page, limit });
}

/** Decision 122 (authority), with each call's own message for the refusal. */
function requireMayChange(actor: MemberRow, target: MemberRow, refusals: Record<MemberProtection, string>, makesAdmin = false): void {
  const protection = memberProtection(actorOf(actor), actorOf(target), makesAdmin);
  if (protection) throw forbidden(refusals[protection]);
}

async function lockMember(ctx: AppContext, db: DbOrTx, code: number): Promise<MemberRow> {
  const [member] = await findMembersByCodes(db, [code], { lock: ctx.dialect === 'postgres' });
  if (!member) throw notFound(messages.memberNotFound);
  return member;
}

/**
 * Decision 122 (authority): admins and superadmins appoint and remove leads; only a superadmin
 * appoints or removes admins; nobody changes a superadmin or their own authority. The guards load
 * the member from the database on every request, so the change applies at once, without a new login.
 */
export async function changeAuthority(ctx: AppContext, actor: MemberRow, code: number, request: MemberAuthorityRequest): Promise<MemberRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const target = await lockMember(ctx, trx, code);
    const targetRole = roleOf(target);
    requireMayChange(
      actor,
      target,
      { superadmin: messages.superadminUnchangeable, self: messages.ownAuthorityUnchangeable, adminsBySuperadmin: messages.adminsBySuperadminOnly },
      request.authority === AUTHORITY.admin,
    );
    if (request.authority === AUTHORITY.admin && targetRole === 'admin') throw conflict(messages.alreadyAdmin);
    if (request.authority === AUTHORITY.lead && targetRole === 'lead') throw conflict(messages.alreadyLead);
    if (request.authority !== null && target.validated !== 1) throw conflict(messages.appointeeNotApproved);
    const changes = {
      authority: request.authority,
      ...(request.grade !== undefined ? gradeColumns(request.grade, currentKoreanYear()) : {}),
    };
    const updated = await updateMember(trx, code, changes);
    if (!updated) throw notFound(messages.memberNotFound);
    await recordMemberAct(trx, actor, 'member.role', target, updated);
    return updated;
  });
}

/** PATCH: the approval toggle and the grade. Superadmins, yourself and (for admins) other admins are off limits. */
export async function patchMember(ctx: AppContext, actor: MemberRow, code: number, request: MemberUpdateRequest): Promise<MemberRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const target = await lockMember(ctx, trx, code);
    requireMayChange(actor, target, {
      superadmin: messages.superadminUnchangeable,
      self: messages.ownAccountUnchangeable,
      adminsBySuperadmin: messages.adminsBySuperadminOnly,
    });
    const changes = {
      ...(request.validated !== undefined ? { validated: request.validated } : {}),
      ...(request.grade !== undefined ? gradeColumns(request.grade, currentKoreanYear()) : {}),
    };
    const updated = await updateMember(trx, code, changes);
    if (!updated) throw notFound(messages.memberNotFound);
    await recordMemberAct(trx, actor, target.validated === 0 && updated.validated === 1 ? 'member.approve' : 'member.update', target, updated);
    return updated;
  });
}

/** What the member wrote stays (shown as a deleted member); their boxes, runs and assignments go. */
export async function removeMember(ctx: AppContext, actor: MemberRow, code: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const target = await lockMember(ctx, trx, code);
    requireMayChange(actor, target, {
      superadmin: messages.superadminUnchangeable,
      self: messages.ownAccountUndeletable,
      adminsBySuperadmin: messages.adminDeleteBySuperadminOnly,
    });
    if (!(await deleteMember(trx, code))) throw notFound(messages.memberNotFound);
    // Removing a sign-up that was never approved is how an admin turns it down.
    await recordMemberAct(trx, actor, target.validated === 1 ? 'member.delete' : 'member.reject', target, null);
  });
}

// Readable one-time passwords: no 0/O, 1/l/I look-alikes; 12 letters (≈ 59 bits) in groups of four.
const ONE_TIME_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function generateOneTimePassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < 3; g += 1) {
    let group = '';
    for (let i = 0; i < 4; i += 1) group += ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** An admin adds a member directly: approved at once, with a one-time password shown once. */
export async function createMemberByAdmin(
  ctx: AppContext,
  actor: MemberRow,
  request: MemberCreateRequest,
): Promise<{ member: MemberRow; oneTimePassword: string }> {
  const unique = { id: request.id, school_no: request.school_no, email: request.email };
  await assertUniqueMemberFields(ctx.db, unique);
  const oneTimePassword = generateOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  const member = await withUniqueMemberFields(ctx.db, unique, () =>
    ctx.db.transaction().execute(async (trx) => {
      const created = await insertMember(trx, {
        id: request.id,
        name: request.name,
        nickname: request.nickname,
        school_no: request.school_no,
        email: request.email,
        password_hash: passwordHash,
        ...gradeColumns(request.grade ?? null, currentKoreanYear()),
        authority: null,
        validated: 1,
      });
      await recordMemberAct(trx, actor, 'member.create', null, created);
      return created;
    }),
  );
  return { member, oneTimePassword };
}

/**
 * Grade retention: grad_year + 1 for every member, in one transaction. One unknown code
 * or one member without a grad_year and nobody changes.
 */
export async function retainGrades(ctx: AppContext, actor: MemberRow, memberCodes: readonly number[]): Promise<MemberRow[]> {
  const codes = [...new Set(memberCodes)];
  const currentYear = currentKoreanYear();
  return ctx.db.transaction().execute(async (trx) => {
    const rows = await findMembersByCodes(trx, codes, { lock: ctx.dialect === 'postgres' });
    if (rows.length !== codes.length) throw notFound(messages.retainUnknownMembers);
    const withoutGradYear = rows.filter((row) => row.grad_year === null);
    if (withoutGradYear.length > 0) {
      throw conflict(messages.retainWithoutGradYear(withoutGradYear.map((row) => `${row.name}(${row.id})`).join(', ')));
    }
    const updated: MemberRow[] = [];
    for (const row of rows) {
      const gradYear = row.grad_year! + 1;
      const grade = row.grade === null ? null : gradeOfGradYear(gradYear, currentYear);
      const member = await updateMember(trx, row.code, { grad_year: gradYear, grade });
      if (!member) throw notFound(messages.retainUnknownMembers);
      await recordMemberAct(trx, actor, 'member.retain_grade', row, member);
      updated.push(member);
    }
    return updated;
  });
}
