import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Notification } from '@qbank/shared/notifications';
import { Link } from 'react-router';
import { RelativeTime } from '../components/relative-time';
import { notificationMessages as m } from './messages';
import { notificationTarget } from './notification-link';

/** One notification: its text (a link to its subject), when, and 읽음 while unread. */
export function NotificationItem({ notification, onOpen, onMarkRead }: { notification: Notification; onOpen: () => void; onMarkRead: () => void }) {
  const target = notificationTarget(notification);
  const text = m.text(notification);
  return (
    <Group component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="xs" data-unread={!notification.is_read} data-testid="notification-item">
      <Stack gap={2} style={{ minWidth: 0 }}>
        {target ? (
          <Anchor
            component={Link}
            to={target.to}
            state={target.state}
            onClick={onOpen}
            size="sm"
            fw={notification.is_read ? 400 : 700}
            c="dark.9"
            style={{ overflowWrap: 'anywhere' }}
          >
            {text}
          </Anchor>
        ) : (
          <Text size="sm" fw={notification.is_read ? 400 : 700} style={{ overflowWrap: 'anywhere' }}>
            {text}
          </Text>
        )}
        <Group gap={6}>
          {!notification.is_read && (
            <Badge size="xs" color="blue.8" variant="filled">
              {m.unreadLabel}
            </Badge>
          )}
          <Text size="xs" c="gray.7">
            <RelativeTime iso={notification.creation_time} />
          </Text>
        </Group>
      </Stack>
      {!notification.is_read && (
        <Button size="compact-xs" variant="subtle" onClick={onMarkRead} style={{ flexShrink: 0 }}>
          {m.markOne}
        </Button>
      )}
    </Group>
  );
}
