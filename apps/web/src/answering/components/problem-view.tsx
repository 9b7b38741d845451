import { Badge, Group, Paper, Stack, Title } from '@mantine/core';
import { problemFullLabel } from '@qbank/shared/problem-labels';
import type { ReactNode } from 'react';
import { useNegationEmphasis } from '../../lib/use-negation-emphasis';
import { useAnnotationSync } from '../../annotations/api';
import { answeringMessages as m } from '../messages';
import type { AnswerResult } from '../answer-model';
import { ProblemDisputeBar } from '../../disputes/dispute-bar';
import { AddToBoxButton } from './add-to-box-button';
import { ResultView, type ResultViewProps } from './result-view';
import { HighlightableStem } from './highlightable-stem';
import { ProblemTools } from './problem-tools';
import { AnswerArea } from './answer-area';
import { VoidedProblem } from './voided-problem';
import '../answering.css';

/** What ProblemView hands on to ResultView once the problem is answered (documented there). */
type ResultShown = Pick<ResultViewProps, 'problem' | 'position' | 'options' | 'explanation' | 'onRetry' | 'onJudgeSelf' | 'resultRef'>;

/** One problem as solve mode and the review deck show it: passage, question, the answer area or, once answered, the result. */
export function ProblemView({
  result,
  answering,
  important,
  onAnswer,
  onOpenBoxes,
  resultActions,
  footer,
  ...shown
}: ResultShown & {
  result: AnswerResult | undefined;
  /** The answer area is shown (not answered yet, or 다시 풀기 pressed). */
  answering: boolean;
  /**
   * The ★ 중요 switch (solve/components/important-button.tsx); left out where the screen has none
   * (review: 박스에 담기 covers it). A part of its own, so its read redraws only itself.
   */
  important?: ReactNode;
  onAnswer: (answer: string) => void;
  onOpenBoxes: () => void;
  /** Shown under the verdict (review: the self-rating). */
  resultActions?: ReactNode;
  /** Shown under the problem (the member's private note). */
  footer?: ReactNode;
}) {
  const { problem, position, options } = shown;
  const [emphasis] = useNegationEmphasis();
  // Highlights made offline (here or on another answering screen) go to the server when it answers.
  useAnnotationSync();
  const headingId = `solve-problem-${problem.uid}`;

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
            {important}
            <AddToBoxButton onClick={onOpenBoxes} />
          </Group>
        </Group>

        <ProblemTools />
        <HighlightableStem key={`stem-${problem.uid}`} problem={problem} position={position} emphasizeNegation={emphasis} />

        {problem.is_voided === 1 ? (
          <VoidedProblem problem={problem} position={position} answer={result?.answer} reveal />
        ) : answering ? (
          <AnswerArea problem={problem} options={options} onAnswer={onAnswer} />
        ) : (
          result && <ResultView {...shown} result={result} actions={resultActions} />
        )}
        <ProblemDisputeBar
          problemUid={problem.uid}
          label={m.problemHeading(position)}
          problemKey={problem.answer}
          keyShown={!answering || problem.is_voided === 1}
        />
        {footer}
      </Stack>
    </Paper>
  );
}
