import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The text of a list with nothing in it (every list's Korean empty state), in a quiet box. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" bg="gray.0">
      <Text ta="center" c="gray.7">
        {children}
      </Text>
    </Paper>
  );
}
