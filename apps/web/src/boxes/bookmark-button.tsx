import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useLazyModal } from '../lib/use-lazy-modal';
import { messages } from './messages';
import { useBookmarked } from './api';
import { BookmarkModal } from './bookmark-modal';

const m = messages.boxes;

/**
 * The bookmark star of a problem: filled when the problem is in any of the member's boxes;
 * opens the bookmark modal. Public component: the viewers and solve mode use it.
 */
export function BookmarkButton({ problemUid }: { problemUid: number }) {
  // The modal is mounted on the first click, not with every card of a list.
  const modal = useLazyModal();
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
        onClick={modal.open}
        data-saved={saved ? 'true' : undefined}
      >
        {saved ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
      </ActionIcon>
      {saved && <VisuallyHidden id={stateId}>{m.saved}</VisuallyHidden>}
      {modal.mounted && <BookmarkModal problemUid={problemUid} opened={modal.opened} onClose={modal.close} />}
    </>
  );
}
