import { describe, expect, it } from 'vitest';
import { mayAppoint, mayDeleteAuthored, mayEditAuthored, mayWorkOnSlot, mayWriteOnBoard, memberProtection } from './policies';
import type { Role } from './roles';

const ROLES: Role[] = ['student', 'lead', 'admin', 'superadmin'];

describe('the shared policies (decisions 122, 126), as server and screens apply them', () => {
  it('lets only the author edit, and the author or an admin delete', () => {
    expect(mayEditAuthored(false)).toBe(false);
    expect(mayEditAuthored(true)).toBe(true);
    expect(ROLES.map((role) => mayDeleteAuthored(role, false))).toEqual([false, false, true, true]);
    expect(ROLES.map((role) => mayDeleteAuthored(role, true))).toEqual([true, true, true, true]);
  });

  it('keeps the notice board for leads and above, and a slot for its assignee or a lead', () => {
    expect(ROLES.map((role) => mayWriteOnBoard(role, true))).toEqual([false, true, true, true]);
    expect(ROLES.map((role) => mayWriteOnBoard(role, false))).toEqual([true, true, true, true]);
    expect(ROLES.map((role) => mayWorkOnSlot(role, false))).toEqual([false, true, true, true]);
    expect(mayWorkOnSlot('student', true)).toBe(true);
  });

  it('protects superadmins, one’s own account, and admins from anyone but a superadmin', () => {
    const admin = { code: 1, role: 'admin' as const };
    const superadmin = { code: 2, role: 'superadmin' as const };
    const student = { code: 3, role: 'student' as const };
    expect(memberProtection(admin, superadmin)).toBe('superadmin');
    expect(memberProtection(admin, admin)).toBe('self');
    expect(memberProtection(admin, { code: 4, role: 'admin' })).toBe('adminsBySuperadmin');
    expect(memberProtection(admin, student, true)).toBe('adminsBySuperadmin');
    expect(memberProtection(admin, student)).toBeNull();
    expect(memberProtection(superadmin, { code: 4, role: 'admin' })).toBeNull();
    expect(memberProtection(superadmin, student, true)).toBeNull();
  });

  it('has admins appoint leads and only a superadmin appoint admins', () => {
    expect(ROLES.map((role) => mayAppoint(role, 'lead'))).toEqual([false, false, true, true]);
    expect(ROLES.map((role) => mayAppoint(role, 'admin'))).toEqual([false, false, false, true]);
  });
});
