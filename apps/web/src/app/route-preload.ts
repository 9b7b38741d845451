import { readSignedInFlag } from '../lib/login-session';
import { readingPageAt } from './reading-page';
import { loadSolvePage, loadTestProblemsPage } from './router';

/**
 * A page's chunk is loaded in a task of its own: asking for it adds a `modulepreload` link per
 * chunk it needs (~100 for these pages), which in the entry's task made that long task longer.
 */
function loadSoon(load: () => Promise<unknown>): void {
  window.setTimeout(() => void load().catch(() => undefined), 0);
}

/**
 * When the app opens on an exam's problem list or its solve mode (a link, a reload), that page's
 * code and its first reads start with the app, beside the session check, instead of after it
 * (issue 17 item 4): on a phone the session answer, then the page's chunks, then its data were
 * three waits in a row before the first problem showed. Only for a member who signed in on this
 * device (these pages are members-only; a visitor gets the login card and no reads). The screens
 * render exactly as before: their queries take the early answers (`startEarlyRead`).
 */
export function preloadRoute(pathname: string, search: string): void {
  if (!readSignedInFlag()) return;
  const reading = readingPageAt(pathname, search);
  if (reading?.page === 'list') {
    loadSoon(loadTestProblemsPage);
    void import('../problems/api').then((m) => m.startTestProblemsReads(reading.testCode, reading.q, reading.order)).catch(() => undefined);
  } else if (reading?.page === 'solve') {
    loadSoon(loadSolvePage);
    void import('../solve/api').then((m) => m.startSolveReads(reading.testCode)).catch(() => undefined);
  }
}
