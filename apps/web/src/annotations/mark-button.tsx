import { Button } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled } from '@tabler/icons-react';
import { useMarkToggle } from './api';
import { messages as m } from './messages';

/** "나중에 다시 보기" on the problem on screen (issue 30 item 3); the M key does the same on the answering screens. */
export function MarkButton({ problemUid }: { problemUid: number }) {
  const { marked, toggle } = useMarkToggle(problemUid);
  return (
    <Button
      variant={marked ? 'light' : 'default'}
      color={marked ? 'orange' : undefined}
      size="compact-sm"
      // A thumb's target on a phone (44 px), like the other controls of the answering screens.
      mih={44}
      aria-pressed={marked}
      aria-keyshortcuts="M"
      leftSection={marked ? <IconBookmarkFilled size={16} aria-hidden /> : <IconBookmark size={16} aria-hidden />}
      onClick={toggle}
    >
      {marked ? m.marked : m.mark}
    </Button>
  );
}
