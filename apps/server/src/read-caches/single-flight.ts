/**
 * One computation per key and version at a time. A cached read that misses right after a write
 * (a lead's edit, a member's answer) is asked for by every client at once: without this, each of
 * them ran the same query in parallel (a hundred review-deck syncs queued on each other's rows on
 * PostgreSQL, none answered in 10 s). Callers asking for the same key at the same version while
 * it runs get its result, or its error: nothing is kept once it has settled.
 */
export class SingleFlight<T> {
  private readonly running = new Map<string, { version: string; result: Promise<T> }>();

  /** `join: false` computes anew (a request that asks for no stored answer) and is then the one others join. */
  run(key: string, version: string, compute: () => Promise<T>, join = true): { result: Promise<T>; joined: boolean } {
    const current = this.running.get(key);
    if (join && current?.version === version) return { result: current.result, joined: true };
    const flight = { version, result: compute() };
    this.running.set(key, flight);
    const settled = () => {
      if (this.running.get(key) === flight) this.running.delete(key);
    };
    flight.result.then(settled, settled);
    return { result: flight.result, joined: false };
  }
}
