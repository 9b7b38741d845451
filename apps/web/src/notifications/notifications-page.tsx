import { Alert, Button, Group, Loader, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useMarkRead, useNotifications } from './api';
import { notificationMessages as m } from './messages';
import { NotificationItem } from './notification-item';

const PAGE_SIZE = 20;

/** /dashboard/notifications: every notification, newest first, paged. */
export function NotificationsPage() {
  const [page, setPage] = useState(1);
  const list = useNotifications(page, PAGE_SIZE);
  const markRead = useMarkRead();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const unread = list.data?.unread ?? 0;
  return (
    <Stack gap="md" maw={760}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{m.title}</Title>
        <Button variant="default" disabled={unread === 0} loading={markRead.isPending} onClick={() => markRead.mutate(undefined)}>
          {m.markAll}
        </Button>
      </Group>
      <Text c="gray.8">{m.pageIntro}</Text>
      {list.isPending && <Loader aria-label={m.title} />}
      {list.isError && (
        <Alert color="red" variant="light">
          {m.loadFailed}
        </Alert>
      )}
      {list.data?.notifications.length === 0 && <Text c="gray.7">{m.empty}</Text>}
      {list.data && list.data.notifications.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Stack component="ul" gap="md" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.data.notifications.map((n) => (
              <NotificationItem
                key={n.code}
                notification={n}
                onOpen={() => !n.is_read && markRead.mutate([n.code])}
                onMarkRead={() => markRead.mutate([n.code])}
              />
            ))}
          </Stack>
        </Paper>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}
