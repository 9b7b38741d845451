import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { BackLinkButton } from './back-link-button';
import '../answering.css';

/** A message in place of the problem (no such exam, nothing to solve) with the way back. */
export function StateCard({ text, href, label }: { text: string; href: string; label: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="md">
        <Text ta="center" fw={600}>
          {text}
        </Text>
        <BackLinkButton to={href} iconSize={16}>
          {label}
        </BackLinkButton>
      </Stack>
    </Paper>
  );
}

/** A load that failed, in place of the problem: the server's reason and 다시 불러오기. */
export function LoadFailedCard({ title, reason, retryLabel, onRetry }: { title: string; reason: string; retryLabel: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{reason}</Text>
        <Button variant="default" className="qbank-solve-target" onClick={onRetry}>
          {retryLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
