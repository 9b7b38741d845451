import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { timeoutManager } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchPath, RouterProvider } from 'react-router';
import { applyPreloadedStyles } from './app/preloaded-styles';
import { AppProviders, connectApiClient, createAppQueryClient } from './app/providers';
import { ROUTE_DOCUMENTS } from './app/route-documents';
import { createAppRouter } from './app/router';
import { coalescedTimeoutProvider } from './lib/coalesced-timers';
import { appContainer, releaseServerPaint } from './lib/server-paint';
import { afterPageSettles } from './lib/when-idle';

const container = appContainer();

// Before any query exists: React Query's long timers share slots (lib/coalesced-timers.ts).
timeoutManager.setTimeoutProvider(coalescedTimeoutProvider());
const queryClient = createAppQueryClient();
connectApiClient(queryClient);
// The exam viewer and solve mode (the pages with a route document) start their code and first
// reads beside the session check (app/route-preload.ts, decision 056). That module is a small
// chunk of its own, asked for only on those paths: the first screen's JS budget (decision 050)
// has no room for it.
if (ROUTE_DOCUMENTS.some((route) => matchPath(route.path, window.location.pathname))) {
  const { pathname, search } = window.location;
  void import('./app/route-preload').then((m) => m.preloadRoute(pathname, search)).catch(() => undefined);
}

// The service worker (offline study, decision 041) is registered once the page has settled, from a
// chunk of its own, so it adds nothing to the first screen's JS. Its install downloads and stores
// the whole shell (~80 files); at the load event that doubled the browser's CPU while the page was
// still drawing (decision 065). Not in development.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  afterPageSettles(() => void import('./offline/register-sw').then((module) => module.registerServiceWorker()));
}

/** Resolves in a new task, so what follows does not lengthen the one before (a phone's long tasks). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// index.html shows the static first paint (first-paint.ts) until the first render replaces it; the
// app's stylesheet is in force by then. Evaluating the modules, creating the router (it reads the
// session storage and starts fetching the page's chunk), applying the stylesheet and the first render
// each run in a task of their own instead of one long one, and the first render is a transition, so
// React renders it in slices of a few milliseconds: a phone keeps answering taps while the screen is
// built (Lighthouse's total blocking time, decision 059).
void (async () => {
  await nextTask();
  const router = createAppRouter();
  // The server's drawing of a reading page (decision 067) gives way when its page is ready, when
  // the member goes elsewhere, or after a while whatever the page shows (appContainer).
  const drawnPath = window.location.pathname;
  router.subscribe((state) => {
    if (state.location.pathname !== drawnPath) releaseServerPaint();
  });
  await applyPreloadedStyles();
  await nextTask();
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
})();
