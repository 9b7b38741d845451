import type { Member } from '@qbank/shared/auth';
import { roleOfAuthority } from '@qbank/shared/roles';
import type { MemberRow } from '../db/schema';

// A member as the API shows it: never the password hash or the token version.
export function presentMember(row: MemberRow): Member {
  return {
    code: row.code,
    id: row.id,
    name: row.name,
    nickname: row.nickname,
    email: row.email,
    school_no: row.school_no,
    grad_year: row.grad_year,
    grade: row.grade,
    authority: row.authority,
    validated: row.validated,
    role: roleOfAuthority(row.authority),
    creation_time: row.creation_time,
  };
}
