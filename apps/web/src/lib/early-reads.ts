import { apiRequest, configureEarlyReads, withQuery, type ApiRequestOptions } from './api-client';

/**
 * Reads started before their screen asks for them (app/route-preload.ts, decision 056): on a
 * phone the page's chunks take seconds to arrive, and its data need not wait for them. Each is
 * handed to the first `apiRequest` of the same GET, once; one nobody asked for within the TTL is
 * dropped, so a later visit never gets an old answer. This module is no part of the first screen:
 * it hooks itself into the API client when a page that starts early reads loads it.
 */
const earlyReads = new Map<string, { answer: Promise<unknown>; startedAt: number }>();
const EARLY_READ_TTL_MS = 30_000;

type Query = ApiRequestOptions<unknown>['query'];

/**
 * The same read whatever the order of its query parameters. Code-unit order, not localeCompare:
 * the first localeCompare builds an ICU collator, ~70 ms on a phone while the page is loading.
 */
function readKey(path: string, query: Query): string {
  return withQuery(path, query && Object.fromEntries(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

configureEarlyReads((path, query) => {
  if (earlyReads.size === 0) return undefined;
  const key = readKey(path, query);
  const early = earlyReads.get(key);
  if (!early) return undefined;
  earlyReads.delete(key);
  return Date.now() - early.startedAt <= EARLY_READ_TTL_MS ? early.answer : undefined;
});

/** Starts a GET now; the screen's own `apiRequest` for it (same path, query) takes its answer. */
export function startEarlyRead<T>(path: string, options: Pick<ApiRequestOptions<T>, 'query' | 'auth' | 'schema'> = {}): void {
  const key = readKey(path, options.query);
  if (earlyReads.has(key)) return;
  const answer = apiRequest(path, options);
  // Its failure is the taker's to handle; a read nobody takes must not be an unhandled rejection.
  answer.catch(() => undefined);
  earlyReads.set(key, { answer, startedAt: Date.now() });
}
