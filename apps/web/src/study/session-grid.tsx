import type { Problem } from '@qbank/shared/problems';
import { IconBan, IconCheck, IconHelpCircle, IconX } from '@tabler/icons-react';
import type { GridLook } from '../answering/components/answer-grid';
import { selfJudgeMessages as sj } from '../answering/self-judge-messages';
import { studyMessages } from './messages';
import { awaitsMemberVerdict, type KnownAnswer } from './session-reveal';

const m = studyMessages.session;

export type GridStatus = 'correct' | 'wrong' | 'unjudged' | 'answered' | 'unanswered' | 'voided';

/** 문항 무효 has no verdict, also for an answer given before the voiding (decision 079). */
export function gridStatus(problem: Pick<Problem, 'type' | 'is_voided'>, known: KnownAnswer | undefined): GridStatus {
  if (problem.is_voided === 1) return 'voided';
  if (!known) return 'unanswered';
  if (known.is_correct === undefined) return 'answered';
  if (awaitsMemberVerdict(problem, known)) return 'unjudged';
  return known.is_correct ? 'correct' : 'wrong';
}

const LOOK: Record<GridStatus, GridLook> = {
  correct: { color: 'teal.9', variant: 'filled', icon: IconCheck, words: m.gridStatus.correct ?? '' },
  wrong: { color: 'red.9', variant: 'filled', icon: IconX, words: m.gridStatus.wrong ?? '' },
  unjudged: { color: 'yellow.9', variant: 'outline', icon: IconHelpCircle, words: sj.gridStatus },
  answered: { color: 'blue.9', variant: 'filled', words: m.gridStatus.answered ?? '' },
  unanswered: { color: 'gray', variant: 'default', words: m.gridStatus.unanswered ?? '' },
  voided: { color: 'gray.7', variant: 'outline', icon: IconBan, words: m.gridStatus.voided ?? '' },
};

/** Solve mode's looks with a fourth state: answered, verdict still hidden (timed mode); and the problems marked 다시 보기. */
export const sessionLookOf =
  (answers: ReadonlyMap<number, KnownAnswer>, marked: ReadonlySet<number> = new Set()) =>
  (problem: Problem): GridLook & { status: string } => {
    const status = gridStatus(problem, answers.get(problem.uid));
    return { ...LOOK[status], status, marked: marked.has(problem.uid) };
  };
