// Budgets, bench/results.json and the compact table on stdout.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { oneAtATimeReads } from './one-at-a-time.mjs';

// Issue 17's targets (at 100 connections, scale 1, figures from one run).
export const BUDGETS = {
  readP99Ms: { sqlite: 50, postgres: 100 },
  readCeilingRatio: { sqlite: 0.3, postgres: 0.15 },
  readFloorRatio: 1.0,
  // Issue 33: a cached public read against a bare route sending its own bytes; a per-member read
  // (computed per request) against the empty ceiling.
  cachedSameBytesRatio: { sqlite: 0.5, postgres: 0.35 },
  memberReadCeilingRatio: { sqlite: 0.3, postgres: 0.3 },
  searchTermP95Ms: 30,
  searchLoadP99Ms: 300,
  exportMs: 2000,
  firstScreenJsKb: 150,
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
  lighthouseTbtMs: 150,
};

// A figure that was not measured (null) never passes: `null <= 50` is true in JavaScript.
const measured = (value) => typeof value === 'number' && Number.isFinite(value);
const atMost = (value, limit) => measured(value) && value <= limit;
const atLeast = (value, limit) => measured(value) && value >= limit;
const verdict = (pass) => (pass ? 'pass' : 'MISS');

/** `scenario`: a saturated load run's percentiles only cover the few requests that finished. */
function check(name, value, limit, pass, unit, scenario) {
  const saturated = scenario?.saturated
    ? {
        saturated: true,
        note: `saturated: fewer answers than connections in ${scenario.saturated_in_s ?? scenario.duration_s} s${scenario.amount ? `; figures from ${scenario.amount} requests run to completion` : ''}`,
      }
    : {};
  return { name, value: measured(value) ? value : null, limit, unit, pass: measured(value) && pass, ...saturated };
}

/** A budget the figure passes at or under the limit (a time, a size). */
const noMoreThan = (name, value, limit, unit, scenario) => check(name, value, limit, atMost(value, limit), unit, scenario);
/** A budget the figure passes at or over the limit (a ratio, a score). */
const noLessThan = (name, value, limit, unit, scenario) => check(name, value, limit, atLeast(value, limit), unit, scenario);

/** Every budget of issue 7 item 2 against the measured figures; `note` says what was measured. */
export function evaluateBudgets(results) {
  const budgets = [];
  for (const run of results.runs) {
    const problems = run.seed?.counts?.problems;
    for (const s of run.scenarios ?? []) {
      const d = run.dialect;
      budgets.push(check(`${d}: ${s.name} errors`, s.errors, 0, s.errors === 0, ''));
      if (s.kind === 'read' && s.search) {
        budgets.push(noMoreThan(`${d}: ${s.name} p99 @${s.connections} conns`, s.p99_ms, BUDGETS.searchLoadP99Ms, 'ms', s));
      } else if (s.kind === 'read') {
        budgets.push(noMoreThan(`${d}: ${s.name} p99 @${s.connections} conns`, s.p99_ms, BUDGETS.readP99Ms[d], 'ms', s));
        const ratio = s.cached_public ? BUDGETS.readCeilingRatio[d] : BUDGETS.memberReadCeilingRatio[d];
        if (s.ratio_to_ceiling !== undefined) budgets.push(noLessThan(`${d}: ${s.name} ×ceiling`, s.ratio_to_ceiling, ratio, '×', s));
        if (s.cached_public && s.ratio_to_same_bytes !== undefined) {
          const fair = BUDGETS.cachedSameBytesRatio[d];
          budgets.push(noLessThan(`${d}: ${s.name} ×same bytes (${s.response_bytes} B)`, s.ratio_to_same_bytes, fair, '×', s));
        }
        if (s.ratio_to_floor !== undefined) budgets.push(noLessThan(`${d}: ${s.name} ×floor`, s.ratio_to_floor, BUDGETS.readFloorRatio, '×', s));
      }
      if (s.kind === 'search-term') {
        budgets.push(noMoreThan(`${d}: ${s.name} p95 @${s.connections} conn(s), ${problems} problems`, s.p95_ms, BUDGETS.searchTermP95Ms, 'ms', s));
      }
    }
    for (const read of oneAtATimeReads(run.one_at_a_time)) {
      budgets.push(noMoreThan(`${run.dialect}: ${read.name} p95, one request at a time`, read.p95, read.budget_p95_ms, 'ms'));
    }
    if (run.export) {
      budgets.push(noMoreThan(`${run.dialect}: .docx export, slowest of ${run.export.runs}`, run.export.max_ms, BUDGETS.exportMs, 'ms'));
    }
  }
  const first = results.web?.assets?.first_screen;
  if (first) budgets.push(noMoreThan('first screen (/home) JS gzipped', first.js_gzip_kb, BUDGETS.firstScreenJsKb, 'kB'));
  for (const page of results.web?.lighthouse ?? []) {
    budgets.push(
      noLessThan(`Lighthouse performance ${page.path}`, page.performance, BUDGETS.lighthousePerformance, ''),
      noLessThan(`Lighthouse accessibility ${page.path}`, page.accessibility, BUDGETS.lighthouseAccessibility, ''),
      noMoreThan(`Lighthouse total blocking time ${page.path}`, page.tbt_ms, BUDGETS.lighthouseTbtMs, 'ms'),
    );
  }
  return budgets;
}

