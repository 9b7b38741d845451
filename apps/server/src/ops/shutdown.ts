import type { FastifyInstance } from 'fastify';

/** How long in-flight requests may take to finish after SIGTERM before the process gives up. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * SIGTERM (orchestrators, `docker stop`) and SIGINT (Ctrl-C) close the app gracefully: Fastify's
 * close() stops listening, closes idle keep-alive sockets, answers 503 to requests that still
 * arrive on open sockets (return503OnClosing), waits for requests already being handled, and
 * then runs the onClose hooks, which close the database. Exit 0 only after all of that; a request
 * that outlives the grace period makes the process exit 1 with a log line, so a supervisor sees
 * that the stop was not clean. A second signal while closing exits at once.
 */
/** Call before the app is ready (it adds a hook). */
export function closeOnSignals(app: FastifyInstance, graceMs = SHUTDOWN_GRACE_MS): void {
  let closing = false;
  // Node closes keep-alive sockets that are idle when the server closes, but a socket whose
  // request finishes afterwards would stay open until the client lets go (a browser keeps it for
  // minutes) and hold the exit back. Answers sent while closing therefore end their connection.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.error({ signal }, 'second signal while shutting down; exiting now');
      process.exit(1);
    }
    closing = true;
    // Refuse new connections in this very tick. Fastify's close() reaches server.close() only
    // after its hooks have run, some event-loop turns later, and a connection accepted in between
    // would be reset rather than refused. A second server.close() (Fastify's) is harmless: Node
    // calls it back once the open connections have drained, as it would the first.
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
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
