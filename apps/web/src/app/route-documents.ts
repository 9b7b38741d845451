import { paths } from '../lib/paths';

/** main.tsx loads it on these paths to start the page's code and reads early (decision 056). */
const ROUTE_PRELOAD = '/src/app/route-preload.ts';

/**
 * Member pages whose document names their code up front (decision 060): the web build writes a
 * copy of index.html per page (`route-documents/<name>.html`) with a `modulepreload` link for each
 * chunk the page's modules need, and `route-documents/routes.json` mapping the page's path to it,
 * which the server uses for that path. Otherwise the browser learns of those chunks only once the
 * entry script has arrived and run (app/route-preload.ts): on a phone, seconds later.
 */
export const ROUTE_DOCUMENTS = [
  { name: 'test-problems', path: paths.testProblems.path, modules: [ROUTE_PRELOAD, '/src/problems/test-problems-page.tsx'] },
  { name: 'solve', path: paths.testSolve.path, modules: [ROUTE_PRELOAD, '/src/solve/solve-page.tsx'] },
] as const;

/** Where the server puts its drawing of the page in the painted document (decision 067). */
export const SERVER_PAINT_MARKER = '<!--qbank-server-paint-->';

/**
 * What the server reads: a route pattern (`/tests/:testCode/problems`), the document for it, and
 * the document it fills with its drawing of the page for a member (decision 067).
 */
export interface RouteDocument {
  path: string;
  file: string;
  painted: string;
}
