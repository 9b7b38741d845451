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

/** A column heading; `nowrap` keeps a short one on one line while a long column wraps. */
export type ColumnHeading = string | { label: string; nowrap: true };

/** A table's heading row, one scope="col" cell per column, in order. */
export function TableHead({ columns }: { columns: readonly ColumnHeading[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => {
          const label = typeof column === 'string' ? column : column.label;
          return (
            <Table.Th key={label} scope="col" style={typeof column === 'string' ? undefined : { whiteSpace: 'nowrap' }}>
              {label}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
