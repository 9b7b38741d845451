import type { Highlight } from '@qbank/shared/annotations';
import { isApiRequestError } from '../lib/api-client';
import { LEGACY_PENDING_HIGHLIGHTS_KEY, PENDING_ANNOTATIONS_KEY } from '../lib/offline-data';

// Strikes, highlights and the review mark made without a connection (issue 30 items 2 and 7,
// decision 197): every change is kept on this device with the time it was made before it is sent,
// and what could not be sent goes when the connection is back, oldest first. Each part of a
// problem's annotation is a whole value (the struck options, the list of highlights, the mark),
// so only the latest change per problem and part waits: a strike then its undoing leaves the
// undoing alone. The server drops a change older than the one it has (changed_at), so a replay
// or a late arrival never overwrites a newer change made on another device.

export interface AnnotationParts {
  strikes: number[];
  highlights: Highlight[];
  mark: boolean;
}
export type AnnotationPart = keyof AnnotationParts;

export type PendingChange = {
  [P in AnnotationPart]: { part: P; problem_uid: number; value: AnnotationParts[P]; changed_at: string };
}[AnnotationPart];

export type SendChange = (change: PendingChange) => Promise<unknown>;

type Pending = Record<string, PendingChange>;

const keyOf = (change: Pick<PendingChange, 'part' | 'problem_uid'>) => `${change.part}:${change.problem_uid}`;

function parse<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

function read(): Pending {
  const pending = parse<Pending>(PENDING_ANNOTATIONS_KEY) ?? {};
  // Kept by an older version of this file as `{ [uid]: { highlights, changed_at } }`.
  const legacy = parse<Record<string, { highlights: Highlight[]; changed_at: string }>>(LEGACY_PENDING_HIGHLIGHTS_KEY);
  for (const [uid, change] of Object.entries(legacy ?? {})) {
    const moved: PendingChange = { part: 'highlights', problem_uid: Number(uid), value: change.highlights, changed_at: change.changed_at };
    const current = pending[keyOf(moved)];
    if (!current || current.changed_at < moved.changed_at) pending[keyOf(moved)] = moved;
  }
  return pending;
}

function write(pending: Pending): void {
  try {
    localStorage.removeItem(LEGACY_PENDING_HIGHLIGHTS_KEY);
    if (Object.keys(pending).length === 0) localStorage.removeItem(PENDING_ANNOTATIONS_KEY);
    else localStorage.setItem(PENDING_ANNOTATIONS_KEY, JSON.stringify(pending));
  } catch {
    // Storage refused (private mode, full): the change lives as long as the page.
  }
}

/** Keeps a change until the server has it; a later change of the same part replaces it. */
export function keepChange(change: PendingChange): void {
  write({ ...read(), [keyOf(change)]: change });
}

/** The parts of a problem's annotation still waiting: the screen shows them over the server's older ones. */
export function waitingParts(problemUid: number): Partial<AnnotationParts> {
  const parts: Partial<AnnotationParts> = {};
  for (const change of Object.values(read())) {
    if (change.problem_uid !== problemUid) continue;
    if (change.part === 'strikes') parts.strikes = change.value;
    else if (change.part === 'highlights') parts.highlights = change.value;
    else parts.mark = change.value;
  }
  return parts;
}

/** How many changes wait (the shell's offline indicator could count them; the tests do). */
export const waitingCount = () => Object.keys(read()).length;

function forget(change: PendingChange): void {
  const pending = read();
  // A newer change made while this one was on its way stays.
  if (pending[keyOf(change)]?.changed_at === change.changed_at) {
    delete pending[keyOf(change)];
    write(pending);
  }
}

/** Not worth keeping: the server refused for good (a removed problem, a bad value). */
const refusedForGood = (error: unknown) =>
  isApiRequestError(error) && error.status >= 400 && error.status < 500 && ![401, 403, 408, 429].includes(error.status);

type Outcome = 'sent' | 'dropped' | 'kept';

async function attempt(change: PendingChange, send: SendChange): Promise<Outcome> {
  try {
    await send(change);
    forget(change);
    return 'sent';
  } catch (error) {
    if (!refusedForGood(error)) return 'kept';
    forget(change);
    return 'dropped';
  }
}

/**
 * Keeps one change and sends it, after anything older still waiting (so the server gets them in
 * the order they were made). Resolves true once the server has this one; false leaves it waiting.
 */
export async function sendChange(change: PendingChange, send: SendChange): Promise<boolean> {
  keepChange(change);
  // A flush under way may have read the queue before this change joined it: wait for it, then flush.
  while (flushing) await flushing;
  await flushChanges(send);
  return read()[keyOf(change)]?.changed_at !== change.changed_at;
}

let flushing: Promise<number> | null = null;

async function flushAll(send: SendChange): Promise<number> {
  let sent = 0;
  // Re-read after each send: a change made meanwhile joins the line.
  for (;;) {
    const [oldest] = Object.values(read()).sort((x, y) => x.changed_at.localeCompare(y.changed_at));
    const outcome = oldest ? await attempt(oldest, send) : 'kept';
    if (outcome === 'kept') return sent;
    if (outcome === 'sent') sent++;
  }
}

/**
 * Sends every waiting change, oldest first, stopping at the first that must wait (no connection).
 * Resolves with how many the server took.
 */
export function flushChanges(send: SendChange): Promise<number> {
  // One flush at a time: two screens (or a reconnect during a change) would send the same change twice.
  flushing ??= flushAll(send).finally(() => {
    flushing = null;
  });
  return flushing;
}
