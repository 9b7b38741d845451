// A viewer page shows up to 100 problem cards, and several parts of each card (its note, its
// dispute badge, its bookmark star) ask the server about that one problem. Asked within the same
// tick, the questions go out as one call per part (`?problem_uids=…`), in chunks of `max`.

type Waiting<T> = { resolve: (value: T | null) => void; reject: (error: unknown) => void };

// While a list asks for a chunk's parts over several tasks (problems/use-card-data-prefetch.ts),
// every batcher's call waits: the cards drawn in the commit ask for their own problem first, and
// their call would otherwise leave before the chunk's. A call due during a hold goes once the
// last hold ends.
let holds = 0;
const heldCalls = new Set<() => void>();

function callSoon(call: () => void): void {
  setTimeout(function attempt() {
    if (holds > 0) heldCalls.add(attempt);
    else call();
  }, 0);
}

/**
 * Holds the calls of every batcher until the returned function is called (once is enough), or for
 * `maxMs` at most: a hold nobody ends must not keep a page's notes away for good. Generous, as a
 * hold's tasks can wait behind a long render on a slow phone or in a background tab, whose timers
 * run about once a second; ended early, a part only goes out as two calls.
 */
export function holdUidBatches(maxMs = 5000): () => void {
  holds += 1;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    holds -= 1;
    if (holds > 0) return;
    const calls = [...heldCalls];
    heldCalls.clear();
    for (const call of calls) setTimeout(call, 0);
  };
  const timer = setTimeout(end, maxMs);
  return end;
}

/**
 * `load(uid)` answers for one problem; the loads of one tick share `fetchChunk` calls, which answer
 * with what they know by uid (a missing uid answers null).
 */
export function createUidBatcher<T>(max: number, fetchChunk: (uids: number[]) => Promise<Map<number, T>>) {
  let pending = new Map<number, Array<Waiting<T>>>();
  let scheduled = false;

  async function flush() {
    scheduled = false;
    const batch = pending;
    pending = new Map();
    const uids = [...batch.keys()];
    for (let i = 0; i < uids.length; i += max) {
      const chunk = uids.slice(i, i + max);
      try {
        const found = await fetchChunk(chunk);
        for (const uid of chunk) for (const waiting of batch.get(uid) ?? []) waiting.resolve(found.get(uid) ?? null);
      } catch (error) {
        for (const uid of chunk) for (const waiting of batch.get(uid) ?? []) waiting.reject(error);
      }
    }
  }

  return function load(uid: number): Promise<T | null> {
    return new Promise((resolve, reject) => {
      pending.set(uid, [...(pending.get(uid) ?? []), { resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        callSoon(() => void flush());
      }
    });
  };
}
