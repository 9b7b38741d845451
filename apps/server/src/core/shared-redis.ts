import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

// The Redis that makes limits count across processes (REDIS_URL). It is optional twice over:
// unset, every count stays in the process (the one-machine default); set but gone at runtime,
// callers fall back to their own per-process counts, which is logged once as a warning and once
// more when Redis is back — never a failed request. Commands are not queued while Redis is
// away and time out after a second, so a dead or hung Redis costs no request more than that.
export class SharedRedis {
  private away = false;

  private constructor(
    readonly client: Redis,
    private readonly log: FastifyBaseLogger,
  ) {
    client.on('error', () => this.markAway());
    client.on('ready', () => {
      if (!this.away) return;
      this.away = false;
      this.log.warn('Redis is reachable again: limits count across processes again');
    });
  }

  /** Connects and pings once; throws when Redis cannot be reached, so the server does not start. */
  static async connect(url: string, log: FastifyBaseLogger): Promise<SharedRedis> {
    // Loaded only when REDIS_URL is set: the import costs the one-machine start half a second.
    const { Redis } = await import('ioredis');
    const client = new Redis(url, {
      lazyConnect: true,
      connectTimeout: 3_000,
      commandTimeout: 1_000,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Keep trying in the background after a loss, at most every 2 s.
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    const shared = new SharedRedis(client, log);
    try {
      await client.connect();
      await client.ping();
    } catch (error) {
      client.disconnect();
      throw new Error(`Redis at ${withoutPassword(url)} is not reachable: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    return shared;
  }

  /** Whether commands can be sent now; when not, callers use their per-process counts. */
  usable(): boolean {
    if (this.client.status === 'ready') return true;
    this.markAway();
    return false;
  }

  /** A command failed although the connection looked ready (timeout, reset): same fallback. */
  failed(error: unknown): void {
    this.markAway(error);
  }

  private markAway(error?: unknown): void {
    if (this.away) return;
    this.away = true;
    this.log.warn({ err: error }, 'Redis is unreachable: limits fall back to per-process counts until it is back');
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}
