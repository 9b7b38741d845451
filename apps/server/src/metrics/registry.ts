import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FileStore } from '../core/file-store';

// What one process measures about itself (decision 160), for GET /metrics. These are per process:
// with N processes behind a proxy Prometheus scrapes each one (docs/deploy.md) and sums. The
// metrics that read an app's own parts (caches, pool, Redis) are in ./collectors.ts.

export const processRegistry = new Registry();

let defaultsStarted = false;

/**
 * Node's own metrics under their usual names (process_resident_memory_bytes,
 * nodejs_heap_size_used_bytes, nodejs_eventloop_lag_seconds and its percentiles, GC, handles),
 * which the dashboards people already know read. Started once per process, on the first app
 * that serves /metrics: its event-loop monitor costs nothing until then.
 */
export function startDefaultMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
}

// Buckets from 5 ms (a cached read) to 10 s (an import, a .docx export); the SLO lines of
// docs/performance.md (p95 under 200 ms for the reads) fall between two buckets.
export const httpDuration = new Histogram({
  name: 'qbank_http_request_duration_seconds',
  help: 'Time from the request to the end of its answer, by route pattern, method and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.4, 0.8, 1.5, 3, 10],
  registers: [processRegistry],
});

export const httpInFlight = new Gauge({
  name: 'qbank_http_requests_in_flight',
  help: 'Requests received and not yet answered.',
  registers: [processRegistry],
});

export const jobRuns = new Counter({
  name: 'qbank_job_runs_total',
  help: 'Runs of background jobs by this process (scheduled jobs it took the lease for, the lineage worker), by outcome.',
  labelNames: ['job', 'outcome'] as const,
  registers: [processRegistry],
});

export const uploadBytes = new Counter({
  name: 'qbank_upload_bytes_total',
  help: 'Bytes written to the file store (pictures, attachments), by folder.',
  labelNames: ['folder'] as const,
  registers: [processRegistry],
});

export const uploadFiles = new Counter({
  name: 'qbank_upload_files_total',
  help: 'Files written to the file store, by folder.',
  labelNames: ['folder'] as const,
  registers: [processRegistry],
});

/** A job's run, counted whether it did work or failed (`failed` is what an alert watches). */
export function countJobRun(job: string, outcome: 'ok' | 'failed'): void {
  jobRuns.inc({ job, outcome });
}

/** The store, counting what is written through it; every other call goes to the store as it is. */
export function countingStore(store: FileStore): FileStore {
  return {
    kind: store.kind,
    async put(key, bytes, options) {
      await store.put(key, bytes, options);
      const folder = key.slice(0, key.indexOf('/'));
      uploadBytes.inc({ folder }, bytes.length);
      uploadFiles.inc({ folder });
    },
    open: (key) => store.open(key),
    read: (key) => store.read(key),
    size: (key) => store.size(key),
    remove: (key) => store.remove(key),
    list: (folder) => store.list(folder),
    check: () => store.check(),
    close: () => store.close(),
  };
}
