// `npm test`: the linter (layering, cycles, hooks, promises), unit and API tests (vitest; PostgreSQL too when TEST_DATABASE_URL is set), then
// the browser e2e suite against the built app. Ends with one summary line, "N passed, N failed, N skipped".
// REQUIRE_POSTGRES=1 / REQUIRE_E2E=1 (set by .ci/run) turn a missing database or browser into a failure.
//
// Everything runs at once as soon as it can: lint, vitest and the production build start together,
// and the e2e suite starts the moment the build is done, beside vitest rather than after it. The
// API tests mostly wait (on the database, on the other processes), so the build's and the
// browser's CPU work fits in between (decision 057). Vitest prints as it goes; the other runs keep
// their output and print it whole when they end, so the outputs do not interleave.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const outputDir = '.test-output';
rmSync(outputDir, { recursive: true, force: true });
mkdirSync(outputDir, { recursive: true });

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const requireE2e = process.env.REQUIRE_E2E === '1';
const requirePostgres = process.env.REQUIRE_POSTGRES === '1';
const e2eAvailable = existsSync(chromiumPath);
const totals = { passed: 0, failed: 0, skipped: 0 };
// The e2e suite is the long pole of a run (docs/performance.md, CI time): two shards side by side
// use the second core once vitest is done. E2E_SHARDS=1 runs it as one.
const e2eShards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));

/** Runs a command; with `quiet` its output is kept and printed once it ends, so parallel runs do not interleave. */
function run(command, args, { env = {}, quiet = false } = {}) {
  const label = `$ ${command} ${args.join(' ')}`;
  if (!quiet) console.log(`\n${label}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => {
      if (quiet) console.log(`\n${label}\n${output.trimEnd()}\n(exit ${status})`);
      resolve(status === 0);
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (requirePostgres && !process.env.TEST_DATABASE_URL) {
  console.error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set.');
  process.exit(1);
}
if (!process.env.TEST_DATABASE_URL) {
  console.warn('Note: TEST_DATABASE_URL is not set; API tests run on SQLite only.');
}

const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);

/** The build, then the e2e suite on it; resolves to whether both passed (or e2e is skipped). */
async function buildAndE2e() {
  if (!e2eAvailable) {
    if (requireE2e) {
      console.error(`REQUIRE_E2E=1 but Chromium is not at ${chromiumPath} (apt-get install chromium).`);
      totals.failed += 1;
      return false;
    }
    console.warn(`\nE2E SKIPPED: Chromium not found at ${chromiumPath}. Install it with: apt-get install -y chromium`);
    return true;
  }
  if (!(await run('npm', ['run', 'build'], { quiet: true }))) {
    console.error('The build failed, so the e2e suite did not run.');
    totals.failed += 1;
    return false;
  }
  console.log(`\nbuild done at ${seconds()} s; the e2e suite starts in ${e2eShards} shards`);
  const shards = Array.from({ length: e2eShards }, (_, index) => e2eShard(index + 1));
  const e2eOk = (await Promise.all(shards)).every(Boolean);
  console.log(`\ne2e suite done at ${seconds()} s`);
  return e2eOk;
}

/**
 * One shard of the e2e suite: Playwright's own split by spec file, with a server, demo database
 * and mail sink of its own (its own E2E_PORT), so the shards run side by side and the specs of a
 * shard still run one after another on one demo-student, as they are written to.
 */
async function e2eShard(shard) {
  const report = `${outputDir}/e2e-${shard}.json`;
  const ok = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', `--shard=${shard}/${e2eShards}`], {
    env: {
      CHROMIUM_PATH: chromiumPath,
      E2E_PORT: String(3100 + (shard - 1) * 10),
      E2E_JSON_REPORT: `../${report}`,
      E2E_SHARD_OUTPUT: `../test-results/shard-${shard}`,
    },
    quiet: true,
  });
  const e2e = readJson(report);
  if (e2e?.stats) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
  } else {
    totals.failed += 1;
  }
  return ok;
}

async function vitestRun() {
  const vitestOk = await run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${outputDir}/vitest.json`]);
  console.log(`\nunit/API tests done at ${seconds()} s`);
  const vitest = readJson(`${outputDir}/vitest.json`);
  if (vitest) {
    totals.passed += vitest.numPassedTests;
    totals.failed += vitest.numFailedTests + (vitest.numFailedTestSuites > 0 && vitest.numFailedTests === 0 ? 1 : 0);
    totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  } else {
    totals.failed += 1;
  }
  return vitestOk;
}

async function lint() {
  const lintOk = await run('npx', ['eslint', '.'], { quiet: true });
  if (!lintOk) {
    console.error('Lint failed (see its output above).');
    totals.failed += 1;
  }
  return lintOk;
}

const results = await Promise.all([lint(), vitestRun(), buildAndE2e()]);
const ok = results.every(Boolean) && totals.failed === 0;
console.log(`\nTotal time ${seconds()} s`);
console.log(`\nqbank: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
