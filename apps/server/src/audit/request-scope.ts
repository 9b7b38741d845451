import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

// The request an audit entry is written in, without every service passing its request down: the
// entry names the request id (decision 133), so an admin's screen and the server's log lines of
// the same act can be put side by side. The same pattern as @fastify/request-context.
//
// Only writes enter the scope: every audited act (AUDIT_ACTIONS in @qbank/shared/audit) is a
// write's, and while the storage is enabled Node runs its hook at the creation of every promise in
// every request. That was a fifth of a signed-in read's main-thread CPU (111–121 → 77–106 µs for
// the due count, alternated A/B with `npm run bench:profile`), so the storage is disabled again
// whenever no write is in flight: a run of reads pays nothing for it.
const requestScope = new AsyncLocalStorage<{ requestId: string }>();
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
let writesInFlight = 0;

function writeEnded(): void {
  writesInFlight -= 1;
  if (writesInFlight === 0) requestScope.disable();
}

/** First onRequest hook's companion: the rest of a write runs inside its scope. */
export function enterRequestScope(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (READ_METHODS.has(request.method)) {
    done();
    return;
  }
  writesInFlight += 1;
  // 'close' comes once the answer is sent or the connection is gone, whichever way the request ends.
  reply.raw.once('close', writeEnded);
  requestScope.run({ requestId: request.id }, done);
}

export function currentRequestId(): string | null {
  return requestScope.getStore()?.requestId ?? null;
}

/** Writes whose scope is open now (for tests: 0 means the storage is off and costs nothing). */
export function writesInRequestScope(): number {
  return writesInFlight;
}
