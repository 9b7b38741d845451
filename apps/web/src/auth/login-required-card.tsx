import { Button, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { messages } from './messages';
import { NoticeCard } from './notice-card';

/** What a visitor sees instead of a members-only screen; `next` brings them back after login. */
export function LoginRequiredCard({ next }: { next: string }) {
  const m = messages.loginRequired;
  useDocumentTitle(messages.app.pageTitle(m.title));
  return (
    <NoticeCard
      icon={IconLock}
      title={m.title}
      actions={
        <>
          <Button component={Link} to={paths.login.getHref(next)}>
            {m.login}
          </Button>
          <Button component={Link} to={paths.signup.getHref(next)} variant="default">
            {m.signup}
          </Button>
        </>
      }
    >
      <Text c="gray.7" mt="xs">
        {m.text}
      </Text>
    </NoticeCard>
  );
}
