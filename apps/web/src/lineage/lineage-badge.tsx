import { Badge, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { useLineageSummary } from './card-api';
import { lineageCardMessages as m } from './card-messages';

// The panel (a modal with the word diffs) is its own chunk, loaded on the first click.
const LineagePanel = lazy(() => import('./lineage-panel').then((module) => ({ default: module.LineagePanel })));

// The badge may arrive after the card is on screen (the app's own read of it, after the server's
// drawing): it takes the room left on the card's first line and never a line of its own, so the
// header keeps its height and nothing below it moves (e2e server-paint-mobile, decision 132). A
// flex basis of 0 keeps the label row from wrapping for it. Where the years do not fit beside the
// count (a phone), they wrap onto the badge's hidden second line: gone whole, never cut in two;
// the button's name and the panel still give them.
const slot: CSSProperties = { flex: '1 1 0', minWidth: 0, display: 'flex' };
const button: CSSProperties = { minWidth: 0, maxWidth: '100%' };
const badge: CSSProperties = { cursor: 'pointer', textTransform: 'none', minWidth: 0, maxWidth: '100%' };
const oneLine: CSSProperties = { display: 'flex', flexWrap: 'wrap', height: 'var(--badge-lh)', overflow: 'hidden' };
// A flex item's leading space is not drawn: the years' margin stands for it.
const years: CSSProperties = { overflow: 'hidden', marginInlineStart: '0.3em' };

/** "출제 3회 · 2024·2025·2026" on a problem card whose question appeared two or more times. */
export function LineageBadge({ problemUid }: { problemUid: number }) {
  const { data: summary } = useLineageSummary(problemUid);
  const [opened, setOpened] = useState(false);
  if (!summary) return null;
  return (
    <span style={slot}>
      <UnstyledButton onClick={() => setOpened(true)} aria-label={m.badgeLabel(summary.count, summary.years)} aria-haspopup="dialog" style={button}>
        <Badge variant="light" color="grape" radius="sm" style={badge}>
          <span style={oneLine}>
            <span>{m.badgeCount(summary.count)}</span>
            <span style={years}>{m.badgeYears(summary.years)}</span>
          </span>
        </Badge>
      </UnstyledButton>
      {opened && (
        <Suspense fallback={null}>
          <LineagePanel problemUid={problemUid} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </span>
  );
}
