// One authority mapping for the whole product (decision 122):
// null/0 student, 1 admin, 2 lead, 3 superadmin.
export const AUTHORITY = { student: 0, admin: 1, lead: 2, superadmin: 3 } as const;

export const ROLES = ['student', 'lead', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

export function roleOfAuthority(authority: number | null | undefined): Role {
  switch (authority) {
    case AUTHORITY.admin:
      return 'admin';
    case AUTHORITY.lead:
      return 'lead';
    case AUTHORITY.superadmin:
      return 'superadmin';
    default:
      return 'student';
  }
}

export const roleLabels: Record<Role, string> = {
  superadmin: 'Super Admin',
  admin: '관리자',
  lead: '학습부장',
  student: '학생',
};

// The role groups (decision 122): the server's route guards and the web's dashboard
// gates and navigation read these, so a group is spelt once. Admins are leads too.
/** The lead screens: exams, subjects, classes, problems, assignments, disputes' rulings. */
export const LEAD_ROLES = ['lead', 'admin', 'superadmin'] as const satisfies readonly Role[];
/** Member and board administration. */
export const ADMIN_ROLES = ['admin', 'superadmin'] as const satisfies readonly Role[];

export function isAdminRole(role: Role): boolean {
  return (ADMIN_ROLES as readonly Role[]).includes(role);
}

export function isLeadRole(role: Role): boolean {
  return (LEAD_ROLES as readonly Role[]).includes(role);
}
