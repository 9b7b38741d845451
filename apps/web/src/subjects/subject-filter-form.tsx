import { Button, Group, NativeSelect, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId, type FormEvent } from 'react';
import { useDraft } from '../lib/use-draft';
import type { SubjectFilters } from './api';
import { messages } from './messages';
import { SearchField } from './search-field';
import { gradeOptions } from './subject-labels';

const m = messages.subjects;

/**
 * The filters of the students' and the leads' subject lists: type and grade apply at once, the
 * search on Enter or the button. Each list keeps its own order of the type options.
 */
export function SubjectFilterForm({
  value,
  typeOptions,
  onChange,
}: {
  value: SubjectFilters;
  typeOptions: { value: string; label: string }[];
  onChange: (next: Partial<SubjectFilters>) => void;
}) {
  const typeLabelId = useId();
  const [draft, setDraft] = useDraft(value.search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ search: draft.trim() });
  };
  return (
    <Paper component="form" role="search" aria-label={m.filters} withBorder radius="md" p="md" onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        <Stack gap={4} role="group" aria-labelledby={typeLabelId}>
          <Text id={typeLabelId} size="sm" fw={500}>
            {m.typeLabel}
          </Text>
          <SegmentedControl data={typeOptions} value={value.type} onChange={(type) => onChange({ type: type as SubjectFilters['type'] })} fullWidth />
        </Stack>
        <NativeSelect label={m.gradeLabel} data={gradeOptions} value={value.grade} onChange={(e) => onChange({ grade: e.currentTarget.value })} />
        <SearchField label={m.searchLabel} placeholder={m.searchPlaceholder} value={draft} onChange={setDraft} />
      </SimpleGrid>
      {/* Enter in the search box submits the form; the button is there for touch screens. */}
      <Group justify="flex-end" mt="sm">
        <Button type="submit" size="xs" variant="light">
          {m.searchButton}
        </Button>
      </Group>
    </Paper>
  );
}
