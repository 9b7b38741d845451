import { Stack, type TitleOrder } from '@mantine/core';
import type { Problem } from '@qbank/shared/problems';
import { useMemo } from 'react';
import { groupBySetHeader, type ViewMode } from '../problem-format';
import { ProblemCard } from './problem-card';
import { SetHeaderGroup } from './set-header-banner';

/** Problem cards in server order, those sharing a passage grouped under its banner. */
export function ProblemList({
  problems,
  view,
  headingOrder,
  highlightedUid,
}: {
  problems: readonly Problem[];
  view: ViewMode;
  headingOrder: TitleOrder;
  highlightedUid: number | null;
}) {
  const groups = useMemo(() => groupBySetHeader(problems), [problems]);
  const card = (problem: Problem) => (
    <ProblemCard
      key={problem.uid}
      problem={problem}
      view={view}
      headingOrder={headingOrder}
      highlighted={problem.uid === highlightedUid}
    />
  );
  return (
    <Stack gap="md">
      {groups.map((group) =>
        group.kind === 'set' ? (
          <SetHeaderGroup key={group.key} header={group.header}>
            {group.problems.map(card)}
          </SetHeaderGroup>
        ) : (
          card(group.problem)
        ),
      )}
    </Stack>
  );
}
