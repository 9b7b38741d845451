import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

// The request an audit entry is written in, without every service passing its request down: the
// entry names the request id (decision 133), so an admin's screen and the server's log lines of
// the same act can be put side by side. The same pattern as @fastify/request-context.
const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** First onRequest hook's companion: the rest of the request runs inside its scope. */
export function enterRequestScope(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  requestScope.run({ requestId: request.id }, done);
}

export function currentRequestId(): string | null {
  return requestScope.getStore()?.requestId ?? null;
}
