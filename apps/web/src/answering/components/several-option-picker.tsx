import { Button, Group, Stack, Text } from '@mantine/core';
import { joinChoiceValues, type ChoiceOption } from '@qbank/shared/answers';
import { IconCheck, IconSquare, IconSquareCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { answeringMessages as m } from '../messages';
import { isTypingTarget } from '../answer-model';
import { severalOptionsMessages as sm } from '../several-options-messages';
import { ChoiceButton } from './option-picker';
import '../answering.css';

/**
 * The options of a problem with several correct options: each is switched on or off (click, or
 * its digit key), then the chosen ones are submitted together (the button, or Enter).
 *
 * The digit keys and Enter are caught in the capture phase and marked handled, so the screen's own
 * shortcut listener (which would answer with one option at once) leaves them alone while this
 * picker is shown; dialogs and text fields keep their keys.
 */
export function SeveralOptionPicker({ options, onAnswer }: { options: ChoiceOption[]; onAnswer: (answer: string) => void }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const latest = useRef({ chosen, options, onAnswer });
  useEffect(() => {
    latest.current = { chosen, options, onAnswer };
  });

  function toggle(value: string) {
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(value)) next.delete(value);
      else next.add(value);
      return next;
    });
  }

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target) || (event.target instanceof Element && event.target.closest('[role="dialog"]'))) return;
      const current = latest.current;
      if (/^[1-9]$/.test(event.key)) {
        event.preventDefault();
        const option = current.options.find((candidate) => candidate.key === Number(event.key));
        if (option) toggle(option.value);
      } else if (event.key === 'Enter') {
        event.preventDefault();
        if (current.chosen.size > 0) current.onAnswer(joinChoiceValues([...current.chosen], current.options));
      }
    }
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);

  return (
    <Stack gap="xs">
      <Text size="sm" c="blue.9" fw={600}>
        {sm.hint}
      </Text>
      <Stack gap="xs" role="group" aria-label={m.choicesLabel}>
        {options.map((option) => {
          const on = chosen.has(option.value);
          return (
            <ChoiceButton
              key={option.value}
              option={option}
              pressed={on}
              variant={on ? 'light' : 'default'}
              leftSection={on ? <IconSquareCheck size={20} aria-hidden /> : <IconSquare size={20} aria-hidden />}
              onClick={() => toggle(option.value)}
            />
          );
        })}
      </Stack>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="gray.7" aria-live="polite">
          {sm.chosenCount(chosen.size)}
        </Text>
        <Button
          className="qbank-solve-target"
          leftSection={<IconCheck size={18} aria-hidden />}
          aria-keyshortcuts="Enter"
          disabled={chosen.size === 0}
          onClick={() => onAnswer(joinChoiceValues([...chosen], options))}
        >
          {sm.submit}
        </Button>
      </Group>
    </Stack>
  );
}
