// The same-bytes ceiling's server (bench/same-bytes.mjs): a bare Fastify app, no plugins, no
// logger, no database, answering each captured request with the exact status, headers and bytes
// qbank sent for it. Started in its own process:
//   node bench/same-bytes-server.mjs <port> <responses.json>
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const replies = new Map();
for (const r of JSON.parse(readFileSync(file, 'utf8'))) replies.set(r.key, { status: r.status, headers: r.headers, body: Buffer.from(r.body, 'base64') });

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ ok: true }));
app.get('/*', (request, reply) => {
  const found = replies.get(`${request.url}\n${request.headers['accept-encoding'] ?? ''}`);
  if (!found) return reply.code(404).send();
  return reply.code(found.status).headers(found.headers).send(found.body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
