// The exam-week dashboard's panels, once: docs/ops/grafana-dashboard.json is generated from this
// list (node scripts/ops/dashboard-panels.mjs --write), and scripts/ops/render-dashboard.mjs draws
// the same panels from a load run's scrapes. `expr` is the PromQL Grafana runs; `compute` is the same
// quantity over two scrapes (`now`, `before`) for the local drawing.

const RATE_WINDOW = '1m';

/** Sums of a series' samples matching `labels`, grouped by `by` (a label name or null). */
function sumBy(samples, name, labels, by) {
  const out = new Map();
  for (const s of samples) {
    if (s.name !== name) continue;
    if (!Object.entries(labels).every(([k, v]) => (v instanceof RegExp ? v.test(s.labels[k] ?? '') : s.labels[k] === v))) continue;
    const key = by ? (s.labels[by] ?? '') : 'all';
    out.set(key, (out.get(key) ?? 0) + s.value);
  }
  return out;
}

function rateBy(now, before, seconds, name, labels, by) {
  const a = sumBy(now, name, labels, by);
  const b = sumBy(before, name, labels, by);
  return new Map([...a].map(([k, v]) => [k, Math.max(0, v - (b.get(k) ?? 0)) / seconds]));
}

/** histogram_quantile over the bucket increase between two scrapes, per `by` group. */
function quantileBy(q, now, before, by, labels = {}) {
  const inc = new Map();
  for (const s of now) {
    if (s.name !== 'qbank_http_request_duration_seconds_bucket') continue;
    if (!Object.entries(labels).every(([k, v]) => s.labels[k] === v)) continue;
    const prev = before.find((p) => p.name === s.name && JSON.stringify(p.labels) === JSON.stringify(s.labels))?.value ?? 0;
    const group = s.labels[by];
    const le = s.labels.le === '+Inf' ? Infinity : Number(s.labels.le);
    const buckets = inc.get(group) ?? new Map();
    buckets.set(le, (buckets.get(le) ?? 0) + (s.value - prev));
    inc.set(group, buckets);
  }
  const out = new Map();
  for (const [group, buckets] of inc) {
    const sorted = [...buckets].sort((x, y) => x[0] - y[0]);
    const total = sorted.at(-1)?.[1] ?? 0;
    if (total <= 0) continue;
    const rank = q * total;
    let prevLe = 0;
    let prevCount = 0;
    for (const [le, count] of sorted) {
      if (count >= rank) {
        out.set(group, le === Infinity ? prevLe : prevLe + ((le - prevLe) * (rank - prevCount)) / Math.max(count - prevCount, 1e-9));
        break;
      }
      prevLe = le;
      prevCount = count;
    }
  }
  return out;
}

