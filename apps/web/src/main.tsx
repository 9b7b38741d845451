import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { applyPreloadedStyles } from './app/preloaded-styles';
import { AppProviders, connectApiClient, createAppQueryClient } from './app/providers';
import { createAppRouter } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createAppQueryClient();
connectApiClient(queryClient);
const router = createAppRouter();
// The exam viewer and solve mode start their code and first reads beside the session check
// (app/route-preload.ts, decision 056). That module is a small chunk of its own, asked for only
// on those two paths: the first screen's JS budget (decision 050) has no room for it.
if (/^\/tests\/[^/]+\/(problems|solve)\/?$/.test(window.location.pathname)) {
  const { pathname, search } = window.location;
  void import('./app/route-preload').then((m) => m.preloadRoute(pathname, search)).catch(() => undefined);
}

// The service worker (offline study, decision 041) is registered once the first screen is up,
// from a chunk of its own, so it adds nothing to the first screen's JS. Not in development.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./offline/register-sw').then((module) => module.registerServiceWorker()));
}

// index.html shows the static top bar (first-paint.ts) until this first render replaces it; the
// app's stylesheet is in force by then. The first render is a transition, so React renders it in
// slices of a few milliseconds that yield to the browser instead of one long task: a phone keeps
// answering taps while the screen is built (Lighthouse's total blocking time).
void applyPreloadedStyles().then(() => {
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
});
