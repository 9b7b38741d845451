import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { ChoiceOption } from '@qbank/shared/answers';
import type { Problem } from '@qbank/shared/problems';
import { isSelfJudgedType } from '@qbank/shared/solve';
import { IconAlertTriangle, IconCheck, IconCloudUpload, IconHelpCircle, IconRefresh, IconX } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { answeringMessages as m } from '../messages';
import { ClassAnswers } from '../../stats/class-answers';
import { RatingPanel } from '../../ratings/rating-panel';
import { selfJudgeMessages as sj } from '../self-judge-messages';
import { awaitsSelfJudgment, type AnswerResult } from '../answer-model';
import { AWAITING_COLOR } from './answer-grid';
import { Explanation, MarkedOptions, MyAnswer, OfficialAnswer } from './answer-reveal';
import { SelfJudgment } from './self-judgment';
import '../answering.css';

/** The verdict badge: 정답 / 오답, or 채점 대기 while an essay answer waits for the member's verdict. */
function VerdictBadge({ awaiting, correct }: { awaiting: boolean; correct: boolean }) {
  if (awaiting) {
    return (
      <Badge size="xl" radius="sm" color={AWAITING_COLOR} variant="outline" leftSection={<IconHelpCircle size={18} aria-hidden />} data-testid="solve-verdict">
        {sj.awaiting}
      </Badge>
    );
  }
  return (
    <Badge
      size="xl"
      radius="sm"
      color={correct ? 'teal.9' : 'red.9'}
      leftSection={correct ? <IconCheck size={18} aria-hidden /> : <IconX size={18} aria-hidden />}
      data-testid="solve-verdict"
    >
      {correct ? m.correct : m.wrong}
    </Badge>
  );
}

export interface ResultViewProps {
  problem: Problem;
  position: number;
  options: ChoiceOption[] | null;
  result: AnswerResult;
  explanation: boolean;
  /** 다시 풀기 after the verdict; left out where a screen does not offer it (review). */
  onRetry?: (() => void) | undefined;
  /** The member's own verdict on an essay or slide answer; without it none is asked. */
  onJudgeSelf?: ((correct: boolean) => void) | undefined;
  resultRef: Ref<HTMLDivElement>;
  actions?: ReactNode;
}

/** An answered problem: the verdict, the answers side by side, the explanation when switched on. */
export function ResultView({ problem, position, options, result, explanation, onRetry, onJudgeSelf, resultRef, actions }: ResultViewProps) {
  const awaiting = awaitsSelfJudgment(problem, result);
  const selfJudged = isSelfJudgedType(problem.type);
  return (
    <Stack gap="sm" ref={resultRef} tabIndex={-1} className="qbank-solve-result">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <VerdictBadge awaiting={awaiting} correct={result.correct} />
          {result.judgedBy === 'self' && (
            <Text size="sm" c="gray.7">
              {sj.judgedSelf}
            </Text>
          )}
        </Group>
        {onRetry && (
          <Button variant="default" className="qbank-solve-target" leftSection={<IconRefresh size={18} aria-hidden />} onClick={onRetry}>
            {m.retry}
          </Button>
        )}
      </Group>
      {actions}

      {result.save === 'queued' && (
        <Alert color="blue" variant="light" icon={<IconCloudUpload aria-hidden />} title={m.queued}>
          <Text size="sm" c="dark.9">
            {m.queuedHint}
          </Text>
        </Alert>
      )}

      {result.save === 'failed' && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title={m.saveFailed} role="alert">
          <Text size="sm" c="dark.9">
            {m.saveFailedHint}
          </Text>
        </Alert>
      )}

      {options ? <MarkedOptions problem={problem} options={options} answer={result.answer} /> : <MyAnswer answer={result.answer} />}
      <OfficialAnswer problem={problem} position={position} />

      {/* The class's first answers, once this answer is saved (so it counts among them). */}
      {result.save === 'saved' && <ClassAnswers uid={problem.uid} officialAnswer={problem.answer} />}

      {onJudgeSelf && selfJudged && (result.judgedBy === 'self' || !result.correct) && (
        <SelfJudgment verdict={result.judgedBy === 'self' ? result.correct : null} onJudge={onJudgeSelf} />
      )}
      {selfJudged && result.correct && result.judgedBy === 'machine' && (
        <Text size="sm" c="gray.7">
          {sj.exactMatch}
        </Text>
      )}

      {explanation && <Explanation problem={problem} position={position} />}

      {/* 이 문제 평가: the server takes a rating only once the answer is recorded (decision 167). */}
      {result.save === 'saved' && <RatingPanel problemUid={problem.uid} />}
    </Stack>
  );
}
