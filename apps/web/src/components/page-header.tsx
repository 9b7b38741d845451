import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { commonMessages as messages } from '../common/messages';

/** The page's one h1 (also the document title), a line under it and the page's actions. */
export function PageHeader({ title, intro, actions, before }: { title: string; intro?: ReactNode; actions?: ReactNode; before?: ReactNode }) {
  useDocumentTitle(messages.app.pageTitle(title));
  return (
    <Stack gap={4}>
      {before}
      <Group gap="xs" justify="space-between" align="center">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
      {intro && (
        <Text c="gray.7" size="sm">
          {intro}
        </Text>
      )}
    </Stack>
  );
}
