#!/usr/bin/env node
// A load run for the dashboard's picture (docs/deploy.md "Metrics and the exam-week dashboard"):
// autocannon on a running server's public reads for --seconds while /metrics is scraped every
// second into a JSON-lines file that scripts/ops/render-dashboard.mjs draws.
//   node scripts/ops/load-run.mjs --url http://127.0.0.1:3000 --token "$METRICS_TOKEN" --seconds 60 --out run.jsonl
import { writeFileSync, appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    token: { type: 'string' },
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '20' },
    out: { type: 'string', default: 'load-run.jsonl' },
    member: { type: 'string' },
    password: { type: 'string' },
  },
});
if (!values.token) throw new Error('--token (the server’s METRICS_TOKEN) is required');
const base = values.url.replace(/\/$/, '');

async function getJson(path) {
  const response = await fetch(`${base}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

// What a student's browser reads in exam week, from the site's own lists.
const { tests } = await getJson('/v1/test/tests?page=1&limit=50');
const { subjects } = await getJson('/v1/subject/subjects?page=1&limit=50');
const paths = [
  '/v1/test/years',
  '/v1/test/tests?page=1&limit=20',
  ...tests.slice(0, 12).flatMap((test) => [`/v1/test/${test.test_code}`, `/v1/test/${test.test_code}/meta`]),
  ...subjects.slice(0, 6).map((subject) => `/v1/subject/${subject.subject_code}/classes`),
  '/v1/no-such-route',
];
// A signed-in student's exam pages (the heaviest read), with --member/--password.
const memberPaths = tests.slice(0, 8).map((test) => `/v1/problem?test_code=${test.test_code}&page=1&limit=20`);
let cookie = '';
if (values.member) {
  const login = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: values.member, email: values.member, password: values.password }),
  });
  if (!login.ok) throw new Error(`login: ${login.status}`);
  cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  paths.push(...memberPaths);
}
console.log(`${paths.length} paths, ${values.seconds} s, ${values.connections} connections`);

writeFileSync(values.out, '');
const scrape = async () => {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${values.token}` } });
  appendFileSync(values.out, `${JSON.stringify({ t: Date.now(), text: await response.text() })}\n`);
};
await scrape();
const timer = setInterval(() => void scrape(), 1000);
let index = 0;
const result = await autocannon({
  url: base,
  connections: Number(values.connections),
  duration: Number(values.seconds),
  requests: [
    { setupRequest: (request) => ({ ...request, path: paths[index++ % paths.length], headers: { ...request.headers, ...(cookie ? { cookie } : {}) } }) },
  ],
});
clearInterval(timer);
// Quiet seconds after the load, so the panels show it end.
for (let i = 0; i < 5; i += 1) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await scrape();
}
console.log(
  `requests: ${result.requests.total}, ${result.requests.average}/s average; latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; non-2xx ${result.non2xx}; errors ${result.errors}`,
);
