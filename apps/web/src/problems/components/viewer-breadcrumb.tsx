import { ActionIcon, Anchor, Box, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages } from '../messages';

/** Where the viewer's back button and first breadcrumb lead. */
export interface BackTarget {
  href: string;
  label: string;
}

/** A back button and "previous list › this page". */
export function ViewerBreadcrumb({ back, current }: { back: BackTarget; current: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <ActionIcon component={Link} to={back.href} variant="default" size="lg" aria-label={messages.problems.back(back.label)}>
        <IconArrowLeft size={18} aria-hidden />
      </ActionIcon>
      <Box component="nav" aria-label={messages.problems.breadcrumb} style={{ minWidth: 0 }}>
        <Group component="ol" gap={6} wrap="nowrap" m={0} p={0} style={{ listStyle: 'none', minWidth: 0 }}>
          <li style={{ flexShrink: 0 }}>
            <Anchor component={Link} to={back.href} size="sm">
              {back.label}
            </Anchor>
          </li>
          <li aria-hidden style={{ display: 'flex', flexShrink: 0 }}>
            <IconChevronRight size={14} />
          </li>
          <li style={{ minWidth: 0 }}>
            <Text size="sm" c="gray.7" truncate aria-current="page">
              {current}
            </Text>
          </li>
        </Group>
      </Box>
    </Group>
  );
}
