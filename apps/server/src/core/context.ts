import type { Config } from '../env';
import type { Db, Dialect } from './db';
import type { FileStore } from './file-store';
import type { Health } from './health';
import type { MemberCache } from '../read-caches/member-cache';
import type { ResponseCache } from '../read-caches/response-cache';
import type { SharedRedis } from './shared-redis';

// What every route needs from the app, decorated once onto the Fastify instance.
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  /** Where uploads live: DATA_DIR or the S3 bucket (see storage/). */
  storage: FileStore;
  /** Shared limit counters (REDIS_URL); null keeps every count in the process. */
  redis: SharedRedis | null;
  /** Serialized public content reads, checked against the content version (migration 070). */
  contentCache: ResponseCache;
  /** Serialized 출제 이력 reads, checked against the content and lineage versions (decision 211). */
  lineageCache: ResponseCache;
  /** Serialized answers of a member's own aggregate reads, checked against the content and member activity versions. */
  memberCache: MemberCache;
  /** Draining after SIGTERM and the store's last check: what /readyz reports besides the database. */
  health: Health;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
