import type { Member } from '@qbank/shared/auth';
import { currentKoreanYear, gradYearForGrade, type MemberListResponse } from '@qbank/shared/member-admin';
import { roleOfAuthority } from '@qbank/shared/roles';
import { json, member } from '../testing/fetch-mock';

// Canned members for the membership screen tests (shapes from the shared schemas).

export const YEAR = currentKoreanYear();

/** A member of calculated grade `grade` (1–4; 5 is "graduated this year"), or without one (null). */
export function person(code: number, id: string, name: string, overrides: Partial<Member> & { calcGrade?: number | null } = {}): Member {
  const { calcGrade = 2, ...rest } = overrides;
  const authority = rest.authority ?? null;
  return member({
    code,
    id,
    name,
    nickname: `${name} 닉`,
    email: `${id}@example.ac.kr`,
    school_no: `20${code}`,
    grad_year: calcGrade === null ? null : gradYearForGrade(calcGrade, YEAR),
    grade: calcGrade,
    authority,
    role: roleOfAuthority(authority),
    validated: 1,
    creation_time: `2026-03-${String(code % 28 + 1).padStart(2, '0')}T09:00:00.000Z`,
    ...rest,
  });
}

export function listBody(members: Member[], options: { page?: number; limit?: number; total?: number } = {}): MemberListResponse {
  const { page = 1, limit = 9999, total = members.length } = options;
  return { members, total, page, limit, size: members.length };
}

export const listResponse = (members: Member[], options?: { page?: number; limit?: number; total?: number }) => json(200, listBody(members, options));

export function paramsOf(url: string): URLSearchParams {
  return new URL(url, 'http://localhost').searchParams;
}

export function bodyOf(init: RequestInit | undefined): unknown {
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}

export const admin = person(1, 'demo-admin', '이서진', { authority: 1, calcGrade: null });
export const superadmin = person(2, 'demo-super', '윤성호', { authority: 3, calcGrade: null });
