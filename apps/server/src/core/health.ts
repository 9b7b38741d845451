/**
 * What /readyz reports besides the database (core/readiness.ts, docs/decisions/133).
 *
 * `draining`: a SIGTERMed process drains (ops/shutdown.ts): it keeps serving, but /readyz answers
 * 503 so that the proxy's health check sends the next requests elsewhere before the listener
 * closes (docs/decisions/074). /healthz stays 200: the process is alive and still answering.
 *
 * The store's check is remembered for `storageCacheMs`, so a health checker polling every second
 * from several proxies costs the bucket one HeadBucket per few seconds, and concurrent polls share
 * one check in flight.
 */
export class Health {
  draining = false;
  storageCacheMs = 5_000;
  private storageCheck: { at: number; outcome: Promise<boolean> } | null = null;

  /** Whether the store answered its check (a hung S3 bucket fails at its S3_TIMEOUT_MS deadline). */
  storageReachable(check: () => Promise<void>, onFailure: (error: unknown) => void): Promise<boolean> {
    const now = Date.now();
    if (this.storageCheck && now - this.storageCheck.at < this.storageCacheMs) return this.storageCheck.outcome;
    const outcome = check().then(
      () => true,
      (error: unknown) => {
        onFailure(error);
        return false;
      },
    );
    this.storageCheck = { at: now, outcome };
    return outcome;
  }
}
