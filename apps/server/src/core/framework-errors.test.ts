import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';
import type { ConnectionError } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@qbank/shared/errors';
import { messages } from '../messages';
import { createTestContext, type TestContext } from '../testing/harness';
import { errorFormatProblems, type ErrorResponse } from '../testing/security/error-format';
import { clientErrorHandler } from './error-handler';

// The errors Node and Fastify send on their own, before or around our routes, read off a real
// socket (inject() skips the HTTP parser): each must be JSON {message, code} with a Korean message,
// like every other error (decision 121). They happen below the database, so SQLite is enough.

/** Reads everything the server writes on a fresh connection after `raw`, until it closes the connection. */
async function rawExchange(port: number, raw: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => undefined);
  socket.write(raw);
  await once(socket, 'close');
  return Buffer.concat(chunks).toString('utf8');
}

function parsed(text: string): ErrorResponse & { statusLine: string } {
  const split = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const body = text.slice(split + 4);
  const json = <T = unknown>(): T => JSON.parse(body) as T;
  return { statusLine, statusCode: Number(statusLine.split(' ')[1]), headers, body, json };
}

describe('framework errors over a real socket', () => {
  let t: TestContext;
  let port: number;
  beforeAll(async () => {
    t = await createTestContext('sqlite');
    // Port 0: the OS picks a free ephemeral port, so no fixed port range is needed.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t?.close());

  const cases: Array<[string, string, number, string]> = [
    ['a malformed request line', 'GARBAGE\r\n\r\n', 400, messages.malformedRequest],
    ['an unknown method', 'FOO /healthz HTTP/1.1\r\nHost: x\r\n\r\n', 400, messages.malformedRequest],
    [
      'a broken Content-Length',
      'POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
      400,
      messages.malformedRequest,
    ],
    [
      'Content-Length beside chunked',
      'POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n0\r\n\r\n',
      400,
      messages.malformedRequest,
    ],
    ['headers over the size limit', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, messages.headersTooLarge],
    ['HTTP/1.1 without Host', 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n', 400, messages.malformedRequest],
    [
      'an Expect header other than 100-continue',
      'POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nExpect: foo\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      417,
      messages.expectationFailed,
    ],
    ['an unknown route', 'GET /v1/nothing-here HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 404, messages.notFound],
    [
      'a body over the limit',
      'POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 20000000\r\nConnection: close\r\n\r\n{}',
      413,
      messages.payloadTooLarge,
    ],
    [
      'a body that is not JSON',
      'POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
      415,
      messages.unsupportedMediaType,
    ],
  ];

  it.each(cases)('answers %s in our format', async (_what, raw, status, message) => {
    const response = parsed(await rawExchange(port, raw));
    expect(response.statusCode, response.statusLine).toBe(status);
    expect(errorFormatProblems(response)).toEqual([]);
    expect((response.json() as { message: string }).message).toBe(message);
  });

  it('answers a request whose headers took too long with a 408 in our format', async () => {
    // Node's headersTimeout is checked every 30 s; the handler it calls is exercised directly,
    // on a real socket, with the error Node passes.
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const client = connect((server.address() as { port: number }).port, '127.0.0.1');
    const [accepted] = (await once(server, 'connection')) as [Socket];
    const chunks: Buffer[] = [];
    client.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = once(client, 'close');
    accepted.on('error', () => undefined);
    clientErrorHandler(Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }) as ConnectionError, accepted);
    await closed;
    server.close();
    const response = parsed(Buffer.concat(chunks).toString('utf8'));
    expect(response.statusCode).toBe(408);
    expect(errorFormatProblems(response)).toEqual([]);
    expect(response.json()).toEqual({ message: messages.requestTimeout, code: ERROR_CODES.requestTimeout });
  });
});
