import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

// A proxy's or client's own id is kept so one id follows the request through every log; anything
// longer or with other characters could forge or break log lines, so it is replaced (decision 133).
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's `genReqId`: the client's `x-request-id` when sane, else 16 fresh hex digits (short enough to read out). */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  if (typeof given === 'string' && SANE_ID.test(given)) return given;
  return randomBytes(8).toString('hex');
}
