#!/usr/bin/env node
// Draws the exam-week dashboard's panels (scripts/ops/dashboard-panels.mjs, the same list as
// docs/ops/grafana-dashboard.json) from a load run's scrapes (scripts/ops/load-run.mjs) as SVG in
// Chromium and saves a PNG. Not Grafana (not installable here): the values are computed from the
// real scrapes the way the panels' PromQL computes them (rates over a window, histogram_quantile).
//   node scripts/ops/render-dashboard.mjs --in run.jsonl --out docs/ops/dashboard-load-run.png
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { panels } from './dashboard-panels.mjs';

const { values } = parseArgs({
  options: {
    in: { type: 'string', default: 'load-run.jsonl' },
    out: { type: 'string', default: 'docs/ops/dashboard-load-run.png' },
    window: { type: 'string', default: '5' },
    note: { type: 'string', default: '' },
  },
});

function parse(text) {
  const samples = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

const scrapes = readFileSync(values.in, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line))
  .map(({ t, text }) => ({ t, samples: parse(text) }));
const windowSize = Number(values.window);
const t0 = scrapes[0].t;

const series = panels.map((panel) => {
  const lines = new Map();
  for (let i = windowSize; i < scrapes.length; i += 1) {
    const now = scrapes[i];
    const before = scrapes[i - windowSize];
    const seconds = (now.t - before.t) / 1000;
    for (const [key, value] of panel.compute(now.samples, before.samples, seconds)) {
      if (!Number.isFinite(value)) continue;
      if (!lines.has(key)) lines.set(key, []);
      lines.get(key).push([(now.t - t0) / 1000, value]);
    }
  }
  return { panel, lines: [...lines].sort((a, b) => Math.max(...b[1].map((p) => p[1])) - Math.max(...a[1].map((p) => p[1]))).slice(0, 6) };
});

const COLORS = ['#73bf69', '#f2cc0c', '#5794f2', '#ff780a', '#f2495c', '#b877d9'];
const fmt = (unit, v) => {
  if (unit === 'bytes' || unit === 'B/s')
    return v >= 1e6 ? `${(v / 1e6).toFixed(1)} MB${unit === 'B/s' ? '/s' : ''}` : `${(v / 1e3).toFixed(0)} kB${unit === 'B/s' ? '/s' : ''}`;
  if (unit === 's') return v >= 1 ? `${v.toFixed(2)} s` : `${(v * 1000).toFixed(1)} ms`;
  if (unit === 'ratio') return `${(v * 100).toFixed(1)}%`;
  return v >= 100 ? v.toFixed(0) : v.toFixed(2).replace(/\.?0+$/, '');
};
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

function svg({ panel, lines }) {
  const W = 500,
    H = 200,
    L = 64,
    B = 22;
  const all = lines.flatMap(([, points]) => points);
  const maxX = Math.max(1, ...all.map((p) => p[0]));
  const maxY = Math.max(panel.unit === 'ratio' ? 1 : 1e-9, ...all.map((p) => p[1])) * 1.1;
  const x = (v) => L + (v / maxX) * (W - L - 8);
  const y = (v) => 8 + (1 - v / maxY) * (H - B - 8);
  const grid = [0, 0.25, 0.5, 0.75, 1]
    .map(
      (f) =>
        `<line x1="${L}" x2="${W - 8}" y1="${y(maxY * f)}" y2="${y(maxY * f)}" stroke="#2c3235"/><text x="${L - 6}" y="${y(maxY * f) + 4}" text-anchor="end">${esc(fmt(panel.unit, maxY * f))}</text>`,
    )
    .join('');
  const xs = [0, 0.5, 1].map((f) => `<text x="${x(maxX * f)}" y="${H - 4}" text-anchor="middle">${Math.round(maxX * f)} s</text>`).join('');
  const paths = lines
    .map(
      ([, points], i) =>
        `<polyline fill="none" stroke="${COLORS[i % COLORS.length]}" stroke-width="1.6" points="${points.map(([px, py]) => `${x(px).toFixed(1)},${y(py).toFixed(1)}`).join(' ')}"/>`,
    )
    .join('');
  const legend = lines
    .map(
      ([key, points], i) =>
        `<span><i style="background:${COLORS[i % COLORS.length]}"></i>${esc(key)} <b>${esc(fmt(panel.unit, Math.max(...points.map((p) => p[1]))))}</b> max</span>`,
    )
    .join('');
  return `<section><h2>${esc(panel.title)}</h2><svg viewBox="0 0 ${W} ${H}" width="100%">${grid}${xs}${paths}</svg><div class="legend">${legend || '<span>값 없음</span>'}</div></section>`;
}

const html = `<!doctype html><meta charset="utf-8"><style>
body{margin:0;background:#111217;color:#ccccdc;font:13px system-ui,'Noto Sans CJK KR',sans-serif;padding:16px}
h1{font-size:18px;margin:0 0 4px} p{margin:0 0 12px;color:#8e8e9e}
main{display:grid;grid-template-columns:repeat(3,1fr);gap:8px}
section{background:#181b1f;border:1px solid #2c3235;border-radius:2px;padding:8px}
h2{font-size:13px;margin:0 0 4px;font-weight:600}
svg text{fill:#8e8e9e;font-size:10px} .legend{display:flex;flex-wrap:wrap;gap:4px 12px;font-size:11px}
.legend i{display:inline-block;width:12px;height:3px;margin-right:4px;vertical-align:middle}
</style><h1>qbank — 시험 기간 (load run, drawn from /metrics scrapes; not Grafana)</h1>
<p>${esc(values.note)} ${scrapes.length} scrapes, 1 s apart; rates over ${windowSize} s. Panels and PromQL: docs/ops/grafana-dashboard.json.</p>
<main>${series.map(svg).join('')}</main>`;

const dir = mkdtempSync(path.join(tmpdir(), 'qbank-dashboard-'));
const file = path.join(dir, 'dashboard.html');
writeFileSync(file, html);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1600, height: 900 }, deviceScaleFactor: 1 });
await page.goto(`file://${file}`);
await page.screenshot({ path: values.out, fullPage: true });
await browser.close();
console.log(`wrote ${values.out}`);
