import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentRequestId, enterRequestScope, writesInRequestScope } from './request-scope';

// The scope audit entries read their request id from: writes are in it (through every await of
// the handler), reads are not, and once no write is in flight it is off (./request-scope.ts).
describe('the request scope', () => {
  let app: FastifyInstance;
  let releaseSlowWrite: () => void = () => undefined;

  beforeAll(async () => {
    app = Fastify();
    app.addHook('onRequest', enterRequestScope);
    const afterAwaits = async (request: FastifyRequest) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await Promise.resolve();
      return { request_id: currentRequestId(), id: request.id, writes: writesInRequestScope() };
    };
    app.get('/read', afterAwaits);
    app.post('/write', afterAwaits);
    app.post('/slow-write', async () => {
      await new Promise<void>((resolve) => (releaseSlowWrite = resolve));
      return { request_id: currentRequestId() };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('gives a write its own request id after its awaits, and a read none', async () => {
    const write = (await app.inject({ method: 'POST', url: '/write' })).json();
    expect(write.request_id).toBe(write.id);
    expect(write.writes).toBe(1);
    const read = (await app.inject({ method: 'GET', url: '/read' })).json();
    expect(read).toEqual({ request_id: null, id: read.id, writes: 0 });
  });

  it('is off once the last write in flight has ended, and keeps each write its own id meanwhile', async () => {
    const slow = app.inject({ method: 'POST', url: '/slow-write' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const quick = await app.inject({ method: 'POST', url: '/write' });
    expect(quick.json().writes).toBe(2);
    expect(writesInRequestScope()).toBe(1);
    releaseSlowWrite();
    const slowAnswer = await slow;
    expect(slowAnswer.json().request_id).toEqual(expect.any(String));
    expect(slowAnswer.json().request_id).not.toBe(quick.json().request_id);
    expect(quick.json().request_id).toBe(quick.json().id);
    expect(writesInRequestScope()).toBe(0);
    expect(currentRequestId()).toBeNull();
  });
});
