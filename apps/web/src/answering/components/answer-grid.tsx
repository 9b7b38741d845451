import { Grid, Paper } from '@mantine/core';
import type { Problem } from '@qbank/shared/problems';
import { IconBan, IconBookmarkFilled, IconCheck, IconHelpCircle, IconX, type Icon } from '@tabler/icons-react';
import { memo, useCallback, useEffect, useRef, type ComponentProps, type CSSProperties, type ReactNode } from 'react';
import { answeringMessages as m } from '../messages';
import { selfJudgeMessages as sj } from '../self-judge-messages';
import { messages as annotationMessages } from '../../annotations/messages';
import { statusOf, type ProblemStatus, type Results } from '../answer-model';
import '../answering.css';

/** How a status looks in the grid: colour, fill and an icon (colour is never the only sign). */
export interface GridLook {
  color: string;
  variant: 'filled' | 'default' | 'outline';
  icon?: Icon;
  /** The status in words, for the button's accessible name. */
  words: string;
  /** Marked 나중에 다시 보기 (study sessions): a bookmark in the corner, and words in the name. */
  marked?: boolean;
}

/** A Mantine colour ('teal.9', 'gray') as the CSS variable of its theme value. */
function colorVar(color: string): string {
  const [name, shade] = color.split('.');
  return shade ? `var(--mantine-color-${name}-${shade})` : `var(--mantine-color-${name}-filled)`;
}

/**
 * One number of the grid. A plain button styled like Mantine's (solve.css), memoized: an exam
 * has up to 120 of them, drawn with the page and again on every answer, and a Mantine Button
 * each made the grid the screen's longest task on a phone (issue 17 item 4).
 */
const GridItem = memo(function GridItem({
  index,
  color,
  variant,
  icon: StatusIcon,
  words,
  marked = false,
  status,
  current,
  onSelect,
}: GridLook & {
  index: number;
  status: string;
  current: boolean;
  onSelect: (index: number) => void;
}) {
  return (
    <li>
      <button
        type="button"
        className="qbank-solve-grid-button mantine-focus-auto mantine-active"
        data-variant={variant}
        style={{ '--grid-color': colorVar(color) } as CSSProperties}
        aria-current={current ? 'step' : undefined}
        data-status={status}
        data-marked={marked || undefined}
        onClick={() => onSelect(index)}
      >
        {/* The name is the visible number plus hidden words: "3번 문제, 오답" (", 다시 보기" when marked). */}
        <span>
          {index + 1}
          <span className="qbank-solve-hidden">{m.gridItemRest(marked ? `${words}, ${annotationMessages.markedShort}` : words)}</span>
        </span>
        {StatusIcon && <StatusIcon size={14} aria-hidden />}
        {marked && (
          <span className="qbank-solve-grid-mark" aria-hidden>
            <IconBookmarkFilled size={12} />
          </span>
        )}
      </button>
    </li>
  );
});

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
  // The items keep one handler, so a new onSelect each render does not redraw them all.
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);
  const select = useCallback((index: number) => onSelectRef.current(index), []);

  // Keep the current number visible inside the grid's own scroll area (never the page's).
  // The grid opens at its top, where the first number already is: measuring then would force a
  // layout of the whole page while it is still loading (~60 ms on a phone), so that one is skipped.
  const hasMoved = useRef(false);
  useEffect(() => {
    if (!hasMoved.current && current === 0) return;
    hasMoved.current = true;
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
        {problems.map((problem, index) => (
          // Spread: colour, variant, icon, words and status are plain values, so memo compares them.
          <GridItem key={problem.uid} {...lookOf(problem)} index={index} current={index === current} onSelect={select} />
        ))}
      </ul>
    </nav>
  );
}

/**
 * The amber of 채점 대기 (outline text and border): 5.6:1 on white. Mantine's yellow.9 (#e67700)
 * was 3.0:1 and orange.9 is 4.3:1, both under WCAG AA's 4.5:1 (issue 26 item 13).
 */
export const AWAITING_COLOR = '#a35200';

const LOOK: Record<ProblemStatus, GridLook> = {
  correct: { color: 'teal.9', variant: 'filled', icon: IconCheck, words: m.status.correct },
  wrong: { color: 'red.9', variant: 'filled', icon: IconX, words: m.status.wrong },
  unjudged: { color: AWAITING_COLOR, variant: 'outline', icon: IconHelpCircle, words: sj.gridStatus },
  unanswered: { color: 'gray', variant: 'default', words: m.status.unanswered },
  voided: { color: 'gray.7', variant: 'outline', icon: IconBan, words: m.status.voided },
};

/** Solve mode's looks: green ✓ right, red ✗ wrong, yellow ? awaiting the member's verdict, grey not answered, grey ⊘ 문항 무효. */
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
