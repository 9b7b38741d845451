// `npm test`: the linter (layering, cycles, hooks, promises), unit and API tests (vitest; PostgreSQL too when TEST_DATABASE_URL is set), then
// the browser e2e suite against the built app. Ends with one summary line, "N passed, N failed, N skipped".
// REQUIRE_POSTGRES=1 / REQUIRE_E2E=1 (set by .ci/run) turn a missing database or browser into a failure.
//
// Lint and the production build run beside vitest: the API tests mostly wait on the databases, so
// the build's CPU work fits in between, and the e2e suite (which needs the build) starts sooner.
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
let ok = true;

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
const [lintOk, vitestOk, buildOk] = await Promise.all([
  run('npx', ['eslint', '.'], { quiet: true }),
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${outputDir}/vitest.json`]),
  e2eAvailable ? run('npm', ['run', 'build'], { quiet: true }) : Promise.resolve(true),
]);
console.log(`\nlint, unit/API tests and build took ${Math.round((Date.now() - started) / 1000)} s`);
if (!lintOk) {
  console.error('Lint failed (see its output above).');
  totals.failed += 1;
}
ok = lintOk && vitestOk && buildOk && ok;
const vitest = readJson(`${outputDir}/vitest.json`);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests + (vitest.numFailedTestSuites > 0 && vitest.numFailedTests === 0 ? 1 : 0);
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
} else {
  totals.failed += 1;
}

if (e2eAvailable && buildOk) {
  ok = (await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { env: { CHROMIUM_PATH: chromiumPath } })) && ok;
  const e2e = readJson(`${outputDir}/e2e.json`);
  if (e2e?.stats) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
  } else {
    totals.failed += 1;
  }
} else if (e2eAvailable) {
  console.error('The build failed, so the e2e suite did not run.');
  totals.failed += 1;
} else if (requireE2e) {
  console.error(`REQUIRE_E2E=1 but Chromium is not at ${chromiumPath} (apt-get install chromium).`);
  ok = false;
  totals.failed += 1;
} else {
  console.warn(`\nE2E SKIPPED: Chromium not found at ${chromiumPath}. Install it with: apt-get install -y chromium`);
}

if (totals.failed > 0) ok = false;
console.log(`\nTotal time ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`\nqbank: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
