import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

// A proxy's or client's own id is kept so one id follows the request through every log; anything
// longer or with other characters could forge or break log lines, so it is replaced (decision 133).
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's `genReqId`: the client's `x-request-id` when sane, else 16 fresh hex digits (short enough to read out). */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  if (typeof given === 'string' && SANE_ID.test(given)) return given;
  // randomUUID draws its entropy for many ids at once; randomBytes(8) asked the system for each id
  // (~12 µs a request against ~0.8 µs, 2 % of a member read's CPU in a profile under load). The
  // first 8 and last 8 hex digits of a v4 UUID are random (its version and variant sit between).
  const uuid = randomUUID();
  return uuid.slice(0, 8) + uuid.slice(28);
}
