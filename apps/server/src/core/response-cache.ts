import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from './db';

// Serialized responses of the public content reads (exam and subject lists, exam headers, an
// exam's problem pages, set headers), kept per URL together with the content version they were
// made at (migration 070: triggers bump it on every write to the tables those reads use). Each
// request reads the version first — one primary-key lookup — and a stored body made at that
// version is sent as it is; otherwise the route's own query runs and its output replaces the
// entry. The version is read before the data, so a body can only be newer than its version,
// never older: a write on any process, by any code path, is seen by the next request everywhere.
const MAX_BYTES = 64 * 1024 * 1024;
const JSON_TYPE = 'application/json; charset=utf-8';

export class ResponseCache {
  private readonly entries = new LRUCache<string, { version: string; body: string }>({
    maxSize: MAX_BYTES,
    sizeCalculation: (entry, key) => entry.body.length * 2 + key.length * 2 + 64,
  });

  /** Answers sent from the cache and answers computed, since the start (for tests and profiling). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly db: Db) {}

  async version(): Promise<string> {
    // The sum of the version rows (several on PostgreSQL, see migration 070): every committed
    // write raises it, so equal sums mean no write in between.
    const row = await this.db
      .selectFrom('content_versions')
      .select((eb) => eb.fn.sum<number | string>('version').as('version'))
      .executeTakeFirst();
    return String(row?.version ?? 'none');
  }

  /**
   * Answers from the cache when the stored body is current, else from `compute`, serialized by
   * the route's response schema exactly as an uncached answer would be. Errors are not cached.
   */
  async reply(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>): Promise<FastifyReply> {
    const key = request.url;
    const version = await this.version();
    const entry = this.entries.get(key);
    // A request that asks for no stored answer (Cache-Control: no-cache: a browser's hard reload,
    // the bench timing the query itself) gets a fresh one, which also replaces the entry. It opens
    // nothing new: any client can already miss the cache with a URL nobody asked for before.
    const fresh = /\bno-cache\b/i.test(request.headers['cache-control'] ?? '');
    if (entry?.version === version && !fresh) {
      this.stats.hits += 1;
      return reply.type(JSON_TYPE).send(entry.body);
    }
    this.stats.misses += 1;
    const serialized = reply.serialize(await compute());
    const body = typeof serialized === 'string' ? serialized : Buffer.from(serialized as Uint8Array).toString('utf8');
    this.entries.set(key, { version, body });
    return reply.type(JSON_TYPE).send(body);
  }

  clear(): void {
    this.entries.clear();
  }
}
