import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';

// The authoring forms check their input with the shared zod schemas, not the browser's validation,
// and submit by their own handler.
export function StackedForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">{children}</Stack>
    </form>
  );
}
