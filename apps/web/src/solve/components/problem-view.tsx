import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { takesSeveralOptions, type ChoiceOption } from '@qbank/shared/answers';
import { problemFullLabel } from '@qbank/shared/problem-labels';
import type { Problem } from '@qbank/shared/problems';
import { IconFolderPlus, IconStar, IconStarFilled } from '@tabler/icons-react';
import type { Ref, ReactNode } from 'react';
import { useNegationEmphasis } from '../../lib/use-negation-emphasis';
import { messages } from '../messages';
import type { SolveResult } from '../solve-model';
import { ProblemDisputeBar } from '../../disputes/dispute-bar';
import { ResultView } from './result-view';
import { SeveralChoicePicker } from './several-choice-picker';
import { SolveHtml, SolvePicture } from './solve-content';
import { SolveSetHeader } from './answer-reveal';
import { TextAnswer } from './text-answer';
import { VoidedProblem } from './voided-problem';
import '../solve.css';

const m = messages.solve;

export interface ImportantToggle {
  checked: boolean;
  busy: boolean;
  onToggle: () => void;
}

/** One problem of solve mode: passage, question, the answer area or, once answered, the result. */
export function ProblemView({
  problem,
  position,
  options,
  result,
  answering,
  explanation,
  important,
  onAnswer,
  onRetry,
  onJudgeSelf,
  onOpenBoxes,
  resultRef,
  resultActions,
  footer,
}: {
  problem: Problem;
  position: number;
  options: ChoiceOption[] | null;
  result: SolveResult | undefined;
  /** The answer area is shown (not answered yet, or 다시 풀기 pressed). */
  answering: boolean;
  explanation: boolean;
  /** The ★ 중요 switch; left out where the screen has none (review: 박스에 담기 covers it). */
  important?: ImportantToggle;
  onAnswer: (answer: string) => void;
  /** 다시 풀기 after the verdict; left out where a screen does not offer it (review). */
  onRetry?: () => void;
  /** The member's own verdict on an essay or slide answer. */
  onJudgeSelf?: (correct: boolean) => void;
  onOpenBoxes: () => void;
  resultRef: Ref<HTMLDivElement>;
  /** Shown under the verdict (review: the self-rating). */
  resultActions?: ReactNode;
  /** Shown under the problem (the member's private note). */
  footer?: ReactNode;
}) {
  const [emphasis] = useNegationEmphasis();
  const headingId = `solve-problem-${problem.uid}`;
  const header = problem.set_header;

  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h3" id={headingId}>
              {m.problemHeading(position)}
            </Title>
            {/* The viewer's label: the exam numbers each type from Q01 (issue 12 item 4). */}
            <Badge variant="light" radius="sm" data-testid="solve-problem-label">
              {problemFullLabel(problem.type, problem.no)}
            </Badge>
          </Group>
          <Group gap="xs">
            {important && (
              <Button
                variant={important.checked ? 'filled' : 'default'}
                className="qbank-solve-target"
                aria-pressed={important.checked}
                loading={important.busy}
                onClick={important.onToggle}
                leftSection={important.checked ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
              >
                {m.important}
              </Button>
            )}
            <Button
              variant="default"
              className="qbank-solve-target"
              aria-haspopup="dialog"
              onClick={onOpenBoxes}
              leftSection={<IconFolderPlus size={18} aria-hidden />}
            >
              {m.addToBox}
            </Button>
          </Group>
        </Group>

        {header && <SolveSetHeader header={header} />}

        <SolveHtml html={problem.question} emphasizeNegation={emphasis} />
        <SolvePicture path={problem.question_pic_path} alt={m.pictures.question(position)} />

        {problem.is_voided === 1 ? (
          <VoidedProblem problem={problem} position={position} answer={result?.answer} reveal />
        ) : answering ? (
          options ? (
            takesSeveralOptions(problem.answer, problem.question) ? (
              <SeveralChoicePicker key={problem.uid} options={options} onAnswer={onAnswer} />
            ) : (
              <ChoiceButtons options={options} onAnswer={onAnswer} />
            )
          ) : (
            <>
              {problem.illustration.trim() && <Text className="qbank-solve-pre-line">{problem.illustration}</Text>}
              <TextAnswer key={problem.uid} onAnswer={onAnswer} />
            </>
          )
        ) : (
          result && (
            <ResultView
              problem={problem}
              position={position}
              options={options}
              result={result}
              explanation={explanation}
              onRetry={onRetry}
              onJudgeSelf={onJudgeSelf}
              resultRef={resultRef}
              actions={resultActions}
            />
          )
        )}
        <ProblemDisputeBar problemUid={problem.uid} label={m.problemHeading(position)} problemKey={problem.answer} keyShown={!answering || problem.is_voided === 1} />
        {footer}
      </Stack>
    </Paper>
  );
}

function ChoiceButtons({ options, onAnswer }: { options: ChoiceOption[]; onAnswer: (answer: string) => void }) {
  return (
    <Stack gap="xs" role="group" aria-label={m.choicesLabel}>
      {options.map((option) => (
        <Button
          key={option.value}
          variant="default"
          fullWidth
          className="qbank-solve-choice"
          fw={400}
          aria-keyshortcuts={String(option.key)}
          onClick={() => onAnswer(option.value)}
        >
          {`${option.value.slice(0, 1)} ${option.label}`.trim()}
        </Button>
      ))}
    </Stack>
  );
}
