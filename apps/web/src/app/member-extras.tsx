import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { isApproved, useSession } from '../lib/session';

// Only a signed-in member has a bell or answers to send. Their code (the bell's popover with
// @floating-ui, focus trap and portal; the answer queue with its schemas and toasts) is no part of
// a visitor's first screen: each is its own chunk, fetched once a member is known.
const Bell = lazy(() => import('../notifications/notification-bell').then((m) => ({ default: m.NotificationBell })));
const Sync = lazy(() => import('../offline/answer-sync').then((m) => ({ default: m.AnswerSync })));

/** The bell with the unread count, for approved members (both layouts). */
export function LazyNotificationBell() {
  const session = useSession();
  if (session.status !== 'signed-in' || !isApproved(session.user)) return null;
  // The bell's place (ActionIcon size "lg") is held while its chunk arrives: the header does not shift.
  return (
    <Suspense fallback={<Box w={34} h={34} />}>
      <Bell />
    </Suspense>
  );
}

/** Sends answers made offline (decision 041), whichever screen is open; only with a member. */
export function LazyAnswerSync() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <Sync />
    </Suspense>
  );
}
