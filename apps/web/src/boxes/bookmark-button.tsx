import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { messages } from './messages';
import { useBookmarked } from './api';
import { BookmarkModal } from './bookmark-modal';

const m = messages.boxes;

/**
 * The bookmark star of a problem: filled when the problem is in any of the member's boxes;
 * opens the bookmark modal. Public component: the viewers and solve mode use it.
 */
export function BookmarkButton({ problemUid }: { problemUid: number }) {
  const [opened, { open, close }] = useDisclosure(false);
  const saved = useBookmarked(problemUid).data === true;
  const stateId = useId();

  return (
    <>
      <ActionIcon
        variant="subtle"
        color={saved ? 'orange' : 'gray'}
        aria-label={m.bookmark}
        aria-haspopup="dialog"
        aria-describedby={saved ? stateId : undefined}
        title={m.bookmark}
        onClick={open}
        data-saved={saved ? 'true' : undefined}
      >
        {saved ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
      </ActionIcon>
      {saved && <VisuallyHidden id={stateId}>{m.saved}</VisuallyHidden>}
      <BookmarkModal problemUid={problemUid} opened={opened} onClose={close} />
    </>
  );
}
