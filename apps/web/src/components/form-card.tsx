import { Paper } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

type FormName = { 'aria-label': string } | { 'aria-labelledby': string };

/** A bordered form, named by aria-label or aria-labelledby, whose submit calls onSubmit instead of loading a page. */
export function FormCard({ onSubmit, children, ...name }: { onSubmit: () => void; children: ReactNode } & FormName) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      {...name}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </Paper>
  );
}
