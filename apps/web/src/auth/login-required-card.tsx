import { Button, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { messages } from './messages';

/** What a visitor sees instead of a members-only screen; `next` brings them back after login. */
export function LoginRequiredCard({ next }: { next: string }) {
  const m = messages.loginRequired;
  useDocumentTitle(messages.app.pageTitle(m.title));
  return (
    <Paper withBorder radius="md" p="xl" maw={520} mx="auto" my="xl">
      <ThemeIcon variant="light" size="xl" radius="xl" mb="md" aria-hidden>
        <IconLock size={24} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {m.title}
      </Title>
      <Text c="gray.7" mt="xs">
        {m.text}
      </Text>
      <Group mt="lg">
        <Button component={Link} to={paths.login.getHref(next)}>
          {m.login}
        </Button>
        <Button component={Link} to={paths.signup.getHref(next)} variant="default">
          {m.signup}
        </Button>
      </Group>
    </Paper>
  );
}
