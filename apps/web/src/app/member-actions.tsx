import { ActionIcon, Button } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useLogout } from '../auth/api';
import { paths } from '../lib/paths';
import { takeReachedFor } from '../lib/use-page-settled';
import { messages } from './messages';

const m = messages.nav;

/**
 * A signed-in member's top-bar actions: the dashboard and logout. Loaded by PublicShell only once a
 * member is known (decision 050): the logout call and its texts are no part of a visitor's first screen.
 */
export function MemberActions({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { logout, isPending } = useLogout();
  // 로그아웃's stand-in (member-look-alikes.tsx) was pressed before this loaded (it says yes once).
  useEffect(() => {
    if (takeReachedFor('logout')) logout();
  }, [logout]);
  return (
    <>
      {vertical ? (
        <Button
          component={Link}
          to={paths.dashboard.root.getHref()}
          onClick={onNavigate}
          variant="light"
          leftSection={<IconLayoutDashboard size={18} aria-hidden />}
          justify="flex-start"
          fullWidth
        >
          {m.dashboard}
        </Button>
      ) : (
        <ActionIcon component={Link} to={paths.dashboard.root.getHref()} variant="default" size="lg" aria-label={m.dashboard} title={m.dashboard}>
          <IconLayoutDashboard size={20} aria-hidden />
        </ActionIcon>
      )}
      <Button variant="default" onClick={logout} loading={isPending} fullWidth={vertical}>
        {m.logout}
      </Button>
    </>
  );
}
