import { Box, Container, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { authMessages } from '../auth/messages';

/** Above the page, for a signed-in member not approved yet (PublicShell, through shell-extras). */
export function PendingNotice() {
  return (
    <Box bg="yellow.0" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-yellow-3)' }}>
      <Container size="lg">
        <Group gap="xs" wrap="nowrap">
          <IconInfoCircle size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" c="dark.9">
            {authMessages.pending.notice}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
