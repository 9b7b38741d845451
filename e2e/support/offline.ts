import { mkdirSync } from 'node:fs';

// What the offline specs share (decisions 041, 054): where their pictures go, the options' digits,
// and the browser errors a page offline is expected to log.

/** Screenshots of the offline screens (made and kept for looking at). */
export function offlineShotsDir(): string {
  const dir = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/pwa';
  mkdirSync(dir, { recursive: true });
  return dir;
}

export const CIRCLED = ['①', '②', '③', '④', '⑤', '⑥', '⑦', '⑧', '⑨'];

/**
 * Without a connection the screen's side reads (bookmarks, notes, percentiles) fail, and the
 * browser logs each; that is the point of these tests, not a fault.
 */
export const OFFLINE_CONSOLE_ERRORS = [/ERR_INTERNET_DISCONNECTED|Failed to load resource|net::ERR_FAILED/];

/** A problem as GET /v1/problem lists it, as far as the offline specs read it. */
export interface ProblemRow {
  uid: number;
  type: number;
  no: number;
  answer: string;
}
