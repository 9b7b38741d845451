import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { SharedRedis } from '../core/shared-redis';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
type RateLimitStore = FastifyRateLimitStore & { read?: FastifyRateLimitStore['incr'] };

const KEY_PREFIX = 'qbank:rate:';

/**
 * @fastify/rate-limit's Redis store (every process counts into the same keys), with its local
 * store beside it: while Redis is away — not connected, or a command fails — a route's limit
 * counts in the process instead, and the request is served. The plugin's own `skipOnError`
 * would drop the limit altogether; a per-process count still stops a flood on each process.
 */
export function sharedRateLimitStore(shared: SharedRedis) {
  class SharedRateLimitStore implements RateLimitStore {
    private readonly redis: RateLimitStore;
    private readonly local: RateLimitStore;

    constructor(
      options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean },
      stores?: { redis: RateLimitStore; local: RateLimitStore },
    ) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      this.redis = stores?.redis ?? new RedisStore(continueExceeding, exponentialBackoff, shared.client, KEY_PREFIX);
      this.local = stores?.local ?? new LocalStore(continueExceeding, exponentialBackoff);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      if (!shared.usable()) {
        this.local.incr(key, callback, timeWindow, max);
        return;
      }
      // Counted here too, so the fallback starts from this process's share rather than zero.
      this.local.incr(key, () => undefined, timeWindow, max);
      this.redis.incr(
        key,
        (error, result) => {
          if (!error && result) {
            callback(null, result);
            return;
          }
          shared.failed(error);
          if (this.local.read) this.local.read(key, callback, timeWindow, max);
          else this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteOptions): RateLimitStore {
      return new SharedRateLimitStore(routeOptions, { redis: this.redis.child(routeOptions), local: this.local.child(routeOptions) });
    }
  }
  return SharedRateLimitStore;
}
