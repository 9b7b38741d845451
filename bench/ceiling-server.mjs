// The ceiling: a bare Fastify app with one route returning a small JSON, nothing else (no
// plugins, no logger, no database). Started by bench/ceiling.mjs in its own process.
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ ok: true }));
app.get('/ceiling', async () => ({ ok: true, items: [1, 2, 3] }));
await app.listen({ port, host: '127.0.0.1' });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
