import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type CSSProperties, type ReactNode } from 'react';
import { ProblemCardSlotsProvider, type ProblemCardSlots } from '../problems/components/problem-card-slots';
import { configureApiClient, isApiRequestError } from '../lib/api-client';
import { prefetchLineageSummaries } from '../lineage/card-api';
import { LineageBadge } from '../lineage/lineage-badge';
import { ClassRecurrence } from '../lineage/class-recurrence';
import { endLoginSession, loginSessionQueryKey } from '../lib/login-session';
import { useLook } from '../settings/look';
import { cssVariablesResolver, theme } from './theme';

// The toast container (with react-transition-group and react-remove-scroll) is no part of the
// first paint: it is its own chunk. Toasts raised before it arrives wait in Mantine's
// notifications store and appear once it mounts.
const ToastContainer = lazy(() => import('./toast-container').then((m) => ({ default: m.ToastContainer })));

// The problem card's bookmark star comes from boxes, which builds on problems (never the reverse).
// Like the toasts, it is its own chunk, loaded with the first card. Until it arrives its room is
// kept (Mantine's ActionIcon size md): the star is the tallest thing on the card's first line, and
// without it the question moved up 1.9 px, then back, under a reader's eyes (and Lighthouse took
// the moved question for a new, later largest paint than the server's drawing of it).
const LazyBookmarkButton = lazy(() => import('../boxes/bookmark-button').then((m) => ({ default: m.BookmarkButton })));
const bookmarkRoom: CSSProperties = { flex: 'none', width: 'calc(1.75rem * var(--mantine-scale))', height: 'calc(1.75rem * var(--mantine-scale))' };
function BookmarkSlot({ problemUid }: { problemUid: number }) {
  return (
    <Suspense fallback={<span aria-hidden style={bookmarkRoom} />}>
      <LazyBookmarkButton problemUid={problemUid} />
    </Suspense>
  );
}
const problemCardSlots: ProblemCardSlots = {
  Bookmark: BookmarkSlot,
  prefetchBookmarks: (queryClient, problemUids) =>
    void import('../boxes/api').then((m) => m.prefetchBookmarks(queryClient, problemUids)).catch(() => undefined),
  // The 출제 이력 badge is drawn with the card's other badges (its panel is a chunk of its own).
  Lineage: LineageBadge,
  prefetchLineages: prefetchLineageSummaries,
  ClassRecurrence,
};

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change by asking again; network and 5xx errors get two retries.
        retry: (failureCount, error) => !(isApiRequestError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
}

/**
 * What the API client does when the server says the session is gone: forget the member
 * (the gates then show the login card; no page reload, so no reload loop), or re-read
 * the member when their approval changed.
 */
export function connectApiClient(queryClient: QueryClient): void {
  configureApiClient({
    onUnauthorized: () => endLoginSession(queryClient),
    onNotApproved: () => void queryClient.invalidateQueries({ queryKey: loginSessionQueryKey }),
  });
}

export function AppProviders({
  queryClient,
  children,
  env = 'default',
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals in unit tests. */
  env?: 'default' | 'test';
}) {
  // The member's scheme (decision 166): the document's look script set it before the first paint;
  // Mantine follows the same store, so it never draws the other one first.
  const { scheme } = useLook();
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} forceColorScheme={scheme} cssVariablesResolver={cssVariablesResolver} env={env}>
        <Suspense fallback={null}>
          <ToastContainer />
        </Suspense>
        <ProblemCardSlotsProvider value={problemCardSlots}>{children}</ProblemCardSlotsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
