import type { Highlight } from '@qbank/shared/annotations';
import { isApiRequestError } from '../lib/api-client';

// Highlights made without a connection (issue 30 item 2): the latest list per problem waits on
// this device with the time it was made, and goes to the server when the connection is back
// (PUT /v1/problem/{id}/highlights with changed_at, so an older list never overwrites a newer one
// made on another device meanwhile). One list per problem: a later change replaces a waiting one.

const STORAGE_KEY = 'qbank.pending-highlights';

export interface PendingHighlights {
  highlights: Highlight[];
  changed_at: string;
}

type Pending = Record<string, PendingHighlights>;

function read(): Pending {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Pending;
  } catch {
    return {};
  }
}

function write(pending: Pending): void {
  try {
    if (Object.keys(pending).length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  } catch {
    // Storage refused (private mode, full): the change lives as long as the page.
  }
}

export function keepHighlights(problemUid: number, change: PendingHighlights): void {
  write({ ...read(), [problemUid]: change });
}

/** The list waiting for a problem, if any: the screen shows it over the server's older one. */
export function waitingHighlights(problemUid: number): PendingHighlights | undefined {
  return read()[problemUid];
}

function forget(problemUid: number, change: PendingHighlights): void {
  const pending = read();
  // A newer change made while this one was on its way stays.
  if (pending[problemUid]?.changed_at === change.changed_at) {
    delete pending[problemUid];
    write(pending);
  }
}

/** Not worth keeping: the server refused for good (a removed problem, a bad list). */
const refusedForGood = (error: unknown) =>
  isApiRequestError(error) && error.status >= 400 && error.status < 500 && ![401, 403, 408, 429].includes(error.status);

/** Sends one change; it stays waiting when there is no connection. Resolves true once the server has it. */
export async function sendHighlights(
  problemUid: number,
  change: PendingHighlights,
  send: (problemUid: number, change: PendingHighlights) => Promise<unknown>,
): Promise<boolean> {
  keepHighlights(problemUid, change);
  try {
    await send(problemUid, change);
    forget(problemUid, change);
    return true;
  } catch (error) {
    if (refusedForGood(error)) forget(problemUid, change);
    return false;
  }
}

/** Sends every waiting change (on reconnecting, on opening the app). */
export async function flushHighlights(send: (problemUid: number, change: PendingHighlights) => Promise<unknown>): Promise<void> {
  for (const [uid, change] of Object.entries(read())) {
    if (!(await sendHighlights(Number(uid), change, send))) return;
  }
}
