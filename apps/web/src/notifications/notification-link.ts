import type { Notification } from '@qbank/shared/notifications';
import { paths } from '../lib/paths';

/** Where a notification leads: the problem in its exam (marked), or the member's slots. */
export function notificationTarget(n: Notification): { to: string; state?: { highlightUid: number } } | null {
  if (n.kind === 'slot_assigned' || n.kind === 'submission_approved' || n.kind === 'submission_returned') {
    return { to: paths.dashboard.my.getHref() };
  }
  if (!n.problem) return null;
  if (n.kind === 'slot_submitted') return { to: paths.dashboard.lead.testProblem.getHref(n.problem.test_code, n.problem.uid) };
  return { to: `${paths.testProblems.getHref(n.problem.test_code)}?view=all`, state: { highlightUid: n.problem.uid } };
}
