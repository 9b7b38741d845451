import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath, chromiumArgs, E2E_BASE_URL, E2E_PORT } from './support/browser';
import { E2E_SMTP_URL } from './support/mail';

// The built app (npm run build) on a fresh SQLite database with the demo data, on a port of its own.
const dataDir = mkdtempSync(path.join(tmpdir(), 'qbank-e2e-'));
const repoRoot = path.resolve(import.meta.dirname, '..');
// Mail the server sends goes to the SMTP server of support/global-setup.ts, which writes each
// message here. The config is evaluated again in every worker: the first evaluation (the main
// process) picks the directory and the workers inherit it through the environment.
process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(tmpdir(), 'qbank-e2e-mail-'));

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // scripts/test.mjs runs the suite as shards side by side, each on its own E2E_PORT with its own
  // server and demo database: each keeps its own traces and its own report.
  outputDir: process.env.E2E_SHARD_OUTPUT ?? '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The suite runs beside vitest (scripts/test.mjs) on a shared 2-core machine. CI's machine has run
  // the whole suite at 2.2× this one's time (24 min against 11), with flows of 30 s here taking over
  // a minute there; the cap is there to stop hangs, not to time the app.
  timeout: 180_000,
  // An assertion's wait is a hang stop as well: the first screens of a run load their chunks while
  // lint, vitest and the build hold both cores, and a heading has taken over 10 s to appear there.
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT ?? '../.test-output/e2e.json' }]],
  use: {
    // A click, a wait for a response or a navigation that never happens is stopped here, well
    // inside the test's own cap, so a failure names the step that hung (with no cap of its own it
    // ran into the test's timeout, and the report named the clean-up that ran after it).
    actionTimeout: 90_000,
    navigationTimeout: 90_000,
    baseURL: E2E_BASE_URL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /mobile\.spec/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, testMatch: /mobile\.spec/ },
  ],
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: repoRoot,
    url: `${E2E_BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      PASSWORD_HASH_COST: 'low',
      PUBLIC_URL: E2E_BASE_URL,
      SMTP_URL: E2E_SMTP_URL,
      LOG_LEVEL: 'warn',
      // Parallel runs (several engineers on one machine) can each serve their own web build.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
