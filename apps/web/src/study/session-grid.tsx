import { Button, VisuallyHidden } from '@mantine/core';
import type { Problem } from '@qbank/shared/problems';
import { IconCheck, IconX } from '@tabler/icons-react';
import { studyMessages } from './messages';
import type { KnownAnswer } from './session-problem';
import '../solve/solve.css';

const m = studyMessages.session;

export type GridStatus = 'correct' | 'wrong' | 'answered' | 'unanswered';

export function gridStatus(known: KnownAnswer | undefined): GridStatus {
  if (!known) return 'unanswered';
  if (known.is_correct === undefined) return 'answered';
  return known.is_correct ? 'correct' : 'wrong';
}

const LOOK: Record<GridStatus, { color: string; variant: 'filled' | 'default' | 'light' }> = {
  correct: { color: 'teal.9', variant: 'filled' },
  wrong: { color: 'red.9', variant: 'filled' },
  answered: { color: 'blue.9', variant: 'filled' },
  unanswered: { color: 'gray', variant: 'default' },
};

/** Solve mode's number grid, with a fourth state: answered, verdict still hidden (timed mode). */
export function SessionGrid({
  problems,
  answers,
  current,
  onSelect,
}: {
  problems: readonly Problem[];
  answers: ReadonlyMap<number, KnownAnswer>;
  current: number;
  onSelect: (index: number) => void;
}) {
  return (
    <nav aria-label={m.gridLabel}>
      <ul className="qbank-solve-grid">
        {problems.map((problem, index) => {
          const status = gridStatus(answers.get(problem.uid));
          const look = LOOK[status];
          return (
            <li key={problem.uid}>
              <Button
                className="qbank-solve-grid-button"
                variant={look.variant}
                color={look.color}
                aria-current={index === current ? 'step' : undefined}
                data-status={status}
                onClick={() => onSelect(index)}
              >
                <span>
                  {index + 1}
                  <VisuallyHidden component="span">{m.gridItemRest(m.gridStatus[status] ?? '')}</VisuallyHidden>
                </span>
                {status === 'correct' && <IconCheck size={14} aria-hidden />}
                {status === 'wrong' && <IconX size={14} aria-hidden />}
              </Button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
