import { createContext, useContext, useEffect } from 'react';

// The reading pages the server draws for a member (app/server-paint.tsx, decision 067). The
// document then holds the server's copy of the page (`#qbank-paint`, inert: a picture of the page
// until the app takes over), on screen from the first byte, and no `#root`: the app renders into a
// container of its own outside the document. Once the app's page shows what the server's showed
// (its first problem, or why it cannot), the page calls `useReleaseServerPaint`, and the app's
// container takes the drawing's place in one step. Until then the reader sees the first problem
// instead of a loader, on a phone seconds earlier; at no moment are there two copies of the page.

const PAINT_ID = 'qbank-paint';
/** The app's container takes over by itself after this long, whatever its page shows (a gate, an error). */
export const RELEASE_TIMEOUT_MS = 10_000;

let waiting: { paint: Element; container: HTMLElement } | null = null;

/** True while the server draws (app/server-paint.tsx): what only a browser knows counts as empty. */
export const DrawnByServerContext = createContext(false);

export function useDrawnByServer(): boolean {
  return useContext(DrawnByServerContext);
}

/**
 * Where the app renders (main.tsx): `#root`, or, on a page the server drew, a container that
 * takes the drawing's place once released (after RELEASE_TIMEOUT_MS at the latest).
 */
export function appContainer(doc: Document = document): HTMLElement {
  const root = doc.getElementById('root');
  if (root) return root;
  const paint = doc.getElementById(PAINT_ID);
  if (!paint) throw new Error('the document has neither #root nor a drawing of the page');
  const container = doc.createElement('div');
  container.id = 'root';
  waiting = { paint, container };
  doc.defaultView?.setTimeout(releaseServerPaint, RELEASE_TIMEOUT_MS);
  return container;
}

/** Puts the app's container in place of the server's drawing, once; nothing where there was none. */
export function releaseServerPaint(): void {
  if (!waiting) return;
  const { paint, container } = waiting;
  waiting = null;
  paint.replaceWith(container);
}

/** A drawn page calls this with `ready` once it shows its first problem, or what stands instead. */
export function useReleaseServerPaint(ready: boolean): void {
  useEffect(() => {
    if (ready) releaseServerPaint();
  }, [ready]);
}
