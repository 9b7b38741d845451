import { lazy, Suspense } from 'react';
import { PageLoader } from '../components/page-loader';
import { isApproved, useLoginSession } from '../lib/login-session';
import { RequireLogin } from './gates';
import { PublicShell } from './public-shell';

// The dashboard's code is only fetched for an approved member.
const DashboardLayout = lazy(() => import('./dashboard-layout').then((m) => ({ default: m.DashboardLayout })));

/**
 * /dashboard is behind the login gate. A visitor or an unapproved member gets the gate's
 * card inside the public shell; an approved member gets the dashboard layout.
 */
export function DashboardEntry() {
  const session = useLoginSession();
  if (session.status === 'checking') return null;
  if (session.status === 'signed-in' && isApproved(session.user)) {
    return (
      <Suspense fallback={<PageLoader />}>
        <DashboardLayout user={session.user} />
      </Suspense>
    );
  }
  return (
    <PublicShell>
      <RequireLogin />
    </PublicShell>
  );
}
