import type { FastifyInstance } from 'fastify';

/** How long in-flight requests may take to finish after the listener closed before the process gives up. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface ShutdownOptions {
  /** After SIGTERM: how long to keep serving, with /readyz at 503, before the listener closes (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  graceMs?: number;
  /** Called when the drain starts: /readyz turns 503 (core/health.ts). */
  onDrain?: () => void;
}

/**
 * SIGTERM (orchestrators, systemd, `docker stop`) stops the process without losing or resetting a
 * request (docs/decisions/074):
 *
 * 1. Drain: /readyz answers 503 (/healthz stays 200: the process is alive, decision 133), so the
 *    proxy's health check takes the process out of rotation,
 *    while every request, on new connections too, is still served for `drainMs`. Each answer ends
 *    its connection, so clients and proxies open their next one wherever they now route.
 * 2. Close: the listener closes (new connections are refused, which a proxy retries elsewhere),
 *    Node closes the idle keep-alive sockets, and Fastify's close() waits for every request already
 *    received, then runs the onClose hooks (database, Redis, bucket). Exit 0.
 *
 * SIGINT (Ctrl-C at a terminal, where no proxy is asking /readyz) skips the drain. A second
 * signal during the drain ends it at once; a signal while closing exits 1 at once. A request that
 * outlives the grace period after the close makes the process exit 1 with a log line, so a
 * supervisor sees that the stop was not clean.
 *
 * Call before the app is ready (it adds a hook).
 */
export function closeOnSignals(app: FastifyInstance, options: ShutdownOptions): void {
  const graceMs = options.graceMs ?? SHUTDOWN_GRACE_MS;
  let phase: 'serving' | 'draining' | 'closing' = 'serving';
  let drainTimer: NodeJS.Timeout | undefined;
  // Without this a keep-alive socket would stay open after its answer until the client lets go
  // (a browser keeps it for minutes), holding the exit back, and a proxy would keep reusing it.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (phase !== 'serving') reply.header('connection', 'close');
    return payload;
  });

  const close = (signal: NodeJS.Signals) => {
    phase = 'closing';
    clearTimeout(drainTimer);
    // Refuse new connections in this very tick: Fastify's close() reaches server.close() only
    // after its hooks have run, some event-loop turns later. A second server.close() (Fastify's)
    // is harmless: Node calls it back once the open connections have ended, as it would the first.
    app.server.close();
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error({ graceMs }, 'in-flight requests did not finish in time; exiting without a clean shutdown');
      process.exit(1);
    }, graceMs);
    timer.unref();
    app.close().then(
      () => {
        app.log.info('shut down cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (phase === 'closing') {
      app.log.error({ signal }, 'second signal while shutting down; exiting now');
      process.exit(1);
    }
    if (phase === 'draining' || signal !== 'SIGTERM' || options.drainMs === 0) {
      close(signal);
      return;
    }
    phase = 'draining';
    options.onDrain?.();
    app.log.info({ signal, drainMs: options.drainMs }, 'draining: /readyz answers 503, requests are still served');
    drainTimer = setTimeout(() => close(signal), options.drainMs);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
