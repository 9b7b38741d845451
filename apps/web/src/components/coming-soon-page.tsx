import { Badge, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { commonMessages as messages } from '../common/messages';

/** A screen that later tasks build: its title and a plain "준비 중" note, no sample data. */
export function ComingSoonPage({ title }: { title: string }) {
  useDocumentTitle(messages.app.pageTitle(title));
  return (
    <Stack gap="sm" py="md">
      <Title order={1}>{title}</Title>
      <Badge color="gray" variant="outline" size="lg" w="fit-content">
        {messages.comingSoon.badge}
      </Badge>
      <Text c="gray.7">{messages.comingSoon.text}</Text>
    </Stack>
  );
}
