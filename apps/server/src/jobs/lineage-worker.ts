import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../core/db';
import { FingerprintCache } from '../lineage/detect';
import { noteDrainFinished } from '../lineage/lead-queue';
import { detectQueued, hasQueuedWork, lineageStatisticsKeeper, releaseLease } from '../lineage/service';
import { tryTakeLease } from './repository';
import { countJobRun } from '../metrics/registry';

// The lineage queue's worker (decision 130). Triggers on problems queue every saved, imported,
// re-keyed or deleted problem (migration 2026-11-28-080), and the migration queues the whole
// bank once; one process at a time (the lease) drains it in uid order, a batch per tick, each
// problem in its own transaction (lineage/service.ts). A problem saved again while it was
// detected keeps its place in the queue.

export const LINEAGE_LEASE = 'lineage-queue';
const LEASE_MS = 60_000;
const TICK_MS = 2_000;
const BATCH = 200;

/** Detects up to `limit` queued problems if this process holds the lease; returns how many it did. */
export async function drainLineageQueue(db: Db, owner: string, cache: FingerprintCache, limit = BATCH): Promise<number> {
  // Taking the lease is a write (a WAL commit every tick on SQLite, in every process on
  // PostgreSQL); with nothing queued there is nothing to guard.
  if (!(await hasQueuedWork(db))) return 0;
  if (!(await tryTakeLease(db, LINEAGE_LEASE, owner, LEASE_MS))) return 0;
  return detectQueued(db, cache, limit);
}

/** Drains until the queue is empty (tests, the whole-bank run from a script). */
export async function drainAll(db: Db, owner = `drain:${process.pid}`, cache = new FingerprintCache()): Promise<number> {
  let total = 0;
  const keepStatistics = lineageStatisticsKeeper(db);
  for (let done = await drainLineageQueue(db, owner, cache); done > 0; done = await drainLineageQueue(db, owner, cache)) {
    total += done;
    await keepStatistics(total);
  }
  if (total > 0) await noteDrainFinished(db);
  await releaseLease(db, LINEAGE_LEASE, owner);
  return total;
}

/** Starts the worker's timer; the returned function stops it. A tick never overlaps the previous one. */
export function startLineageWorker(db: Db, log: FastifyBaseLogger): () => void {
  const owner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const cache = new FingerprintCache();
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      let detected = 0;
      const keepStatistics = lineageStatisticsKeeper(db);
      for (let done = BATCH; !stopped && done === BATCH; detected += done) {
        done = await drainLineageQueue(db, owner, cache);
        await keepStatistics(detected + done);
      }
      // Drains that detected something and left the queue empty finish a run (the lead's screen shows when).
      if (detected > 0) await noteDrainFinished(db);
      countJobRun(LINEAGE_LEASE, 'ok');
    } catch (error) {
      countJobRun(LINEAGE_LEASE, 'failed');
      log.error({ err: error }, 'lineage detection failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
