// Failed logins per identifier (DESIGN.md §5: strict per id, generous per address). In memory:
// one process keeps its own counts, which is enough to stop guessing against one account.
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; since: number }>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private key(identifier: string): string {
    return identifier.trim().toLowerCase();
  }

  isLocked(identifier: string): boolean {
    const entry = this.failures.get(this.key(identifier));
    if (!entry) return false;
    if (this.now() - entry.since > this.windowMs) {
      this.failures.delete(this.key(identifier));
      return false;
    }
    return entry.count >= this.maxFailures;
  }

  recordFailure(identifier: string): void {
    const key = this.key(identifier);
    const entry = this.failures.get(key);
    if (!entry || this.now() - entry.since > this.windowMs) {
      this.failures.set(key, { count: 1, since: this.now() });
    } else {
      entry.count += 1;
    }
    if (this.failures.size > 100_000) this.prune();
  }

  reset(identifier: string): void {
    this.failures.delete(this.key(identifier));
  }

  private prune(): void {
    const now = this.now();
    for (const [key, entry] of this.failures) {
      if (now - entry.since > this.windowMs) this.failures.delete(key);
    }
  }
}
