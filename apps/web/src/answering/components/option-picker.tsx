import { Button, Stack } from '@mantine/core';
import type { ChoiceOption } from '@qbank/shared/answers';
import { useEffect, type ReactNode } from 'react';
import { useStrikeGesture, useStrikes } from '../../annotations/use-strikes';
import { messages as strikeMessages } from '../../annotations/messages';
import { showInfo } from '../../components/toasts';
import { isTypingTarget } from '../answer-model';
import '../../annotations/annotations.css';
import { isChosenOption } from '../answer-model';
import { answeringMessages as m } from '../messages';
import '../answering.css';

/** One option as a button: "① 라벨", its number key as shortcut; `pressed` makes it a toggle (a chosen option). */
export function ChoiceButton({
  option,
  pressed,
  variant,
  leftSection,
  disabled,
  onClick,
  struck = false,
  strikeProps,
}: {
  option: ChoiceOption;
  pressed?: boolean | undefined;
  variant: 'light' | 'filled' | 'default';
  leftSection?: ReactNode;
  disabled?: boolean | undefined;
  onClick: () => void;
  /** Struck out (issue 30 item 1): drawn crossed, and a press does not choose it. */
  struck?: boolean;
  /** Right-click and long-press strike it (annotations/use-strikes.ts). */
  strikeProps?: object;
}) {
  return (
    <Button
      {...strikeProps}
      variant={variant}
      fullWidth
      className={struck ? 'qbank-solve-choice qbank-struck' : 'qbank-solve-choice'}
      data-struck={struck || undefined}
      aria-description={struck ? strikeMessages.struck : undefined}
      fw={400}
      aria-pressed={pressed}
      aria-keyshortcuts={String(option.key)}
      leftSection={leftSection}
      disabled={disabled}
      onClick={onClick}
    >
      {`${option.value.slice(0, 1)} ${option.label}`.trim()}
    </Button>
  );
}

/**
 * The options of a problem with one correct option: a press answers at once. With `marksChoice`
 * (a study session, where an answer can still be changed) each option is a toggle and the one of
 * `chosen`, the answer given, stays pressed; without it (solve mode, the review deck, where the
 * answer replaces the options) they are plain buttons.
 */
export function OptionPicker({
  options,
  marksChoice = false,
  chosen,
  disabled,
  onAnswer,
  problemUid,
}: {
  options: ChoiceOption[];
  marksChoice?: boolean;
  chosen?: string | undefined;
  disabled?: boolean | undefined;
  onAnswer: (answer: string) => void;
  /** Strikes are kept for this problem (issue 30 item 1); without it the options cannot be struck. */
  problemUid?: number | undefined;
}) {
  const strikes = useStrikes(problemUid ?? 0, problemUid !== undefined);
  const gesture = useStrikeGesture(strikes.toggle);
  // Shift + the option's number strikes or restores it, beside the number alone that chooses it.
  useEffect(() => {
    if (problemUid === undefined) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.shiftKey || event.ctrlKey || event.metaKey || event.altKey || event.repeat || isTypingTarget(event.target)) return;
      const digit = /^Digit([1-9])$/.exec(event.code)?.[1];
      const option = digit ? options.find((candidate) => candidate.key === Number(digit)) : undefined;
      if (!option) return;
      event.preventDefault();
      strikes.toggle(option.key);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  });
  return (
    <Stack gap="xs" role="group" aria-label={m.choicesLabel}>
      {options.map((option) => {
        const on = marksChoice && chosen !== undefined && isChosenOption(chosen, option);
        return (
          <ChoiceButton
            key={option.value}
            option={option}
            pressed={marksChoice ? on : undefined}
            variant={on ? 'filled' : 'default'}
            disabled={disabled}
            struck={strikes.isStruck(option.key)}
            strikeProps={problemUid === undefined ? undefined : gesture(option.key)}
            onClick={() => (strikes.isStruck(option.key) ? showInfo(strikeMessages.struckCannotChoose(option.key)) : onAnswer(option.value))}
          />
        );
      })}
    </Stack>
  );
}
