import { Button, CloseButton, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { messages } from '../messages';
import { problemSearchPlaceholder } from '../search-messages';

const m = messages.problems;

/**
 * Search over question, answer, explanation and choices (the server's `q`). The text is applied
 * on Enter (or the button), not on every key; the clear button drops the search at once.
 */
export function ProblemSearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  // The applied search can change from outside (back/forward in the history): follow it.
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setText(value);
  }

  return (
    <form
      role="search"
      aria-label={m.searchLabel}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          style={{ flex: 1, minWidth: 0 }}
          enterKeyHint="search"
          aria-label={m.searchLabel}
          placeholder={problemSearchPlaceholder}
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            text ? (
              <CloseButton
                aria-label={m.searchClear}
                onClick={() => {
                  setText('');
                  onSearch('');
                }}
              />
            ) : null
          }
        />
        <Button type="submit" variant="default">
          {m.searchSubmit}
        </Button>
      </Group>
    </form>
  );
}
