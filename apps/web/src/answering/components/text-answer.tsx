import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { blurOnEscape } from '../../lib/blur-on-escape';
import { answeringMessages as m } from '../messages';
import '../answering.css';

/**
 * A typed answer and 제출: essay and slide problems (and choices the parser cannot read) in solve
 * mode, the review deck and study sessions. `initial` is an answer already given (a timed
 * session lets it be changed); submitting it unchanged does nothing.
 */
export function TextAnswer({ initial = '', busy = false, onAnswer }: { initial?: string; busy?: boolean; onAnswer: (answer: string) => void }) {
  const [value, setValue] = useState(initial);
  const empty = value.trim().length === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!empty && value.trim() !== initial) onAnswer(value.trim());
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label={m.answerInput}
          placeholder={m.answerPlaceholder}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={blurOnEscape}
          maxLength={500}
          autoComplete="off"
          style={{ flex: '1 1 14rem' }}
          styles={{ input: { minHeight: 44 } }}
        />
        <Button type="submit" className="qbank-solve-target" disabled={empty || busy} loading={busy}>
          {m.submit}
        </Button>
      </Group>
    </form>
  );
}
