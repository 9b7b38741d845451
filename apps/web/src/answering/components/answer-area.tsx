import { Text } from '@mantine/core';
import { takesSeveralOptions, type ChoiceOption } from '@qbank/shared/answers';
import type { Problem } from '@qbank/shared/problems';
import { answeringMessages as m } from '../messages';
import { OptionPicker } from './option-picker';
import { SeveralOptionPicker } from './several-option-picker';
import { TextAnswer } from './text-answer';
import '../answering.css';

/**
 * Where the member answers: the options to press (one correct option), the options to switch on
 * and submit together (several), or a typed answer (essay, slide, and options the parser cannot
 * read). `current` is an answer already given that can still be changed (a study session): the
 * options then show it, and a new answer replaces it. `busy` holds the answer back (time is up).
 */
export function AnswerArea({
  problem,
  options,
  current,
  changeable = false,
  busy = false,
  onAnswer,
}: {
  problem: Problem;
  options: ChoiceOption[] | null;
  current?: string | undefined;
  /** The answer can be changed after it is given (a study session); solve mode and the review deck show the result instead. */
  changeable?: boolean;
  busy?: boolean;
  onAnswer: (answer: string) => void;
}) {
  // A new problem, or a new answer to it, starts the picker and the field afresh.
  const key = `${problem.uid}-${current ?? ''}`;
  if (options && takesSeveralOptions(problem.answer, problem.question)) {
    return (
      <>
        {current !== undefined && (
          <Text size="sm" c="gray.7">
            {m.savedAnswer(current)}
          </Text>
        )}
        {!busy && <SeveralOptionPicker key={key} options={options} onAnswer={onAnswer} />}
      </>
    );
  }
  if (options) return <OptionPicker options={options} marksChoice={changeable} chosen={current} disabled={busy} onAnswer={onAnswer} problemUid={problem.uid} />;
  return (
    <>
      {problem.illustration.trim() && <Text className="qbank-solve-pre-line">{problem.illustration}</Text>}
      <TextAnswer key={key} initial={current ?? ''} busy={busy} onAnswer={onAnswer} />
    </>
  );
}
