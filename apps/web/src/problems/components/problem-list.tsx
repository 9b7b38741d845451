import { Stack, Title, type TitleOrder } from '@mantine/core';
import { problemSectionLabel, sectionsByType } from '@qbank/shared/problem-labels';
import type { Problem } from '@qbank/shared/problems';
import { useMemo } from 'react';
import { groupBySetHeader, type ViewMode } from '../problem-format';
import { useNegationEmphasis } from '../../lib/use-negation-emphasis';
import { ProblemCardView } from './problem-card';
import { SetHeaderGroup } from './set-header-banner';

/**
 * Problem cards by type (객관식, 주관식, 슬라이드), each section headed by its type and count,
 * because every type is numbered from Q01 (issue 12 item 4); inside a section, server order,
 * those sharing a passage grouped under its banner. `typeCounts` gives the whole exam's counts
 * while the list is still loading in chunks; without it the loaded problems are counted.
 */
export function ProblemList({
  problems,
  view,
  headingOrder,
  highlightedUid,
  typeCounts,
  searchQuery,
}: {
  problems: readonly Problem[];
  view: ViewMode;
  /** The section headings' level; the cards are one level below. */
  headingOrder: TitleOrder;
  highlightedUid: number | null;
  typeCounts?: ReadonlyMap<number, number>;
  /** The applied search, marked in the cards (issue 26 item 15). */
  searchQuery?: string;
}) {
  const sections = useMemo(() => sectionsByType(problems).map((section) => ({ ...section, groups: groupBySetHeader(section.items) })), [problems]);
  const [emphasis] = useNegationEmphasis();
  const cardOrder = Math.min(headingOrder + 1, 6) as TitleOrder;
  const card = (problem: Problem) => (
    <ProblemCardView
      key={problem.uid}
      problem={problem}
      view={view}
      headingOrder={cardOrder}
      highlighted={problem.uid === highlightedUid}
      emphasizeNegation={emphasis}
      searchQuery={searchQuery}
    />
  );
  return (
    <Stack gap="lg">
      {sections.map((section) => {
        const headingId = `problem-section-${section.type}-${section.items[0]?.uid ?? 0}`;
        return (
          <Stack key={section.type} gap="md" component="section" aria-labelledby={headingId} data-testid="problem-section">
            <Title order={headingOrder} size="h3" id={headingId} className="qbank-problem-section-title">
              {problemSectionLabel(section.type, Math.max(typeCounts?.get(section.type) ?? 0, section.items.length))}
            </Title>
            {section.groups.map((group) =>
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
      })}
    </Stack>
  );
}
