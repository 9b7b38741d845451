import { Button, Grid, Paper, VisuallyHidden } from '@mantine/core';
import type { Problem } from '@qbank/shared/problems';
import { IconCheck, IconHelpCircle, IconX, type Icon } from '@tabler/icons-react';
import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { messages } from '../messages';
import { selfJudgeMessages as sj } from '../self-judge-messages';
import { statusOf, type ProblemStatus, type Results } from '../solve-model';
import '../solve.css';

const m = messages.solve;

/** How a status looks in the grid: colour, fill and an icon (colour is never the only sign). */
export interface GridLook {
  color: string;
  variant: 'filled' | 'default' | 'outline';
  icon?: Icon;
  /** The status in words, for the button's accessible name. */
  words: string;
}

/**
 * Every problem by its position, each button looking as its status says; a click jumps there.
 * The current one carries aria-current and stays scrolled into view. Solve mode and the review
 * deck use it with their statuses (solveLookOf), study sessions with theirs (sessionLookOf).
 */
export function StatusGrid({
  problems,
  lookOf,
  current,
  onSelect,
}: {
  problems: readonly Problem[];
  lookOf: (problem: Problem) => GridLook & { status: string };
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
          const look = lookOf(problem);
          const StatusIcon = look.icon;
          return (
            <li key={problem.uid}>
              <Button
                className="qbank-solve-grid-button"
                variant={look.variant}
                color={look.color}
                aria-current={index === current ? 'step' : undefined}
                data-status={look.status}
                onClick={() => onSelect(index)}
              >
                {/* The name is the visible number plus hidden words: "3번 문제, 오답". */}
                <span>
                  {index + 1}
                  <VisuallyHidden component="span">{m.gridItemRest(look.words)}</VisuallyHidden>
                </span>
                {StatusIcon && <StatusIcon size={14} aria-hidden />}
              </Button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const LOOK: Record<ProblemStatus, GridLook> = {
  correct: { color: 'teal.9', variant: 'filled', icon: IconCheck, words: m.status.correct },
  wrong: { color: 'red.9', variant: 'filled', icon: IconX, words: m.status.wrong },
  unjudged: { color: 'yellow.9', variant: 'outline', icon: IconHelpCircle, words: sj.gridStatus },
  unanswered: { color: 'gray', variant: 'default', words: m.status.unanswered },
};

/** Solve mode's looks: green ✓ right, red ✗ wrong, yellow ? awaiting the member's verdict, grey not answered. */
export const solveLookOf =
  (results: Results) =>
  (problem: Problem): GridLook & { status: string } => {
    const status = statusOf(results, problem);
    return { ...LOOK[status], status };
  };

/** The screen's side column (below the problem on phones): the grid in its box, then `children`. */
export function StatusGridColumn({ children, ...grid }: ComponentProps<typeof StatusGrid> & { children?: ReactNode }) {
  return (
    <Grid.Col span={{ base: 12, md: 4 }}>
      <Paper withBorder radius="md" p="sm">
        <StatusGrid {...grid} />
      </Paper>
      {children}
    </Grid.Col>
  );
}
