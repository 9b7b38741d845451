import { Badge, Stack } from '@mantine/core';
import type { ChoiceOption } from '@qbank/shared/answers';
import type { Problem } from '@qbank/shared/problems';
import { awaitsVerdict, isSelfJudgedType } from '@qbank/shared/solve';
import { IconCheck, IconHelpCircle, IconX } from '@tabler/icons-react';
import { Explanation, MarkedOptions, MyAnswer, OfficialAnswer } from '../answering/components/answer-reveal';
import { SelfJudgment } from '../answering/components/self-judgment';
import { selfJudgeMessages as sj } from '../answering/self-judge-messages';
import { studyMessages } from './messages';
import '../answering/answering.css';

const m = studyMessages.session;

/** What the screen knows of an answer: the verdict is absent while a timed session runs. */
export interface KnownAnswer {
  answer: string;
  is_correct?: boolean | undefined;
  /** 'self' once the member judged a text answer; absent on an answer the server has not recorded yet. */
  judged_by?: 'machine' | 'self' | undefined;
  /** The server's record, for the member's 맞음 / 틀림 (absent while it is on its way). */
  code?: number | undefined;
}

/**
 * A text (essay, slide) answer the key did not match word for word, not judged by the member yet:
 * neither right nor wrong until they say 맞음 or 틀림 (decision 075).
 */
export function awaitsMemberVerdict(problem: Pick<Problem, 'type'>, known: KnownAnswer | undefined): boolean {
  if (known?.is_correct === undefined) return false;
  return awaitsVerdict(problem.type, { is_correct: known.is_correct, judged_by: known.judged_by ?? 'machine' });
}

/** Whether 맞음 / 틀림 is offered: a text answer with a verdict shown that is not the key word for word. */
export function takesMemberVerdict(problem: Pick<Problem, 'type'>, known: KnownAnswer | undefined): boolean {
  return isSelfJudgedType(problem.type) && known?.is_correct !== undefined && (known.judged_by === 'self' || !known.is_correct);
}

/**
 * The verdict, the chosen and the official option, and the explanation (tutor mode, result screen).
 * A text answer gets 맞음 / 틀림 below the official answer when `onJudgeSelf` is given.
 */
export function Reveal({
  problem,
  position,
  options,
  known,
  onJudgeSelf,
}: {
  problem: Problem;
  position: number;
  options: ChoiceOption[] | null;
  known: KnownAnswer | undefined;
  onJudgeSelf?: ((correct: boolean) => void) | undefined;
}) {
  const verdict = known === undefined ? 'unanswered' : awaitsMemberVerdict(problem, known) ? 'unjudged' : known.is_correct ? 'correct' : 'wrong';
  return (
    <Stack gap="sm">
      <Badge
        size="xl"
        radius="sm"
        variant={verdict === 'unjudged' ? 'outline' : 'filled'}
        color={verdict === 'correct' ? 'teal.9' : verdict === 'wrong' ? 'red.9' : verdict === 'unjudged' ? 'yellow.9' : 'gray.7'}
        // Yellow text on white is too faint to read: the waiting badge keeps its yellow frame, dark words.
        c={verdict === 'unjudged' ? 'dark.9' : undefined}
        leftSection={
          verdict === 'correct' ? (
            <IconCheck size={18} aria-hidden />
          ) : verdict === 'unjudged' ? (
            <IconHelpCircle size={18} aria-hidden />
          ) : (
            <IconX size={18} aria-hidden />
          )
        }
        data-testid="session-verdict"
      >
        {verdict === 'unjudged' ? sj.awaiting : m[verdict]}
      </Badge>
      {options ? <MarkedOptions problem={problem} options={options} answer={known?.answer} /> : known && <MyAnswer answer={known.answer} />}
      <OfficialAnswer problem={problem} position={position} />
      {onJudgeSelf && takesMemberVerdict(problem, known) && (
        <SelfJudgment verdict={known?.judged_by === 'self' ? (known.is_correct ?? null) : null} onJudge={onJudgeSelf} />
      )}
      <Explanation problem={problem} position={position} />
    </Stack>
  );
}
