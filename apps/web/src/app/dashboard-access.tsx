import type { Role } from '@qbank/shared/roles';
import { Navigate } from 'react-router';
import { paths } from '../lib/paths';
import { useLoginSession } from '../lib/login-session';

/** Where /dashboard leads each role. */
export function dashboardHomeFor(role: Role): string {
  switch (role) {
    case 'admin':
    case 'superadmin':
      return paths.dashboard.admin.approvals.getHref();
    case 'lead':
      return paths.dashboard.lead.tests.getHref();
    case 'student':
      return paths.dashboard.my.getHref();
  }
}

export function DashboardIndexRedirect() {
  const session = useLoginSession();
  if (session.status !== 'signed-in') return null;
  return <Navigate to={dashboardHomeFor(session.user.role)} replace />;
}
