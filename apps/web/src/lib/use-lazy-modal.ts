import { useDisclosure } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open state for a modal that each item of a long list carries (a card's bookmark modal, a
 * picture's viewer): the modal is mounted on the first open, not with the item. A closed Mantine
 * modal still adds a portal node to <body> and window listeners, which 120 problem cards felt on a
 * phone (issue 17 item 4). It mounts closed and opens on the next render, so it opens with its
 * transition as before; once mounted it stays, so closing returns focus to the opener as before.
 */
export function useLazyModal(): { mounted: boolean; opened: boolean; open: () => void; close: () => void } {
  const [opened, { open, close }] = useDisclosure(false);
  const [mounted, setMounted] = useState(false);
  const openOnMount = useRef(false);

  useEffect(() => {
    if (mounted && openOnMount.current) {
      openOnMount.current = false;
      open();
    }
  }, [mounted, open]);

  const openLazily = useCallback(() => {
    if (mounted) open();
    else {
      openOnMount.current = true;
      setMounted(true);
    }
  }, [mounted, open]);

  return { mounted, opened, open: openLazily, close };
}
