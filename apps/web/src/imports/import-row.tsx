import { Badge, Button, Checkbox, Group, Image, List, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { importRowError, type ImportPreviewProblem } from '@qbank/shared/imports';
import { useState } from 'react';
import { importMessages as m } from './messages';

export interface ImportRowState {
  key: number;
  included: boolean;
  problem: ImportPreviewProblem;
}

const SLOT_COLORS: Record<string, string> = { new: 'blue', vacant: 'teal', taken: 'red' };

/** One previewed problem: include or exclude it, read it as it will look, or correct its fields. */
export function ImportRow({ row, onChange }: { row: ImportRowState; onChange: (next: ImportRowState) => void }) {
  const [editing, setEditing] = useState(false);
  const { problem } = row;
  const set = (changes: Partial<ImportPreviewProblem>) => onChange({ ...row, problem: { ...problem, ...changes } });
  const label = `${problem.no}번`;
  // Checked again as the row is corrected: the import refuses a row while it has an error.
  const error = importRowError(problem);
  const typeLabel = m.typeOptions.find((o) => o.value === String(problem.type))?.label;

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="li"
      aria-label={label}
      data-testid="import-row"
      style={{ opacity: row.included ? 1 : 0.6 }}
      data-error={error ? 'true' : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Checkbox
              checked={row.included}
              onChange={(event) => onChange({ ...row, included: event.currentTarget.checked })}
              label={`${label} ${m.include}`}
            />
            <Badge variant="light" color={SLOT_COLORS[problem.slot] ?? 'gray'}>
              {m.slot[problem.slot]}
            </Badge>
            <Badge variant="outline" color="gray.8">
              {problem.source_type && !(typeLabel ?? '').includes(problem.source_type) ? m.typeAs(problem.source_type, typeLabel ?? '') : typeLabel}
            </Badge>
          </Group>
          <Button variant="subtle" size="compact-sm" onClick={() => setEditing((open) => !open)} aria-expanded={editing}>
            {editing ? m.doneEditing : m.edit}
          </Button>
        </Group>
        {error && (
          <Text size="sm" c="red.9" fw={600} role="alert">
            {error}
          </Text>
        )}
        {problem.warnings.length > 0 && (
          <List size="sm" c="orange.9" spacing={2}>
            {problem.warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        )}
        {editing ? (
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
              <NumberInput
                label={m.no}
                min={1}
                max={9999}
                value={problem.no}
                onChange={(value) => set({ no: typeof value === 'number' ? value : problem.no })}
              />
              <Select
                label={m.type}
                data={m.typeOptions}
                value={String(problem.type)}
                allowDeselect={false}
                onChange={(value) =>
                  set({ type: Number(value ?? problem.type) as 1 | 2 | 4, choice_type: value === '1' ? (problem.choice_type ?? 5) : null, source_type: '' })
                }
              />
              <TextInput label={m.answer} value={problem.answer} onChange={(event) => set({ answer: event.currentTarget.value })} />
            </SimpleGrid>
            <Textarea label={m.question} autosize minRows={2} value={problem.question} onChange={(event) => set({ question: event.currentTarget.value })} />
            <Textarea
              label={m.options}
              autosize
              minRows={2}
              value={problem.illustration}
              onChange={(event) => set({ illustration: event.currentTarget.value })}
            />
            <Textarea label={m.explanation} autosize minRows={1} value={problem.comments} onChange={(event) => set({ comments: event.currentTarget.value })} />
          </Stack>
        ) : (
          <Stack gap={4}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {problem.question}
            </Text>
            {problem.illustration && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {problem.illustration}
              </Text>
            )}
            <Text size="sm">
              {m.answer}: {problem.answer || m.noAnswer}
            </Text>
            {problem.comments && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.explanation}: {problem.comments}
              </Text>
            )}
          </Stack>
        )}
        {problem.images.length > 0 && (
          <Group gap="xs" aria-label={m.pictures(problem.images.length)}>
            {problem.images.map((src, index) => (
              <Image key={index} src={src} alt={m.picture(index + 1)} h={64} w="auto" fit="contain" radius="sm" />
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
