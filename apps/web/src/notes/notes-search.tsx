import { Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { preview } from '@qbank/shared/html-text';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { useNoteSearch } from './api';
import { notesMessages } from './messages';

const m = notesMessages.search;
const PAGE = 10;

/** The library's search of the member's own memos (and 헷갈림 problems), newest first. */
export function NotesSearch() {
  const [q, setQ] = useState('');
  const [confused, setConfused] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const [term] = useDebouncedValue(q.trim(), 250);
  const search = useNoteSearch(term, confused, limit);
  const notes = search.data?.notes ?? [];
  const total = search.data?.total ?? 0;

  return (
    <Paper component="section" aria-labelledby="notes-search-title" withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="notes-search-title">
            {m.title}
          </Title>
          {search.data && (
            <Text size="sm" c="gray.7" aria-live="polite">
              {m.count(total)}
            </Text>
          )}
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={m.label}
            placeholder={m.placeholder}
            value={q}
            onChange={(event) => {
              setQ(event.currentTarget.value);
              setLimit(PAGE);
            }}
            leftSection={<IconSearch size={16} aria-hidden />}
            maxLength={200}
            style={{ flex: '1 1 14rem' }}
            styles={{ input: { minHeight: 44 } }}
          />
          <Checkbox
            label={m.confusedOnly}
            checked={confused}
            onChange={(event) => setConfused(event.currentTarget.checked)}
            styles={{ body: { alignItems: 'center', minHeight: 44 } }}
          />
        </Group>
        {search.isError ? (
          <Text c="red.9" size="sm">
            {m.loadFailed}
          </Text>
        ) : search.data && notes.length === 0 ? (
          <Text c="gray.7" size="sm">
            {term || confused ? m.none : m.noneYet}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {notes.map((note) => (
              <Paper component="li" key={note.problem_uid} withBorder radius="sm" p="sm" data-testid="note-search-item">
                <Group gap="xs" wrap="wrap">
                  {/* Opens the exam at the problem and marks it, as a notification's link does (issue 26 item 7). */}
                  <Anchor component={Link} to={paths.testProblems.getHref(note.test_code)} state={{ highlightUid: note.problem_uid }} fw={700} size="sm">
                    {m.problem(note.test_name, note.no)}
                  </Anchor>
                  {note.is_confused && (
                    <Badge color="red.9" variant="outline" size="sm">
                      {notesMessages.confused}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="gray.7" lineClamp={1}>
                  {preview(note.question_text, 80)}
                </Text>
                {note.text && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} lineClamp={4}>
                    {note.text}
                  </Text>
                )}
              </Paper>
            ))}
          </Stack>
        )}
        {notes.length < total && (
          <Button variant="default" className="qbank-solve-target" onClick={() => setLimit((n) => n + PAGE)} loading={search.isFetching}>
            {m.more}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
