import { ActionIcon, Button, Indicator } from '@mantine/core';
import { IconBell, IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { readSignedInFlag } from '../lib/login-session';
import { reachFor } from '../lib/use-page-settled';
import { notificationMessages } from '../notifications/messages';
import { messages } from './messages';

// Issue 26 item 14: the bell, the dashboard and 로그아웃 are on screen with the first render (and in
// the server's drawing of a page), not ~3 s after the page settles. Their code still waits for the
// page to settle (decision 065: the bell's popover, poll and reads, the logout call); until then
// these stand-ins hold the same place in the same look: the dashboard is a plain link already, and
// pressing the bell or 로그아웃 loads the real part at once, which then opens or logs out.

const m = messages.nav;

/** Whether the session being checked is probably a member's (the device's signed-in flag): the stand-ins are drawn meanwhile. */
export function expectsMember(): boolean {
  return typeof window !== 'undefined' && readSignedInFlag();
}

/** The bell as notifications/notification-bell.tsx draws it without unread notifications (in its Indicator: the same box). */
export function BellLookAlike() {
  return (
    <Indicator disabled size={18} offset={4}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={notificationMessages.bell(0)}
        title={notificationMessages.bell(0)}
        aria-haspopup="dialog"
        data-testid="notification-bell-stand-in"
        onClick={() => reachFor('bell')}
      >
        <IconBell size={20} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}

/** The top bar's dashboard and logout as app/member-actions.tsx draws them. */
export function MemberActionsLookAlike() {
  return (
    <>
      <ActionIcon component={Link} to={paths.dashboard.root.getHref()} variant="default" size="lg" aria-label={m.dashboard} title={m.dashboard}>
        <IconLayoutDashboard size={20} aria-hidden />
      </ActionIcon>
      <Button variant="default" onClick={() => reachFor('logout')} data-testid="logout-stand-in">
        {m.logout}
      </Button>
    </>
  );
}
