/// <reference types="vite-plugin-pwa/client" />
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { registerSW } from 'virtual:pwa-register';
import { messages } from './messages';

const m = messages.update;
/** A tab left open for days still hears of a new deployment. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (decision 041). A new deployment is announced, not forced:
 * "새 버전이 있습니다" with 새로고침, which activates the new worker and reloads onto the new shell.
 * Until then the page keeps the shell and lazy chunks of its own build, so a solve in progress is
 * never reloaded under the student and no chunk of the old build is missing. A closed app opens
 * on the new version anyway: the waiting worker takes over when no page of the old one is open.
 */
export function registerServiceWorker(): void {
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      notifications.show({
        id: 'qbank-new-version',
        autoClose: false,
        color: 'blue',
        title: m.title,
        message: (
          <Group gap="sm" justify="space-between" wrap="nowrap">
            <Text size="sm">{m.text}</Text>
            <Button size="xs" onClick={() => void updateServiceWorker(true)}>
              {m.reload}
            </Button>
          </Group>
        ),
      });
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
}
