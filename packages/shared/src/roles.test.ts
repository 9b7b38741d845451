import { describe, expect, it } from 'vitest';
import { AUTHORITY, isAdminRole, isLeadRole, roleLabels, roleOfAuthority } from './roles';

describe('roleOfAuthority (decision 122: null/0 student, 1 admin, 2 lead, 3 superadmin)', () => {
  it.each([
    [null, 'student'],
    [undefined, 'student'],
    [0, 'student'],
    [1, 'admin'],
    [2, 'lead'],
    [3, 'superadmin'],
    [4, 'student'],
    [-1, 'student'],
  ] as const)('maps %s to %s', (authority, role) => {
    expect(roleOfAuthority(authority)).toBe(role);
  });

  it('uses the spec labels', () => {
    expect(roleLabels).toEqual({ superadmin: 'Super Admin', admin: '관리자', lead: '학습부장', student: '학생' });
    expect(roleOfAuthority(AUTHORITY.superadmin)).toBe('superadmin');
  });

  it('nests the role groups: admins are leads too, students are neither', () => {
    expect(['student', 'lead', 'admin', 'superadmin'].map((r) => isAdminRole(r as never))).toEqual([false, false, true, true]);
    expect(['student', 'lead', 'admin', 'superadmin'].map((r) => isLeadRole(r as never))).toEqual([false, true, true, true]);
  });
});
