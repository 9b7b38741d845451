// The reading pages drawn by the server (decision 067): the web build compiles this module for
// Node (vite.config.ts, `dist/.server/server-paint.js`), and the server calls it for a member who
// opens an exam's problem list or its solve mode. It renders the app itself, the real screen with
// the member's first reads, so the document shows the first problem before any script has run; on
// a phone that is seconds earlier. The browser's app then renders behind it and takes over
// (lib/server-paint.ts): nothing here is hydrated, and the page's buttons work only from then on.
import { AsyncLocalStorage } from 'node:async_hooks';
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { setHtmlCleanerWithoutDom, type HtmlCleaner } from '../components/safe-html';
import { apiRequest, configureApiClient } from '../lib/api-client';
import { DrawnByServerContext } from '../lib/server-paint';
import { fetchLineageSummariesInto } from '../lineage/card-api';
import { loginSessionQueryKey } from '../lib/login-session';
import { problemsInfiniteOptions, testInfoQueryOptions, testTypeCountsQueryOptions, TEST_PROBLEMS_PAGE_SIZE } from '../problems/api';
import { solveProblemsQueryOptions, solveProgressQueryOptions, solveTestQueryOptions } from '../solve/api';
import { SCREENFUL } from '../problems/use-progressive-count';
import { isUsualOrder } from '../problems/list-order';
import { AppProviders } from './providers';
import { readingPageAt } from './reading-page';
import { routes } from './router';

/** A GET to the server's own API with the member's cookie (the server's `inject`). */
export type ServerFetch = (url: string, init: RequestInit) => Promise<Response>;

const requestFetch = new AsyncLocalStorage<ServerFetch>();
// The app's routes, matched as the browser's router matches them; built once per process.
const handler = createStaticHandler(routes);
// Each drawing's reads go through its own request's fetch, even with several drawn at once.
configureApiClient({
  fetch: (url, init) => {
    const fetch = requestFetch.getStore();
    if (!fetch) throw new Error('server paint: a read outside a drawing');
    return fetch(url, init);
  },
});

/** The server's sanitizer for stored HTML (components/safe-html.tsx); call once before drawing. */
export function configureServerPaint({ cleanHtml }: { cleanHtml: HtmlCleaner }): void {
  setHtmlCleanerWithoutDom(cleanHtml);
}

/** The reads a drawn page needs before it shows its first problem, or null for a page not drawn. */
function readsFor(pathname: string, search: string): ((client: QueryClient) => Promise<unknown>) | null {
  const reading = readingPageAt(pathname, search);
  // A search is drawn by the browser: its hits depend on a query the server does not repeat here;
  // so is a list 빈출순 or 반복 출제만 (read afresh on every request, decision 190).
  if (reading?.page === 'list' && reading.q === '' && isUsualOrder(reading.order)) {
    const list = reading.testCode;
    const problems = problemsInfiniteOptions({ test_code: list }, '', TEST_PROBLEMS_PAGE_SIZE);
    return (client) =>
      Promise.all([
        client.fetchQuery(testInfoQueryOptions(list)),
        client.fetchQuery(testTypeCountsQueryOptions(list)),
        client.fetchInfiniteQuery(problems).then(async () => {
          // A list the page finds in the cache is drawn whole; the drawing needs only a phone's
          // first screen of it, and the browser's page draws the rest.
          const drawn = client.setQueryData(
            problems.queryKey,
            (data) => data && { ...data, pages: data.pages.slice(0, 1).map((page) => ({ ...page, problem: page.problem.slice(0, SCREENFUL) })) },
          );
          // The cards' 출제 N회 badges are part of the first picture (decision 132); without them
          // the page is still drawn, and the badges come with the app.
          const uids = drawn?.pages.flatMap((page) => page.problem.map((problem) => problem.uid)) ?? [];
          await fetchLineageSummariesInto(client, uids).catch(() => undefined);
        }),
      ]);
  }
  if (reading?.page === 'solve') {
    const solve = reading.testCode;
    return (client) =>
      Promise.all([
        client.fetchQuery(solveTestQueryOptions(solve)),
        client.fetchQuery(solveProblemsQueryOptions(solve)),
        // Kept until drawn: the screen's own reading forgets it as soon as nothing watches it.
        client.fetchQuery({ ...solveProgressQueryOptions(solve), gcTime: Infinity }),
      ]);
  }
  return null;
}

/** React's mark in renderToString's markup for a Suspense boundary left to the browser. */
const UNDRAWN_BOUNDARY = '<!--$!-->';
/** The page, then the lazy parts it shows: a few levels at most. */
const LAZY_ATTEMPTS = 5;

/**
 * The markup of `url`'s screen for the member whose reads `fetch` makes, or null when the page is
 * not one the server draws or a read fails (no session, not approved, no such exam: the browser
 * then shows what it would have shown anyway).
 */
export async function renderServerPaint(url: URL, fetch: ServerFetch): Promise<string | null> {
  const reads = readsFor(url.pathname, url.search);
  if (!reads) return null;
  return requestFetch.run(fetch, async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    try {
      const { user } = await apiRequest<{ user: unknown }>('/v1/auth/me');
      queryClient.setQueryData(loginSessionQueryKey, user);
      await reads(queryClient);
    } catch {
      return null;
    }
    const context = await handler.query(new Request(url));
    if (context instanceof Response) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const app = (
      <DrawnByServerContext.Provider value>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </DrawnByServerContext.Provider>
    );
    // The lazy parts (the page, the toasts, a card's star) are bundled in but still load once, a
    // moment after React first asks for them; renderToString draws a part it waits for as one the
    // browser must draw (`<!--$!-->`), as it does a part that failed. The first drawings of a
    // process start them and it draws again once they are in; a part still not drawn then has
    // failed, and half a page is not sent.
    for (let attempt = 0; attempt < LAZY_ATTEMPTS; attempt += 1) {
      const markup = renderToString(app);
      if (!markup.includes(UNDRAWN_BOUNDARY)) return markup;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return null;
  });
}
