import { Badge, Stack, Text } from '@mantine/core';
import { takesSeveralOptions, type ChoiceOption } from '@qbank/shared/answers';
import type { Problem } from '@qbank/shared/problems';
import { IconCheck, IconX } from '@tabler/icons-react';
import { ChoiceButton, SeveralChoicePicker } from '../solve/components/several-choice-picker';
import { TextAnswer } from '../solve/components/text-answer';
import { SolveHtml, SolvePicture } from '../solve/components/solve-content';
import { Explanation, MarkedOptions, MyAnswer, OfficialAnswer, SolveSetHeader } from '../solve/components/answer-reveal';
import { isChosenOption } from '../solve/solve-model';
import { studyMessages } from './messages';
import '../solve/solve.css';

const m = studyMessages.session;

/** What the screen knows of an answer: the verdict is absent while a timed session runs. */
export interface KnownAnswer {
  answer: string;
  is_correct?: boolean | undefined;
}

/** The passage (set header), the question and its picture: the same look as solve mode. */
export function ProblemBody({ problem, position }: { problem: Problem; position: number }) {
  const header = problem.set_header;
  return (
    <Stack gap="md">
      {header && <SolveSetHeader header={header} />}
      <SolveHtml html={problem.question} />
      <SolvePicture path={problem.question_pic_path} alt={m.pictures.question(position)} />
    </Stack>
  );
}

/**
 * The answer area: the options to tap, or a typed answer. In timed mode the chosen option stays
 * marked and can still be changed until the end; nothing says whether it is right.
 */
export function AnswerArea({
  problem,
  options,
  current,
  busy,
  onAnswer,
}: {
  problem: Problem;
  options: ChoiceOption[] | null;
  current: string | undefined;
  busy: boolean;
  onAnswer: (answer: string) => void;
}) {
  if (options && takesSeveralOptions(problem.answer, problem.question)) {
    // Several correct options: chosen together, then submitted (the same picker as solve mode).
    return (
      <>
        {current !== undefined && (
          <Text size="sm" c="gray.7">
            {m.savedAnswer(current)}
          </Text>
        )}
        {!busy && <SeveralChoicePicker key={`${problem.uid}-${current ?? ''}`} options={options} onAnswer={onAnswer} />}
      </>
    );
  }
  if (options) {
    return (
      <Stack gap="xs" role="group" aria-label={m.choicesLabel}>
        {options.map((option) => {
          const chosen = current !== undefined && isChosenOption(current, option);
          return (
            <ChoiceButton
              key={option.value}
              option={option}
              pressed={chosen}
              variant={chosen ? 'filled' : 'default'}
              disabled={busy}
              onClick={() => onAnswer(option.value)}
            />
          );
        })}
      </Stack>
    );
  }
  return (
    <>
      {problem.illustration.trim() && <Text className="qbank-solve-pre-line">{problem.illustration}</Text>}
      <TextAnswer key={`${problem.uid}-${current ?? ''}`} initial={current ?? ''} busy={busy} onAnswer={onAnswer} />
    </>
  );
}

/** The verdict, the chosen and the official option, and the explanation (tutor mode, result screen). */
export function Reveal({ problem, position, options, known }: { problem: Problem; position: number; options: ChoiceOption[] | null; known: KnownAnswer | undefined }) {
  const verdict = known === undefined ? 'unanswered' : known.is_correct ? 'correct' : 'wrong';
  return (
    <Stack gap="sm">
      <Badge
        size="xl"
        radius="sm"
        color={verdict === 'correct' ? 'teal.9' : verdict === 'wrong' ? 'red.9' : 'gray.7'}
        leftSection={verdict === 'correct' ? <IconCheck size={18} aria-hidden /> : <IconX size={18} aria-hidden />}
        data-testid="session-verdict"
      >
        {m[verdict]}
      </Badge>
      {options ? <MarkedOptions problem={problem} options={options} answer={known?.answer} /> : known && <MyAnswer answer={known.answer} />}
      <OfficialAnswer problem={problem} position={position} />
      <Explanation problem={problem} position={position} />
    </Stack>
  );
}
