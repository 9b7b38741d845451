import { Counter, Gauge, Registry } from 'prom-client';
import type { AppContext } from '../core/context';
import { poolStateOf } from '../core/db';

// The metrics read from one app's own parts at scrape time (decision 160): nothing is counted
// twice on the request path, the caches already keep their counts.

export function appRegistry(ctx: AppContext): Registry {
  const registry = new Registry();
  const registers = [registry];

  new Counter({
    name: 'qbank_response_cache_requests_total',
    help: 'Cached reads by cache (content: public reads; lineage: the 출제 이력 reads; member: a member’s own aggregates) and result (hit; miss: computed; shared: waited for another request’s computation).',
    labelNames: ['cache', 'result'] as const,
    registers,
    collect() {
      this.reset();
      for (const [cache, stats] of [
        ['content', ctx.contentCache.stats],
        ['lineage', ctx.lineageCache.stats],
        ['member', ctx.memberCache.stats],
      ] as const) {
        this.inc({ cache, result: 'hit' }, stats.hits);
        this.inc({ cache, result: 'miss' }, stats.misses);
        this.inc({ cache, result: 'shared' }, stats.shared);
      }
    },
  });

  if (ctx.dialect === 'postgres') {
    new Gauge({
      name: 'qbank_db_pool_connections',
      help: 'PostgreSQL pool connections by state (busy, idle) and the pool’s maximum (max).',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const state = poolStateOf(ctx.db);
        if (!state) return;
        this.set({ state: 'busy' }, state.total - state.idle);
        this.set({ state: 'idle' }, state.idle);
        this.set({ state: 'max' }, state.max);
      },
    });
    new Gauge({
      name: 'qbank_db_pool_waiting',
      help: 'Queries waiting for a free PostgreSQL connection (above 0 for long: the pool or the database is the limit).',
      registers,
      collect() {
        this.set(poolStateOf(ctx.db)?.waiting ?? 0);
      },
    });
  }

  new Gauge({
    name: 'qbank_redis_fallback',
    help: 'REDIS_URL is set but Redis is not usable now: limits and lockouts count per process (1), or Redis is in use or not configured (0).',
    registers,
    collect() {
      this.set(ctx.redis && ctx.redis.client.status !== 'ready' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'qbank_redis_configured',
    help: 'Whether REDIS_URL is set (1) or every count is per process by configuration (0).',
    registers,
    collect() {
      this.set(ctx.redis ? 1 : 0);
    },
  });
  new Gauge({
    name: 'qbank_draining',
    help: 'The process got SIGTERM and drains: /readyz answers 503 until it stops (1).',
    registers,
    collect() {
      this.set(ctx.health.draining ? 1 : 0);
    },
  });
  return registry;
}
