import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered section of a page named by its h2 (the section's accessible name). */
export function SectionCard({ titleId, title, children }: { titleId: string; title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
