// `npm run lineage:run -- [--all] [--json]`: the whole-bank lineage run from a shell, on the
// database of DATA_DIR / DATABASE_URL (env.ts), with no server running it alongside. It detects
// every queued problem (with --all, every problem in the bank, as a lead's 전체 다시 감지 does;
// leads' decisions stay) and prints how long it took and the process's peak memory. The bench runs
// it after seed:large so the load scenarios do not share the cores with a queue of 100,000
// problems, and reports its time as the whole-bank run (docs/performance.md).
import { parseArgs } from 'node:util';
import { openDatabase } from '../core/db';
import { migrateToLatest } from '../db/migrate';
import { loadConfig } from '../env';
import { hasQueuedWork, queueWholeBank } from '../lineage/service';
import { drainAll } from './lineage-worker';

const lineageRunLeaseHeld =
  'lineage:run: problems are queued but another process holds the lineage queue (a running server drains it; a stopped run frees it within a minute).';
const usage = 'usage: [DATA_DIR=… | DATABASE_URL=…] npm run lineage:run -- [--all] [--json]';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { all: { type: 'boolean' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(usage);
    return;
  }
  const config = loadConfig();
  const { db, dialect } = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 250);
  try {
    await migrateToLatest(db);
    if (values.all) await queueWholeBank({ db });
    const started = performance.now();
    const problems = await drainAll(db);
    const result = {
      dialect,
      problems,
      ms: Math.round(performance.now() - started),
      rss_peak_mb: Math.round(Math.max(peakRss, process.memoryUsage.rss()) / 2 ** 20),
    };
    // drainAll detects nothing while another process holds the queue's lease (a server's worker,
    // or a run stopped less than a minute ago): say so rather than report an empty run.
    if (problems === 0 && (await hasQueuedWork(db))) console.error(lineageRunLeaseHeld);
    console.log(
      values.json
        ? JSON.stringify(result)
        : `lineage run (${dialect}): ${result.problems} problems detected in ${(result.ms / 1000).toFixed(1)} s, peak RSS ${result.rss_peak_mb} MB`,
    );
  } finally {
    clearInterval(sampler);
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`lineage:run failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
