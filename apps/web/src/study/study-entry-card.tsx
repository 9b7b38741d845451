import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight, IconTargetArrow } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { studyEntryMessages } from './entry-messages';

/** The way into the session builder, for /home and the dashboard. */
export function StudyEntryCard() {
  return (
    <Card component={Link} to={paths.studyNew.getHref()} withBorder radius="md" padding="lg" data-testid="study-entry">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size="lg" radius="md" variant="light" aria-hidden>
          <IconTargetArrow size={20} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1 }}>
          <Text component="h2" fw={700} fz="lg" m={0}>
            {studyEntryMessages.title}
          </Text>
          <Text size="sm" c="gray.7">
            {studyEntryMessages.text}
          </Text>
        </Stack>
        <IconChevronRight size={18} aria-hidden />
      </Group>
    </Card>
  );
}