export const panels = [
  {
    title: '초당 요청 (상태별)',
    unit: 'req/s',
    expr: `sum by (status) (rate(qbank_http_request_duration_seconds_count[${RATE_WINDOW}]))`,
    legend: '{{status}}',
    compute: (n, b, s) => rateBy(n, b, s, 'qbank_http_request_duration_seconds_count', {}, 'status'),
  },
  {
    title: '5xx 비율',
    unit: 'ratio',
    expr: `sum(rate(qbank_http_request_duration_seconds_count{status=~"5.."}[${RATE_WINDOW}])) / sum(rate(qbank_http_request_duration_seconds_count[${RATE_WINDOW}]))`,
    legend: '5xx',
    compute: (n, b, s) => {
      const bad = rateBy(n, b, s, 'qbank_http_request_duration_seconds_count', { status: /^5/ }, null).get('all') ?? 0;
      const all = rateBy(n, b, s, 'qbank_http_request_duration_seconds_count', {}, null).get('all') ?? 0;
      return new Map([['5xx', all > 0 ? bad / all : 0]]);
    },
  },
  {
    title: '경로별 p95 응답 시간',
    unit: 's',
    expr: `histogram_quantile(0.95, sum by (le, route) (rate(qbank_http_request_duration_seconds_bucket{route=~"/v1/.*"}[5m])))`,
    legend: '{{route}}',
    compute: (n, b) => new Map([...quantileBy(0.95, n, b, 'route')].filter(([route]) => route.startsWith('/v1/'))),
  },
  {
    title: '처리 중인 요청 (프로세스별)',
    unit: 'requests',
    expr: 'sum by (instance) (qbank_http_requests_in_flight)',
    legend: '{{instance}}',
    compute: (n) => sumBy(n, 'qbank_http_requests_in_flight', {}, null),
  },
  {
    title: '응답 캐시 적중률',
    unit: 'ratio',
    expr: `sum by (cache) (rate(qbank_response_cache_requests_total{result="hit"}[5m])) / sum by (cache) (rate(qbank_response_cache_requests_total[5m]))`,
    legend: '{{cache}}',
    compute: (n, b, s) => {
      const hits = rateBy(n, b, s, 'qbank_response_cache_requests_total', { result: 'hit' }, 'cache');
      const all = rateBy(n, b, s, 'qbank_response_cache_requests_total', {}, 'cache');
      return new Map([...all].filter(([, v]) => v > 0).map(([cache, v]) => [cache, (hits.get(cache) ?? 0) / v]));
    },
  },
  {
    title: 'DB 연결 풀 (PostgreSQL)',
    unit: 'connections',
    expr: 'sum by (state) (qbank_db_pool_connections{state!="max"}) or label_replace(sum(qbank_db_pool_waiting), "state", "waiting", "", "")',
    legend: '{{state}}',
    compute: (n) => {
      const out = sumBy(n, 'qbank_db_pool_connections', { state: /^(busy|idle)$/ }, 'state');
      out.set('waiting', sumBy(n, 'qbank_db_pool_waiting', {}, null).get('all') ?? 0);
      return out;
    },
  },
  {
    title: '이벤트 루프 지연 p99',
    unit: 's',
    expr: 'max by (instance) (nodejs_eventloop_lag_p99_seconds)',
    legend: '{{instance}}',
    compute: (n) => sumBy(n, 'nodejs_eventloop_lag_p99_seconds', {}, null),
  },
  {
    title: '메모리 (RSS)',
    unit: 'bytes',
    expr: 'max by (instance) (process_resident_memory_bytes)',
    legend: '{{instance}}',
    compute: (n) => sumBy(n, 'process_resident_memory_bytes', {}, null),
  },
  {
    title: 'Redis 대체 동작 / 드레이닝 중인 프로세스',
    unit: 'processes',
    expr: 'sum(qbank_redis_fallback) or label_replace(sum(qbank_draining), "x", "draining", "", "")',
    legend: 'redis fallback / draining',
    compute: (n) =>
      new Map([
        ['redis_fallback', sumBy(n, 'qbank_redis_fallback', {}, null).get('all') ?? 0],
        ['draining', sumBy(n, 'qbank_draining', {}, null).get('all') ?? 0],
      ]),
  },
  {
    title: '작업 실행 (1시간, 결과별)',
    unit: 'runs',
    expr: 'sum by (job, outcome) (increase(qbank_job_runs_total[1h]))',
    legend: '{{job}} {{outcome}}',
    compute: (n) => {
      const out = new Map();
      for (const s of n) if (s.name === 'qbank_job_runs_total') out.set(`${s.labels.job} ${s.labels.outcome}`, s.value);
      return out;
    },
  },
  {
    title: '업로드 (초당 바이트)',
    unit: 'B/s',
    expr: 'sum by (folder) (rate(qbank_upload_bytes_total[5m]))',
    legend: '{{folder}}',
    compute: (n, b, s) => rateBy(n, b, s, 'qbank_upload_bytes_total', {}, 'folder'),
  },
];

const GRAFANA_UNITS = {
  'req/s': 'reqps',
  ratio: 'percentunit',
  s: 's',
  bytes: 'bytes',
  'B/s': 'Bps',
  requests: 'short',
  connections: 'short',
  processes: 'short',
  runs: 'short',
};

export function grafanaDashboard() {
  return {
    __inputs: [{ name: 'DS_PROMETHEUS', label: 'Prometheus', type: 'datasource', pluginId: 'prometheus', pluginName: 'Prometheus' }],
    title: 'qbank — 시험 기간',
    uid: 'qbank-exam-week',
    description: 'docs/deploy.md "Metrics and the exam-week dashboard"; generated by scripts/ops/dashboard-panels.mjs',
    schemaVersion: 39,
    version: 1,
    editable: true,
    time: { from: 'now-6h', to: 'now' },
    refresh: '30s',
    tags: ['qbank'],
    templating: { list: [] },
    panels: panels.map((panel, index) => ({
      id: index + 1,
      type: 'timeseries',
      title: panel.title,
      datasource: { type: 'prometheus', uid: '${DS_PROMETHEUS}' },
      gridPos: { h: 8, w: 8, x: (index % 3) * 8, y: Math.floor(index / 3) * 8 },
      fieldConfig: { defaults: { unit: GRAFANA_UNITS[panel.unit] ?? 'short' }, overrides: [] },
      options: { legend: { displayMode: 'list', placement: 'bottom' }, tooltip: { mode: 'multi' } },
      targets: [{ refId: 'A', expr: panel.expr, legendFormat: panel.legend, datasource: { type: 'prometheus', uid: '${DS_PROMETHEUS}' } }],
    })),
  };
}

if (process.argv.includes('--write')) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(new URL('../../docs/ops/grafana-dashboard.json', import.meta.url), `${JSON.stringify(grafanaDashboard(), null, 2)}\n`);
  console.log('wrote docs/ops/grafana-dashboard.json');
}
