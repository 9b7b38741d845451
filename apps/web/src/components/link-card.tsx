import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A card that is one link: an icon, a title and a line of text, a chevron at the end (home's ways in). */
export function LinkCard({ to, icon: CardIcon, title, text, testId }: { to: string; icon: Icon; title: string; text: string; testId?: string }) {
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="lg" data-testid={testId}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size="lg" radius="md" variant="light" aria-hidden>
          <CardIcon size={20} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1 }}>
          <Text component="h2" fw={700} fz="lg" m={0}>
            {title}
          </Text>
          <Text size="sm" c="gray.7">
            {text}
          </Text>
        </Stack>
        <IconChevronRight size={18} aria-hidden />
      </Group>
    </Card>
  );
}
