import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A chart's box on the stats screen: its heading (labelling the section), a hint, then the chart. */
export function ChartSection({ id, title, hint, children }: { id: string; title: string; hint: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          <Text size="sm" c="gray.7">
            {hint}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
