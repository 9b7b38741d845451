import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../lib/api-client';
import type { ReactNode } from 'react';
import { commonMessages as messages } from '../common/messages';

// Loading, "불러오지 못했습니다 + 다시 시도" and an error inside a form: the same blocks on every screen.

export function Loading() {
  return (
    <Center py="xl" role="status" aria-label={messages.app.loading}>
      <Loader size="sm" />
    </Center>
  );
}

/** Something could not be read: the screen's text, the server's reason and a retry button. */
export function LoadFailed({ text, error, onRetry }: { text: string; error: unknown; onRetry?: () => void }) {
  const reason = errorMessage(error, '');
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={text} role="alert">
      <Stack gap="xs" align="flex-start">
        {reason && reason !== text && <Text size="sm">{reason}</Text>}
        {onRetry && (
          <Button size="xs" variant="default" onClick={onRetry}>
            {messages.common.retry}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** An error shown inside a dialog or form: the title and the server's message as it came. */
export function ErrorAlert({ title, error }: { title: string; error: unknown }) {
  const reason = errorMessage(error, '');
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={title} role="alert">
      {reason && reason !== title ? reason : null}
    </Alert>
  );
}

/** A form's own message (a rule broken, the server's refusal in the form's words); nothing when there is none. */
export function FormError({ message }: { message: ReactNode }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {message}
    </Alert>
  );
}
