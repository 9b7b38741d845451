import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { AppProviders, connectApiClient, createAppQueryClient } from '../app/providers';
import { routes as appRoutes } from '../app/router';

/** Renders routes (the whole app by default) at `path`, with fresh providers and query cache. */
export function renderRoutes(path: string, routes: RouteObject[] = appRoutes) {
  const queryClient = createAppQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  connectApiClient(queryClient);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** One element at `path`, with a catch-all that shows where a redirect went. */
export function renderElement(path: string, pattern: string, element: ReactElement) {
  return renderRoutes(path, [
    { path: pattern, element },
    { path: '*', element: <LocationProbe /> },
  ]);
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}
