import type { SharedRedis } from '../core/shared-redis';

// Failed attempts per identifier (decisions 008, 124: strict per id, generous per address). With
// REDIS_URL the count is shared by every process (key qbank:<scope>:<id>, expiring with the
// window), so failures spread over processes still lock the id everywhere. The process always
// keeps its own count as well: it answers while Redis is away (the fallback is per process, as
// before there was a Redis) and costs a map lookup.
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; since: number }>();
  private readonly now: () => number;
  private readonly shared: SharedRedis | null;
  private readonly scope: string;

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    options: { now?: () => number; shared?: SharedRedis | null; scope?: string } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.shared = options.shared ?? null;
    this.scope = options.scope ?? 'login';
  }

  private key(identifier: string): string {
    return identifier.trim().toLowerCase();
  }

  private sharedKey(identifier: string): string {
    return `qbank:${this.scope}:${this.key(identifier)}`;
  }

  async isLocked(identifier: string): Promise<boolean> {
    if (this.shared?.usable()) {
      try {
        const count = Number((await this.shared.client.get(this.sharedKey(identifier))) ?? 0);
        return count >= this.maxFailures;
      } catch (error) {
        this.shared.failed(error);
      }
    }
    return this.isLockedHere(identifier);
  }

  /** Counts a failure; true when this one locks the identifier (the count reached the limit now). */
  async recordFailure(identifier: string): Promise<boolean> {
    const here = this.recordHere(identifier);
    if (!this.shared?.usable()) return here === this.maxFailures;
    const key = this.sharedKey(identifier);
    try {
      // The window starts with the first failure: SET NX gives the key its expiry, INCR keeps it.
      const results = await this.shared.client.multi().set(key, 0, 'PX', this.windowMs, 'NX').incr(key).exec();
      return Number(results?.[1]?.[1]) === this.maxFailures;
    } catch (error) {
      this.shared.failed(error);
      return here === this.maxFailures;
    }
  }

  async reset(identifier: string): Promise<void> {
    this.failures.delete(this.key(identifier));
    if (!this.shared?.usable()) return;
    try {
      await this.shared.client.del(this.sharedKey(identifier));
    } catch (error) {
      this.shared.failed(error);
    }
  }

  private isLockedHere(identifier: string): boolean {
    const entry = this.failures.get(this.key(identifier));
    if (!entry) return false;
    if (this.now() - entry.since > this.windowMs) {
      this.failures.delete(this.key(identifier));
      return false;
    }
    return entry.count >= this.maxFailures;
  }

  private recordHere(identifier: string): number {
    const key = this.key(identifier);
    let entry = this.failures.get(key);
    if (!entry || this.now() - entry.since > this.windowMs) {
      entry = { count: 1, since: this.now() };
      this.failures.set(key, entry);
    } else {
      entry.count += 1;
    }
    if (this.failures.size > 100_000) this.prune();
    return entry.count;
  }

  /** The window a lock lasts, for the lockout's audit entry. */
  get windowMinutes(): number {
    return Math.round(this.windowMs / 60_000);
  }

  private prune(): void {
    const now = this.now();
    for (const [key, entry] of this.failures) {
      if (now - entry.since > this.windowMs) this.failures.delete(key);
    }
  }
}