export function writeResults(file, results) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}

const pad = (value, width) => String(value ?? '—').padStart(width);
const fmt = (value, digits = 1) => (value === null || value === undefined ? '—' : Number(value).toFixed(digits));

function loadTable(results) {
  const ceiling = results.ceiling?.rps;
  const head = `${'dialect'.padEnd(7)} ${'scenario'.padEnd(40)} ${pad('conns', 5)} ${pad('req/s', 7)} ${pad('p50', 7)} ${pad('p95', 7)} ${pad('p99', 7)} ${pad('err', 4)} ${pad('×ceil', 6)} ${pad('×floor', 6)} ${pad('bytes', 6)} ${pad('×same', 6)} ${pad('RSS MB', 6)}  budget`;
  const lines = [head, '-'.repeat(head.length + 10)];
  const row = (dialect, s, budget = '') =>
    lines.push(
      `${dialect.padEnd(7)} ${s.name.slice(0, 40).padEnd(40)} ${pad(s.connections, 5)} ${pad(s.rps, 7)} ${pad(fmt(s.p50_ms), 7)} ${pad(fmt(s.p95_ms), 7)} ${pad(fmt(s.p99_ms), 7)} ${pad(s.errors, 4)} ${pad(ceiling ? fmt(s.rps / ceiling, 3) : '—', 6)} ${pad(s.ratio_to_floor === undefined ? '—' : fmt(s.ratio_to_floor, 3), 6)} ${pad(s.response_bytes ?? s.bytes, 6)} ${pad(s.ratio_to_same_bytes === undefined ? '—' : fmt(s.ratio_to_same_bytes, 3), 6)} ${pad(s.rss_peak_mb, 6)}  ${budget}`,
    );
  if (results.ceiling) row('-', results.ceiling);
  for (const run of results.runs) {
    for (const floor of Object.values(run.floor ?? {})) row(run.dialect, floor);
    for (const same of Object.values(run.same_bytes ?? {})) row(run.dialect, same);
    for (const s of run.scenarios ?? []) {
      let budget = '';
      const p99Limit = s.search ? BUDGETS.searchLoadP99Ms : BUDGETS.readP99Ms[run.dialect];
      if (s.kind === 'read') budget = `p99 ≤ ${p99Limit} ms: ${verdict(atMost(s.p99_ms, p99Limit))}`;
      if (s.kind === 'search-term') budget += `${budget ? '; ' : ''}p95 ≤ ${BUDGETS.searchTermP95Ms} ms: ${verdict(atMost(s.p95_ms, BUDGETS.searchTermP95Ms))}`;
      if (s.saturated)
        budget += `${budget ? '; ' : ''}SATURATED in ${s.saturated_in_s ?? s.duration_s} s${s.amount ? `: ${s.amount} requests run to completion` : ''}`;
      if (s.errors > 0) budget += `${budget ? '; ' : ''}ERRORS ${JSON.stringify(s.statuses)}`;
      row(run.dialect, s, budget);
    }
  }
  return lines;
}

