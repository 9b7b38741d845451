import { Button } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { useLazyModal } from '../lib/use-lazy-modal';
import { messages as m } from './messages';

// The panel (with the table's search and the Drawer) is fetched on the first open.
const ReferencePanel = lazy(() => import('./reference-panel').then((module) => ({ default: module.ReferencePanel })));

// Another dialog (박스에 담기, the shortcut help, 제출 전 확인) has the keys while it is open (decision 184).
const dialogOpen = () => document.querySelector('[role="dialog"]') !== null;

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement);

/**
 * 참고치 on an answering screen: a button, and the L key anywhere on the page (not while typing,
 * not with a modifier, not over another dialog). `withKey` is off where another screen already uses L.
 */
export function ReferenceButton({ withKey = true }: { withKey?: boolean }) {
  const panel = useLazyModal();
  const { open } = panel;
  useEffect(() => {
    if (!withKey) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.repeat || event.ctrlKey || event.metaKey || event.altKey || typing(event.target) || dialogOpen())
        return;
      // The physical key too: with the Korean layout on, L types ㅣ.
      if (event.key !== 'l' && event.key !== 'L' && event.code !== 'KeyL') return;
      event.preventDefault();
      open();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [withKey, open]);
  return (
    <>
      <Button
        variant="default"
        size="compact-sm"
        mih={44}
        leftSection={<IconFlask size={16} aria-hidden />}
        onClick={open}
        title={m.openHint}
        aria-keyshortcuts={withKey ? 'L' : undefined}
      >
        {m.open}
      </Button>
      {panel.mounted && (
        <Suspense fallback={null}>
          <ReferencePanel opened={panel.opened} onClose={panel.close} />
        </Suspense>
      )}
    </>
  );
}
