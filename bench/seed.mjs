// The large data set for the bench: `npm run seed:large` into a temp SQLite DATA_DIR or a fresh
// PostgreSQL database, or a copy of one seeded before (writes in the bench change the data, so
// the original is never benchmarked in place).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { log } from './util.mjs';

// The name seed:large's own runs use next to the database (e.g. /tmp/qbank-large-sqlite/summary.json).
export const SUMMARY_FILE = 'summary.json';

export function readSummary(file) {
  if (!existsSync(file)) throw new Error(`seed summary not found: ${file} (pass --summary FILE)`);
  const summary = JSON.parse(readFileSync(file, 'utf8'));
  for (const key of ['password', 'accounts', 'students', 'exam120', 'classWithProblems', 'searchTerms', 'problemIds', 'studentBoxId']) {
    if (summary[key] === undefined) throw new Error(`seed summary ${file} has no "${key}"`);
  }
  return summary;
}

/** Runs `npm run seed:large -- <args>`; returns its wall time in ms. */
export function runSeed(args, env) {
  log(`seeding: npm run seed:large -- ${args.join(' ')}`);
  const started = performance.now();
  // The seed's own output goes to stderr with the progress lines; stdout keeps only the table.
  const result = spawnSync('npm', ['run', '--silent', 'seed:large', '--', ...args], { stdio: ['ignore', process.stderr, 'inherit'], env });
  if (result.status !== 0) throw new Error(`seed:large failed with exit code ${result.status}`);
  return Math.round(performance.now() - started);
}

/**
 * The whole-bank lineage run (`npm run lineage:run`) on a seeded database: seed:large queues every
 * problem, and a server left to drain 100,000 of them would do it during the load scenarios.
 * Returns the run's JSON line: {problems, ms, rss_peak_mb}.
 */
export function runLineage(env) {
  log('lineage: detecting every queued problem (npm run lineage:run)');
  const result = spawnSync('npm', ['run', '--silent', 'lineage:run', '--', '--json'], { stdio: ['ignore', 'pipe', 'inherit'], env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`lineage:run failed with exit code ${result.status}`);
  const line = JSON.parse(result.stdout.trim().split('\n').at(-1));
  log(`lineage: ${line.problems} problems in ${(line.ms / 1000).toFixed(1)} s, peak RSS ${line.rss_peak_mb} MB`);
  return line;
}

export function copyDataDir(from, to) {
  log(`copying ${from} to ${to} (the bench writes to it)`);
  cpSync(from, to, { recursive: true });
}

/** `psql` as the URL's user against the server's maintenance database. */
function psql(serverUrl, sql) {
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const result = spawnSync('psql', [admin.toString(), '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed: ${sql}\n${result.stderr}`);
  return result.stdout.trim();
}

export function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

/** Drops and creates `name`, empty or as a copy of `template` (which must have no sessions). */
export function createDatabase(serverUrl, name, template) {
  psql(serverUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  psql(serverUrl, `CREATE DATABASE ${quoteIdent(name)}${template ? ` TEMPLATE ${quoteIdent(template)}` : ''}`);
  return databaseUrl(serverUrl, name);
}

export function dropDatabase(serverUrl, name) {
  psql(serverUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
}

export function databaseSize(serverUrl, name) {
  return Number(psql(serverUrl, `SELECT pg_database_size('${name.replaceAll("'", "''")}')`));
}

/** Queries running in `name` other than this check's own: the PostgreSQL half of "idle". */
export function activeQueries(serverUrl, name) {
  return Number(
    psql(serverUrl, `SELECT count(*) FROM pg_stat_activity WHERE datname = '${name.replaceAll("'", "''")}' AND state = 'active' AND pid <> pg_backend_pid()`),
  );
}
