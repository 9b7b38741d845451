import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The small "← back to the list" link above a page's title (PageHeader's `before`). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}
