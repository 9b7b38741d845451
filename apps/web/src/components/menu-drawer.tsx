import { lazy, Suspense, useState, type ReactNode } from 'react';

// Drawer brings Mantine's modal machinery (ScrollArea, which pulls in @floating-ui, focus trap,
// scroll lock, portal): about 25 kB gzipped that no first paint needs, since the menu only exists
// behind the mobile burger. So the panel is its own chunk, fetched on the first open.
const MenuDrawerPanel = lazy(() => import('./menu-drawer-panel').then((m) => ({ default: m.MenuDrawerPanel })));

/**
 * The mobile slide-out menu. Nothing is rendered (or downloaded) until it is first opened; after
 * that it stays mounted so that closing plays Drawer's own transition.
 */
export function MenuDrawer(props: { opened: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const [wanted, setWanted] = useState(props.opened);
  // Derived state: the first `opened` flips `wanted` on for good (React's "storing information
  // from previous renders" pattern, no effect and no extra commit).
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MenuDrawerPanel {...props} />
    </Suspense>
  );
}