export function printReport(results) {
  const out = [];
  const m = results.machine;
  // A reused seed (--data-dir) has the scale it was seeded at, whatever --scale says.
  const scales = [...new Set(results.runs.map((run) => run.seed?.scale).filter((value) => value !== undefined))];
  out.push(
    `qbank bench — ${results.date} — ${m.cpus}× ${m.cpu_model}, ${m.memory_gb} GB, node ${m.node}, scale ${scales.length ? scales.join(' / ') : results.options.scale}`,
  );
  out.push('');
  out.push(...loadTable(results));
  out.push(
    "(steady-state latencies in ms, each connection's first response apart in results.json; ×ceil = req/s ÷ bare Fastify req/s; ×floor = req/s ÷ the floor server's req/s for the same requests; RSS = server peak during the run)",
  );
  out.push('');
  for (const run of results.runs) {
    if (run.error) {
      out.push(`${run.dialect}: FAILED — ${run.error}`);
      continue;
    }
    const e = run.export;
    out.push(
      `${run.dialect}: ${run.seed?.counts?.problems ?? '?'} problems; cold start to /healthz ${run.cold_start_ms} ms; RSS idle ${run.rss_idle_mb} MB, peak under load ${run.rss_peak_mb} MB` +
        (e
          ? `; .docx export (${e.distinct_images_in_document} distinct images, ${Math.round(e.bytes / 1024)} KiB) median ${e.median_ms} ms, max ${e.max_ms} ms (budget ≤ ${BUDGETS.exportMs} ms: ${verdict(atMost(e.max_ms, BUDGETS.exportMs))})`
          : '') +
        (run.lineage_run
          ? `; whole-bank lineage run ${run.lineage_run.problems} problems in ${(run.lineage_run.ms / 1000).toFixed(0)} s, peak RSS ${run.lineage_run.rss_peak_mb} MB`
          : ''),
    );
  }
  const web = results.web;
  if (web?.assets) {
    const f = web.assets.first_screen;
    out.push(
      `web: first screen (/home) JS ${f.js_gzip_kb} kB + CSS ${f.css_gzip_kb} kB gzipped (shell alone JS ${web.assets.shell.js_gzip_kb} kB), budget JS ≤ ${BUDGETS.firstScreenJsKb} kB: ${verdict(atMost(f.js_gzip_kb, BUDGETS.firstScreenJsKb))}` +
        (web.served_encoding ? `; server sends JS with content-encoding: ${web.served_encoding.content_encoding}` : ''),
    );
    if (web.assets.routes) {
      const routes = Object.entries(web.assets.routes).sort((a, b) => b[1].js_gzip_kb - a[1].js_gzip_kb);
      out.push(`web: lazy routes beyond the shell, JS gzipped kB: ${routes.map(([name, r]) => `${name} ${r.js_gzip_kb}`).join(', ')}`);
    }
  }
  for (const page of web?.lighthouse ?? []) {
    out.push(
      `lighthouse ${page.path}: performance ${page.performance} (runs ${page.performance_all.join('/')}; ≥ ${BUDGETS.lighthousePerformance}: ${verdict(atLeast(page.performance, BUDGETS.lighthousePerformance))}), accessibility ${page.accessibility} (≥ ${BUDGETS.lighthouseAccessibility}: ${verdict(atLeast(page.accessibility, BUDGETS.lighthouseAccessibility))}); FCP ${page.fcp_ms} ms, LCP ${page.lcp_ms} ms, TBT ${page.tbt_ms} ms, CLS ${page.cls}`,
    );
  }
  if (web?.lighthouse_error) out.push(`lighthouse: FAILED — ${web.lighthouse_error}`);
  // Through TLS and HTTP/2 as deployed (docs/deploy.md): reported beside the budgets, which stay on the bare server.
  for (const page of web?.lighthouse_http2 ?? []) {
    out.push(
      `lighthouse over HTTP/2 ${page.path}: performance ${page.performance} (runs ${page.performance_all.join('/')}), accessibility ${page.accessibility}; FCP ${page.fcp_ms} ms, LCP ${page.lcp_ms} ms, TBT ${page.tbt_ms} ms, CLS ${page.cls}`,
    );
  }
  if (web?.lighthouse_http2_error) out.push(`lighthouse over HTTP/2: FAILED — ${web.lighthouse_http2_error}`);
  const missed = results.budgets.filter((b) => !b.pass);
  out.push('');
  out.push(`budgets: ${results.budgets.length - missed.length} pass, ${missed.length} missed`);
  for (const b of missed)
    out.push(`  MISS ${b.name}: ${b.value ?? 'not measured'}${b.value === null ? '' : b.unit} (budget ${b.limit}${b.unit})${b.note ? ` — ${b.note}` : ''}`);
  console.log(out.join('\n'));
}
