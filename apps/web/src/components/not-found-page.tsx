import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { commonMessages as messages } from '../common/messages';

export function NotFoundPage() {
  useDocumentTitle(messages.app.pageTitle(messages.notFound.title));
  return (
    <Stack gap="sm" py="xl" align="flex-start">
      <Title order={1}>{messages.notFound.title}</Title>
      <Text c="gray.7">{messages.notFound.text}</Text>
      <Anchor component={Link} to={paths.home.getHref()} fw={600}>
        {messages.notFound.home}
      </Anchor>
    </Stack>
  );
}
