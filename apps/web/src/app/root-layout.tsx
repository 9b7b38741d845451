import { Outlet, ScrollRestoration } from 'react-router';
import { LazyAnswerSync, LazyLookSync } from './shell-extras';

/**
 * The one element above every screen. The window is the page's scroller, and the browser keeps
 * its offset across a client-side navigation: without this, a page opened from far down a list
 * opened at the list's offset (at its footer). React Router's scroll restoration puts a newly
 * opened page at its top (or at its #hash) and gives back/forward the offset the page had.
 * Scrolls of a page's own (the highlighted problem) run after it, on their own timer.
 */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      {/* Answers made offline are sent from here, whichever screen is open (decision 041). */}
      <LazyAnswerSync />
      <LazyLookSync />
      <Outlet />
    </>
  );
}
