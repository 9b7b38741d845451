import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    // position: relative keeps absolutely placed pieces (hidden inputs, hidden reasons) inside the box.
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label} pos="relative">
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}
