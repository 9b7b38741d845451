import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { commonMessages as messages } from '../common/messages';

/**
 * The mobile slide-out menu itself, loaded by ./menu-drawer only when it is first opened. Built from Drawer's parts so that its <header> can be role="none":
 * a dialog's header is not the page's banner, and two banner landmarks confuse screen readers.
 */
export function MenuDrawerPanel({ opened, onClose, title, children }: { opened: boolean; onClose: () => void; title: string; children: ReactNode }) {
  return (
    <Drawer.Root opened={opened} onClose={onClose} size="xs">
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header role="none">
          <Drawer.Title>{title}</Drawer.Title>
          <Drawer.CloseButton aria-label={messages.nav.closeMenu} />
        </Drawer.Header>
        <Drawer.Body>{children}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
