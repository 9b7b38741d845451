import { Badge, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useLineageSummary } from './api';
import { lineageMessages as m } from './messages';

// The panel (a modal with the word diffs) is its own chunk, loaded on the first click.
const LineagePanel = lazy(() => import('./lineage-panel').then((module) => ({ default: module.LineagePanel })));

/** "출제 3회 · 2024·2025·2026" on a problem card whose question appeared two or more times. */
export function LineageBadge({ problemUid }: { problemUid: number }) {
  const { data: summary } = useLineageSummary(problemUid);
  const [opened, setOpened] = useState(false);
  if (!summary) return null;
  return (
    <>
      <UnstyledButton onClick={() => setOpened(true)} aria-label={m.badgeLabel(summary.count, summary.years)} aria-haspopup="dialog">
        <Badge variant="light" color="grape" radius="sm" style={{ cursor: 'pointer', textTransform: 'none' }}>
          {m.badge(summary.count, summary.years)}
        </Badge>
      </UnstyledButton>
      {opened && (
        <Suspense fallback={null}>
          <LineagePanel problemUid={problemUid} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
