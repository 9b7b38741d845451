import { Drawer, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useDeferredValue, useMemo, useState } from 'react';
import { searchReferenceValues } from '@qbank/shared/reference-values';
import { ScrollTable, TableHead } from '../components/scroll-table';
import { useOnline } from '../lib/use-online';
import { useReferenceTable } from './api';
import { messages as m } from './messages';

const columns = [m.columns.name, m.columns.abbr, m.columns.range, m.columns.unit] as const;

/**
 * The 참고치 table beside a problem (issue 30 item 4, decision 168): searchable as one types, from
 * the right on a desktop and from the bottom on a phone (the problem stays in view above it).
 */
export function ReferencePanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const online = useOnline();
  const { data } = useReferenceTable();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const rows = useMemo(() => searchReferenceValues(data?.values ?? [], deferred), [data, deferred]);
  return (
    <Drawer opened={opened} onClose={onClose} title={m.title} position={phone ? 'bottom' : 'right'} size={phone ? '75%' : 'md'}>
      <Stack gap="sm">
        <TextInput
          label={m.search}
          placeholder={m.searchPlaceholder}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          data-autofocus
          type="search"
        />
        {!online && (
          <Text size="sm" c="dimmed">
            {m.offline}
          </Text>
        )}
        {rows.length === 0 ? (
          <Text role="status">{m.noMatch(query)}</Text>
        ) : (
          <ScrollTable label={m.tableLabel} minWidth={320}>
            <TableHead columns={columns} />
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.category}/${row.name}/${row.abbr}`}>
                  <Table.Td>
                    {row.name}
                    <Text component="span" size="xs" c="dimmed" display="block">
                      {row.category}
                    </Text>
                  </Table.Td>
                  <Table.Td>{row.abbr}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.range}</Table.Td>
                  <Table.Td>{row.unit}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        )}
        {data && (
          <Text size="xs" c="dimmed">
            {m.source}: {data.source}
            {data.edited && ` · ${m.editedBy(data.edited.by, data.edited.at.slice(0, 10))}`}
          </Text>
        )}
      </Stack>
    </Drawer>
  );
}
