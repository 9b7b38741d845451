// A viewer page shows up to 100 problem cards, and several parts of each card (its note, its
// dispute badge, its bookmark star) ask the server about that one problem. Asked within the same
// tick, the questions go out as one call per part (`?problem_uids=…`), in chunks of `max`.

type Waiting<T> = { resolve: (value: T | null) => void; reject: (error: unknown) => void };

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
        setTimeout(() => void flush(), 0);
      }
    });
  };
}
