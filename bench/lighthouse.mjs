// Lighthouse performance and accessibility of a few pages, driving Debian's Chromium (never a
// downloaded browser). Lighthouse's default settings: mobile form factor with simulated
// throttling. Each page runs `runs` times and the run with the median performance score counts,
// as Lighthouse's own variability guide advises.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { round } from './util.mjs';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const METRICS = {
  'first-contentful-paint': 'fcp_ms',
  'largest-contentful-paint': 'lcp_ms',
  'total-blocking-time': 'tbt_ms',
  'speed-index': 'si_ms',
  'cumulative-layout-shift': 'cls',
};

function summarize(lhr) {
  const metrics = {};
  for (const [id, key] of Object.entries(METRICS)) metrics[key] = round(lhr.audits[id]?.numericValue ?? Number.NaN, key === 'cls' ? 3 : 0);
  // The failing performance audits with the most estimated savings: where the score goes.
  const opportunities = Object.values(lhr.audits)
    .filter((audit) => audit.details?.type === 'opportunity' && (audit.score ?? 1) < 0.9)
    .map((audit) => ({ id: audit.id, savings_ms: round(audit.numericValue ?? 0, 0) }))
    .sort((a, b) => b.savings_ms - a.savings_ms)
    .slice(0, 4);
  const failedA11y = lhr.categories.accessibility.auditRefs.filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0).map((ref) => ref.id);
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    final_url: lhr.finalDisplayedUrl,
    ...metrics,
    opportunities,
    failed_accessibility_audits: failedA11y,
    benchmark_index: lhr.environment?.benchmarkIndex,
    // API calls the server refused as signed out: a signed-in page with any was not measured signed in.
    unauthorized_requests: (lhr.audits['network-requests']?.details?.items ?? []).filter((item) => item.statusCode === 401).length,
    runtime_error: lhr.runtimeError?.code,
    runtime_message: lhr.runtimeError?.message,
    warnings: lhr.runWarnings,
  };
}

// The web app asks the server for the session only when this flag says a member signed in
// (apps/web/src/lib/login-session.ts); Lighthouse clears storage before each run, so without it a
// cookie alone shows the login card instead of the page.
const SIGNED_IN_FLAG = "try { localStorage.setItem('qbank.signedIn', '1'); } catch {}";

/**
 * pages: [{ name, url, headers?, signedIn? }]; `signedIn` sets the app's signed-in flag as each
 * document starts (after Lighthouse's storage reset). `extraChromeFlags` are added to
 * CHROMIUM_FLAGS. Returns one summary per page plus every run's scores.
 */
export async function runLighthouse({ pages, chromePath, runs = 3, log, extraChromeFlags = [] }) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROMIUM_FLAGS, ...extraChromeFlags], logLevel: 'silent' });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    const results = [];
    for (const page of pages) {
      const attempts = [];
      const failures = [];
      // A run Lighthouse cannot finish (`NO_NAVSTART`: "something went wrong with recording the
      // trace", now and then on this Chromium, whatever the page) scores 0 and measures nothing: it
      // is kept apart and run again, up to `runs` more times, so the median is of finished runs.
      while (attempts.length < runs && failures.length <= runs) {
        const flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(page.headers ? { extraHeaders: page.headers } : {}),
        };
        // Each run in a browser context of its own: a service worker an earlier page registered
        // would otherwise fetch this page's API calls without Lighthouse's extra headers (the
        // session cookie), and a signed-in page was measured as its login card.
        const context = await browser.createBrowserContext();
        const tab = await context.newPage();
        if (page.signedIn) await tab.evaluateOnNewDocument(SIGNED_IN_FLAG);
        const result = await lighthouse(page.url, flags, undefined, tab).finally(() => context.close());
        if (!result) throw new Error(`lighthouse returned nothing for ${page.url}`);
        const attempt = summarize(result.lhr);
        if (attempt.runtime_error) failures.push(`${attempt.runtime_error}: ${attempt.runtime_message ?? ''}`);
        else if (page.signedIn && attempt.unauthorized_requests > 0) failures.push(`signed out: ${attempt.unauthorized_requests} API call(s) answered 401`);
        else attempts.push(attempt);
      }
      if (attempts.length === 0) throw new Error(`lighthouse finished no run of ${page.url}: ${failures.join('; ')}`);
      attempts.sort((a, b) => a.performance - b.performance);
      const chosen = attempts[Math.floor(attempts.length / 2)];
      log?.(
        `lighthouse ${page.name}: performance ${chosen.performance}, accessibility ${chosen.accessibility}${failures.length ? ` (${failures.length} unfinished run(s) run again)` : ''}`,
      );
      results.push({
        name: page.name,
        path: new URL(page.url).pathname,
        runs,
        performance_all: attempts.map((a) => a.performance),
        ...chosen,
        ...(failures.length ? { failed_runs: failures } : {}),
      });
    }
    return results;
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
}
