import { Stack } from '@mantine/core';
import type { Problem } from '@qbank/shared/problems';
import { useRef } from 'react';
import { HighlightToolbar } from '../../annotations/highlight-toolbar';
import { useHighlighter } from '../../annotations/use-highlighter';
import { ProblemStem } from './problem-stem';

/**
 * The passage and stem with 형광펜 (issue 30 item 2): select words, press 형광펜; the highlights are
 * the member's, kept per problem (one range list over the passage and stem together). Every answering
 * screen draws its stem through it (study sessions, solve mode, the review deck).
 */
export function HighlightableStem({ problem, position, emphasizeNegation = false }: { problem: Problem; position: number; emphasizeNegation?: boolean }) {
  const root = useRef<HTMLDivElement>(null);
  // Switching the emphasis draws the stem's HTML again: the highlights are drawn again on it.
  const content = `${emphasizeNegation ? 'emphasis' : 'plain'}:${problem.question}`;
  const { selection, highlight, clear, count } = useHighlighter(problem.uid, 'question', root, content);
  return (
    <Stack gap="xs">
      <HighlightToolbar canHighlight={selection !== null} count={count} onHighlight={highlight} onClear={clear} />
      <Stack gap="md" ref={root} data-testid="highlightable-stem">
        <ProblemStem problem={problem} position={position} emphasizeNegation={emphasizeNegation} />
      </Stack>
    </Stack>
  );
}
