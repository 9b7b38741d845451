import { Button, Group } from '@mantine/core';
import { IconHighlight, IconHighlightOff } from '@tabler/icons-react';
import { messages as m } from './messages';

/**
 * 형광펜 and 형광펜 지우기 above a part. The button keeps the selection (mousedown does not take it
 * away), so a selection made with the mouse, a finger or Shift+arrows is highlighted on press.
 */
export function HighlightToolbar({
  canHighlight,
  count,
  onHighlight,
  onClear,
}: {
  canHighlight: boolean;
  count: number;
  onHighlight: () => void;
  onClear: () => void;
}) {
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size="compact-sm"
        mih={44}
        variant={canHighlight ? 'filled' : 'default'}
        color="yellow.4"
        c={canHighlight ? 'dark.9' : undefined}
        leftSection={<IconHighlight size={16} aria-hidden />}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onHighlight}
        disabled={!canHighlight}
        title={m.highlightHint}
      >
        {m.highlight}
      </Button>
      {count > 0 && (
        <Button size="compact-sm" mih={44} variant="subtle" leftSection={<IconHighlightOff size={16} aria-hidden />} onClick={onClear}>
          {m.clearHighlights}
        </Button>
      )}
    </Group>
  );
}
