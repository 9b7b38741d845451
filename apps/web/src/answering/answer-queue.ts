import { isApiRequestError } from '../lib/api-client';
import { notifyOfflineData, waitingAnswers, type AnswerStore, type QueuedAnswer } from '../lib/offline-data';

// Every answer of solve mode, study sessions and the review deck goes through this queue
// (decisions 041, 054): each is written to the store first and leaves it only once the server has
// recorded it, so an answer made on the subway is never lost, and its client_id makes every further
// send of it a replay the server recognises, so it is never recorded twice. The server's verdict,
// when it arrives (`R`, the record its endpoint answers), is what the screen shows.

/** What became of one send. */
export type SendOutcome<R> =
  | { kind: 'sent'; record: R }
  /** Not sent now (no connection, the server unwell, the session gone): kept for later. */
  | { kind: 'kept' }
  /** The server refused it for good (the problem was removed, the answer is invalid): dropped. */
  | { kind: 'rejected'; message: string; code?: string | undefined };

export type QueueEvent<R> =
  { type: 'sent'; answer: QueuedAnswer; record: R } | { type: 'rejected'; answer: QueuedAnswer; message: string; code?: string | undefined };

/**
 * Kept for later: no connection (status 0), the session gone (401, 403: the answer waits for the
 * member, and a logout clears it), too many requests or a server error. Any other 4xx will not
 * change by sending again.
 */
function isWorthRetrying(error: unknown): boolean {
  if (!isApiRequestError(error)) return true;
  return error.status === 0 || error.status === 401 || error.status === 403 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export function createAnswerQueue<R>(store: AnswerStore, send: (answer: QueuedAnswer) => Promise<R>) {
  const listeners = new Set<(event: QueueEvent<R>) => void>();
  // Answers on their way now: a flush does not send them a second time in parallel.
  const inFlight = new Set<string>();
  // The screens' own sends, which a flush skips: a flush still waits for them to end, so a call
  // made after it (finishing a session, reading its result) reaches the server after the answers
  // (a finished session takes no more answers; decision 071).
  const sending = new Set<Promise<unknown>>();
  let flushing: Promise<number> | null = null;

  const emit = (event: QueueEvent<R>) => {
    for (const listener of listeners) listener(event);
  };

  async function sendOne(answer: QueuedAnswer): Promise<SendOutcome<R>> {
    inFlight.add(answer.client_id);
    try {
      const record = await send(answer);
      await store.remove(answer.client_id);
      notifyOfflineData();
      emit({ type: 'sent', answer, record });
      return { kind: 'sent', record };
    } catch (error) {
      if (isWorthRetrying(error)) return { kind: 'kept' };
      const message = error instanceof Error ? error.message : String(error);
      // The code lets a screen tell a refusal it can show (문항 무효: decision 079) from the rest.
      const code = isApiRequestError(error) ? error.code : undefined;
      await store.remove(answer.client_id);
      notifyOfflineData();
      emit({ type: 'rejected', answer, message, code });
      return { kind: 'rejected', message, code };
    } finally {
      inFlight.delete(answer.client_id);
    }
  }

  /** The member's waiting answers (those `match` picks), oldest first. */
  const pending = (memberCode: number, match?: (answer: QueuedAnswer) => boolean) => waitingAnswers(store, memberCode, match);

  async function flushOnce(memberCode: number): Promise<number> {
    let sent = 0;
    for (const answer of await pending(memberCode)) {
      if (inFlight.has(answer.client_id)) continue;
      const outcome = await sendOne(answer);
      // Still offline or the server unwell: the rest would fail alike; the next flush goes on.
      if (outcome.kind === 'kept') break;
      if (outcome.kind === 'sent') sent++;
    }
    return sent;
  }

  async function keepAndSend(answer: QueuedAnswer): Promise<SendOutcome<R>> {
    // On its way from the moment a flush can see it in the store: a flush running meanwhile (the
    // sync's start, its retry) would otherwise send it beside this send, and the screen would
    // hear of it twice, the second time as refused.
    inFlight.add(answer.client_id);
    try {
      await store.put(answer);
    } catch (error) {
      inFlight.delete(answer.client_id);
      throw error;
    }
    notifyOfflineData();
    return sendOne(answer);
  }

  return {
    /** Keeps the answer, then tries to send it at once. */
    submit(answer: QueuedAnswer): Promise<SendOutcome<R>> {
      const submitted = keepAndSend(answer);
      sending.add(submitted);
      const ended = () => void sending.delete(submitted);
      submitted.then(ended, ended);
      return submitted;
    },
    /**
     * Changes an answer still waiting (a review's rating given offline goes with it); false when it
     * is gone or on its way now (the caller then sends the change itself, once the record arrives).
     */
    async amend(clientId: string, change: (answer: QueuedAnswer) => QueuedAnswer): Promise<boolean> {
      if (inFlight.has(clientId)) return false;
      const waiting = (await store.all()).find((a) => a.client_id === clientId);
      if (!waiting) return false;
      await store.put(change(waiting));
      return true;
    },
    /**
     * Sends the member's waiting answers in the order they were made; one flush at a time. Resolves
     * to how many were sent, once the answers a screen is sending meanwhile have ended too.
     */
    async flush(memberCode: number): Promise<number> {
      flushing ??= flushOnce(memberCode).finally(() => {
        flushing = null;
      });
      const sent = await flushing;
      await Promise.allSettled([...sending]);
      return sent;
    },
    pending,
    subscribe(listener: (event: QueueEvent<R>) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A random id for an answer; randomUUID needs a secure context, which localhost and https are. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
