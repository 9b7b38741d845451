import { Group, Paper, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The card shown instead of a screen a person cannot use yet: an icon, a title, the why, the ways on. */
export function NoticeCard({ icon: NoticeIcon, title, children, actions }: { icon: Icon; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" maw={520} mx="auto" my="xl">
      <ThemeIcon variant="light" size="xl" radius="xl" mb="md" aria-hidden>
        <NoticeIcon size={24} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
      <Group mt="lg">{actions}</Group>
    </Paper>
  );
}
