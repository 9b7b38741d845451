/**
 * Whether the process still wants new requests. A SIGTERMed process drains (ops/shutdown.ts):
 * it keeps serving, but /healthz answers 503 so that the proxy's health check sends the next
 * requests elsewhere before the listener closes (docs/decisions/074).
 */
export class Health {
  draining = false;
}
