import { ActionIcon, Anchor, Button, Divider, Group, Indicator, Loader, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { isApproved, useLoginSession } from '../lib/login-session';
import { takeReachedFor } from '../lib/use-page-settled';
import { useMarkRead, useNotifications } from './api';
import { notificationMessages as m } from './messages';
import { NotificationItem } from './notification-item';

const LATEST = 8;

function Bell() {
  const [opened, popover] = useDisclosure(false);
  // The bell's stand-in (app/member-look-alikes.tsx) was pressed before this loaded: open as asked.
  const openPopover = popover.open;
  useEffect(() => {
    if (takeReachedFor('bell')) openPopover();
  }, [openPopover]);
  const list = useNotifications(1, LATEST, { poll: true });
  const markRead = useMarkRead();
  const unread = list.data?.unread ?? 0;
  const open = (code: number, isRead: boolean) => {
    popover.close();
    if (!isRead) markRead.mutate([code]);
  };
  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red.8" disabled={unread === 0} offset={4}>
      <Popover opened={opened} onChange={popover.toggle} position="bottom-end" width={360} shadow="md" withinPortal trapFocus>
        <Popover.Target>
          <ActionIcon variant="default" size="lg" onClick={popover.toggle} aria-label={m.bell(unread)} title={m.bell(unread)} data-testid="notification-bell">
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown maw="calc(100vw - 16px)" aria-label={m.title} role="dialog">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={700}>{m.title}</Text>
              <Button size="compact-xs" variant="subtle" disabled={unread === 0} loading={markRead.isPending} onClick={() => markRead.mutate(undefined)}>
                {m.markAll}
              </Button>
            </Group>
            {list.isPending && <Loader size="sm" aria-label={m.title} />}
            {list.isError && (
              <Text c="red.8" size="sm">
                {m.loadFailed}
              </Text>
            )}
            {list.data?.notifications.length === 0 && (
              <Text c="gray.7" size="sm">
                {m.empty}
              </Text>
            )}
            <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.data?.notifications.map((n) => (
                <NotificationItem key={n.code} notification={n} onOpen={() => open(n.code, n.is_read)} onMarkRead={() => markRead.mutate([n.code])} />
              ))}
            </Stack>
            <Divider />
            <Anchor component={Link} to={paths.dashboard.notifications.getHref()} onClick={popover.close} size="sm">
              {m.showAll}
            </Anchor>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

/** The bell with the unread count, for approved members (in both layouts). */
export function NotificationBell() {
  const session = useLoginSession();
  if (session.status !== 'signed-in' || !isApproved(session.user)) return null;
  return <Bell />;
}
