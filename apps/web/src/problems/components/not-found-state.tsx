import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { BackTarget } from './viewer-breadcrumb';

/** The exam or class does not exist: say so, with the way back (no automatic redirect). */
export function NotFoundState({ text, back }: { text: string; back: BackTarget }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="md">
        <Text ta="center" fw={600} role="alert">
          {text}
        </Text>
        <Button component={Link} to={back.href} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {back.label}
        </Button>
      </Stack>
    </Paper>
  );
}
