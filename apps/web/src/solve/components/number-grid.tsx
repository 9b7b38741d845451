import { Button, VisuallyHidden } from '@mantine/core';
import type { Problem } from '@qbank/shared/problems';
import { IconCheck, IconHelpCircle, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { messages } from '../messages';
import { selfJudgeMessages as sj } from '../self-judge-messages';
import { statusOf, type ProblemStatus, type Results } from '../solve-model';
import '../solve.css';

const m = messages.solve;

const LOOK: Record<ProblemStatus, { color: string; variant: 'filled' | 'default' | 'outline' }> = {
  correct: { color: 'teal.9', variant: 'filled' },
  wrong: { color: 'red.9', variant: 'filled' },
  unjudged: { color: 'yellow.9', variant: 'outline' },
  unanswered: { color: 'gray', variant: 'default' },
};

/**
 * Every problem of the exam by its position: green and ✓ when right, red and ✗ when wrong, grey
 * when not answered (colour is never the only sign: icon and accessible name say it too).
 * A click jumps there. The current one carries aria-current and stays scrolled into view.
 */
export function NumberGrid({
  problems,
  results,
  current,
  onSelect,
}: {
  problems: readonly Problem[];
  results: Results;
  current: number;
  onSelect: (index: number) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);

  // Keep the current number visible inside the grid's own scroll area (never the page's).
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!list || !item) return;
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  }, [current]);

  return (
    <nav aria-label={m.gridLabel}>
      <ul ref={listRef} className="qbank-solve-grid">
        {problems.map((problem, index) => {
          const status = statusOf(results, problem);
          const look = LOOK[status];
          const position = index + 1;
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
                {/* The name is the visible number plus hidden words: "3번 문제, 오답". */}
                <span>
                  {position}
                  <VisuallyHidden component="span">{m.gridItemRest(status === 'unjudged' ? sj.gridStatus : m.status[status])}</VisuallyHidden>
                </span>
                {status === 'correct' && <IconCheck size={14} aria-hidden />}
                {status === 'wrong' && <IconX size={14} aria-hidden />}
                {status === 'unjudged' && <IconHelpCircle size={14} aria-hidden />}
              </Button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
