import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Registry } from 'prom-client';
import { ERROR_CODES } from '@qbank/shared/errors';
import { AppError } from '../errors';
import { appRegistry } from './collectors';
import { metricsMessages } from './messages';
import { httpDuration, httpInFlight, processRegistry, startDefaultMetrics } from './registry';

// GET /metrics in Prometheus's text format (decision 160), only when METRICS_TOKEN is set and
// only for that bearer token: the numbers say how busy the site is and which routes exist, which
// is nobody else's business. Off, the path is a plain 404 like any unknown API path.

const counted = Symbol('qbank.metrics.counted');

declare module 'fastify' {
  interface FastifyRequest {
    [counted]?: boolean;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares in constant time: the hashes have one length whatever the header holds. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/** The route a request matched, as its pattern (`/v1/problem/:id`), never the raw URL (unbounded labels). */
function routeLabel(request: FastifyRequest, status: number): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  // Not matched: the web app's documents (the not-found handler's 200s) or a 404.
  return status === 404 ? 'not_found' : 'web_document';
}

function finish(request: FastifyRequest): boolean {
  if (request[counted]) return false;
  request[counted] = true;
  httpInFlight.dec();
  return true;
}

/** Adds the request hooks on the root instance (so every route is measured) and the route. */
export function installMetrics(app: FastifyInstance, token: string): void {
  startDefaultMetrics();
  const perApp = appRegistry(app.ctx);
  app.addHook('onRequest', (_request, _reply, done) => {
    httpInFlight.inc();
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (finish(request)) {
      httpDuration.observe(
        { method: request.method, route: routeLabel(request, reply.statusCode), status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    }
    done();
  });
  // A client that hangs up before its answer: no duration to observe, but no longer in flight.
  app.addHook('onRequestAbort', (request, done) => {
    finish(request);
    done();
  });

  app.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError(401, ERROR_CODES.unauthenticated, metricsMessages.tokenRequired);
    }
    const merged = Registry.merge([processRegistry, perApp]);
    return reply
      .header('cache-control', 'no-store')
      .type(merged.contentType)
      .send(await merged.metrics());
  });
}
