import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { messages } from './messages';

// The search box of every subjects list: the same hint, length limit and icon everywhere.
export function SearchField({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      label={label}
      description={messages.subjects.searchHint}
      placeholder={placeholder}
      value={value}
      maxLength={200}
      onChange={(e) => onChange(e.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      enterKeyHint="search"
    />
  );
}
