import { roleLabels, type Role } from '@qbank/shared/roles';
import { lazy, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { nextFromLocation } from '../lib/next-path';
import { paths } from '../lib/paths';
import { useReleaseServerPaint } from '../lib/server-paint';
import { isApproved, useLoginSession } from '../lib/login-session';
import { gateMessages } from './gate-messages';

// Gates wrap a route (no children: they render the <Outlet/>) or an element (children).

// What a gate shows instead of the screen (a visitor, a member not approved yet) and the role
// toast are no part of the first screen's JS (decision 050): chunks of their own, fetched by the
// few who meet them, under the layout's Suspense.
const LoginRequiredCard = lazy(() => import('../auth/login-required-card').then((m) => ({ default: m.LoginRequiredCard })));
const PendingApproval = lazy(() => import('../auth/pending-approval').then((m) => ({ default: m.PendingApproval })));

/**
 * Members-only content. While the session is checked: nothing (no flash of the login card).
 * Signed out: the login-required card, whose links bring the visitor back here (`next`).
 * Signed in but not approved yet: the waiting state instead of screens that would only get 403s.
 */
export function RequireLogin({ children }: { children?: ReactNode }) {
  const session = useLoginSession();
  const location = useLocation();
  // A page the server drew for a session this device has forgotten (decision 067) gives way to
  // what the gate shows instead at once, not after the hand-over's wait.
  useReleaseServerPaint(session.status === 'signed-out' || (session.status === 'signed-in' && !isApproved(session.user)));
  if (session.status === 'checking') return null;
  if (session.status === 'signed-out') return <LoginRequiredCard next={nextFromLocation(location)} />;
  if (!isApproved(session.user)) return <PendingApproval user={session.user} />;
  return children ?? <Outlet />;
}

/** Role-restricted content: no member → /login?next=…; a role not in `roles` → `redirectTo`. */
export function RequireRole({
  roles,
  redirectTo = paths.dashboard.root.path,
  children,
}: {
  roles: readonly Role[];
  redirectTo?: string;
  children?: ReactNode;
}) {
  const session = useLoginSession();
  const location = useLocation();
  if (session.status === 'checking') return null;
  if (session.status === 'signed-out') {
    return <Navigate to={paths.login.getHref(nextFromLocation(location))} replace />;
  }
  if (!isApproved(session.user)) return <PendingApproval user={session.user} />;
  if (!roles.includes(session.user.role)) return <RoleRedirect roles={roles} to={redirectTo} />;
  return children ?? <Outlet />;
}

/** Away from a screen the member's role does not open, telling them why (a toast), once. */
function RoleRedirect({ roles, to }: { roles: readonly Role[]; to: string }) {
  const message = gateMessages.roleRequired(roles.map((role) => roleLabels[role]).join(gateMessages.roleJoiner));
  useEffect(() => {
    // One id: StrictMode's double effect and repeated visits show one toast, not a stack.
    void import('@mantine/notifications').then(({ notifications }) => notifications.show({ id: 'role-gate', color: 'yellow', message }));
  }, [message]);
  return <Navigate to={to} replace />;
}
