import { lazy, Suspense } from 'react';
import { isApproved, useLoginSession } from '../lib/login-session';
import { usePageSettled } from '../lib/use-page-settled';
import { BellLookAlike, expectsMember } from './member-look-alikes';

// The top bar's parts that load after the first screen (decision 050).
//
// Only a signed-in member has a bell or answers to send. Their code (the bell's popover with
// @floating-ui, focus trap and portal; the answer queue with its schemas and toasts) is no part of
// a visitor's first screen: each is its own chunk, fetched once a member is known and the page has
// settled (decision 065): before, their chunks and reads went out beside the page's own.
const Bell = lazy(() => import('../notifications/notification-bell').then((m) => ({ default: m.NotificationBell })));
const Pending = lazy(() => import('./pending-notice').then((m) => ({ default: m.PendingNotice })));
const Sync = lazy(() => import('../answering/answer-sync').then((m) => ({ default: m.AnswerSync })));
const LookSync = lazy(() => import('../settings/look-sync').then((m) => ({ default: m.LookSync })));
// The connection word needs the answer queue (IndexedDB) for its count: fetched once the page has
// settled, or at once when offline. Until then the empty live region it renders when online is
// already in place.
const Indicator = lazy(() => import('../offline/offline-indicator').then((m) => ({ default: m.OfflineIndicator })));
const emptyLiveRegion = <span role="status" aria-live="polite" />;

/** "오프라인" and the waiting answers (offline/offline-indicator.tsx), for everyone. */
export function LazyOfflineIndicator() {
  const settled = usePageSettled();
  // Offline at the start, the word is what the reader needs to know first: no wait then.
  // The server's drawing (app/server-paint.tsx) has no navigator: it draws the page as online.
  if (!settled && (typeof navigator === 'undefined' || navigator.onLine)) return emptyLiveRegion;
  return (
    <Suspense fallback={emptyLiveRegion}>
      <Indicator />
    </Suspense>
  );
}

/** The bell with the unread count, for approved members (both layouts). */
export function LazyNotificationBell() {
  const session = useLoginSession();
  const settled = usePageSettled();
  // Drawn from the first render (issue 26 item 14): a stand-in of the same look until the page has
  // settled and while the bell's chunk arrives, so the header neither waits nor shifts.
  if (session.status === 'checking') return expectsMember() ? <BellLookAlike /> : null;
  if (session.status !== 'signed-in' || !isApproved(session.user)) return null;
  if (!settled) return <BellLookAlike />;
  return (
    <Suspense fallback={<BellLookAlike />}>
      <Bell />
    </Suspense>
  );
}

/** The "waiting for approval" notice above the page: a member not approved yet is rare. */
export function LazyPendingNotice() {
  const session = useLoginSession();
  if (session.status !== 'signed-in' || isApproved(session.user)) return null;
  return (
    <Suspense fallback={null}>
      <Pending />
    </Suspense>
  );
}

/** Sends answers made offline (decision 041), whichever screen is open; only with a member. */
export function LazyAnswerSync() {
  const session = useLoginSession();
  // At once, not after the page settles: answers kept offline go as soon as the app is back.
  if (session.status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <Sync />
    </Suspense>
  );
}

/** The member's stored theme and type size (decision 166), read once the page has settled. */
export function LazyLookSync() {
  const session = useLoginSession();
  const settled = usePageSettled();
  if (session.status !== 'signed-in' || !settled) return null;
  return (
    <Suspense fallback={null}>
      <LookSync />
    </Suspense>
  );
}
