// The floor (issue 17 item 3): the least a server can do to answer the same requests as qbank —
// the very SQL qbank ran for each URL (captured by bench/floor-capture.ts), prepared once on
// better-sqlite3 with qbank's connection settings, and the rows sent through Fastify's own schema
// serialization. No validation, no Kysely, no plugins, no token check. Started by bench/floor.mjs:
//   node bench/floor-server.mjs <port> <data-dir> <capture.json>
import { readFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';

const [port, dataDir, captureFile] = process.argv.slice(2);
const captures = JSON.parse(readFileSync(captureFile, 'utf8'));

const sqlite = new SQLite(path.join(dataDir, 'qbank.sqlite'));
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma('foreign_keys = ON');
sqlite.pragma('synchronous = NORMAL');

const prepared = new Map();
const statement = (sql) => {
  if (!prepared.has(sql)) prepared.set(sql, sqlite.prepare(sql));
  return prepared.get(sql);
};
const run = (query) => {
  const stmt = statement(query.sql);
  return stmt.reader ? stmt.all(query.parameters) : (stmt.run(query.parameters), []);
};

// One JSON schema per path, from the rows each query returns (the same queries for every page).
const jsonType = (value) => (value === null ? 'null' : typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string');
const byUrl = new Map();
const byPath = new Map();
for (const capture of captures) {
  const pathOnly = capture.url.split('?')[0];
  byUrl.set(capture.url, capture.queries);
  const columns = byPath.get(pathOnly) ?? [];
  capture.queries.forEach((query, i) => {
    columns[i] ??= new Map();
    for (const row of run(query)) {
      for (const [name, value] of Object.entries(row)) {
        const types = columns[i].get(name) ?? new Set();
        types.add(jsonType(value));
        columns[i].set(name, types);
      }
    }
  });
  byPath.set(pathOnly, columns);
}

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ ok: true }));
for (const [pathOnly, columns] of byPath) {
  const properties = Object.fromEntries(
    columns.map((names, i) => [
      `q${i}`,
      { type: 'array', items: { type: 'object', properties: Object.fromEntries([...names].map(([name, types]) => [name, { type: [...types] }])) } },
    ]),
  );
  app.get(pathOnly, { schema: { response: { 200: { type: 'object', properties } } } }, async (request, reply) => {
    const queries = byUrl.get(request.url);
    if (!queries) return reply.code(404).send();
    return Object.fromEntries(queries.map((query, i) => [`q${i}`, run(query)]));
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
