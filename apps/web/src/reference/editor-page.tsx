import { ActionIcon, Button, Group, Stack, Table, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReferenceTableResponse, ReferenceValue } from '@qbank/shared/reference-values';
import { LoadFailed, Loading } from '../components/load-state';
import { PageHeader } from '../components/page-header';
import { ScrollTable, TableHead } from '../components/scroll-table';
import { showFailure, showSuccess } from '../components/toasts';
import { useReferenceTable, useSaveReferenceTable } from './api';
import { messages } from './messages';

const m = messages.editor;
type Row = Required<ReferenceValue> & { key: number };
const cells = ['category', 'name', 'abbr', 'range', 'unit'] as const;
let nextKey = 0;

/** 참고치 편집 (leads): the whole table with its source, saved at once (PUT /v1/reference-values). */
export function ReferenceEditorPage() {
  const table = useReferenceTable();
  return (
    <Stack gap="md">
      <PageHeader title={m.title} intro={m.intro} />
      {table.isError ? (
        <LoadFailed text={m.loadFailed} error={table.error} onRetry={() => void table.refetch()} />
      ) : !table.data || table.isPlaceholderData ? (
        <Loading />
      ) : (
        <Editor initial={table.data} />
      )}
    </Stack>
  );
}

function Editor({ initial }: { initial: ReferenceTableResponse }) {
  const save = useSaveReferenceTable();
  const [source, setSource] = useState(initial.source);
  const [rows, setRows] = useState<Row[]>(() => initial.values.map((value) => ({ ...value, key: nextKey++ })));
  const edit = (key: number, cell: (typeof cells)[number], value: string) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, [cell]: value } : row)));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { source, values: rows.map(({ key: _key, ...value }) => value) },
          { onSuccess: () => showSuccess(m.saved), onError: (error) => showFailure(m.saveFailed, error) },
        );
      }}
    >
      <Stack gap="md">
        <Textarea label={m.source} value={source} onChange={(event) => setSource(event.currentTarget.value)} autosize minRows={2} required maxLength={500} />
        <ScrollTable label={m.rowsLabel} minWidth={760}>
          <TableHead columns={[m.category, m.name, m.abbr, m.range, m.unit, m.actions]} />
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={row.key}>
                {cells.map((cell) => (
                  <Table.Td key={cell}>
                    <TextInput
                      aria-label={m.cellLabel(index + 1, m[cell])}
                      value={row[cell]}
                      onChange={(event) => edit(row.key, cell, event.currentTarget.value)}
                      maxLength={100}
                      size="xs"
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={m.removeRow(row.name)}
                    onClick={() => setRows((all) => all.filter((other) => other.key !== row.key))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setRows((all) => [...all, { category: '', name: '', abbr: '', range: '', unit: '', key: nextKey++ }])}
          >
            {m.addRow}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {m.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
