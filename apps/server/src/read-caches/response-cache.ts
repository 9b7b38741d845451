import { gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { loadContentVersion } from '../core/batched-reads';
import { versionText } from './data-versions';
import type { Db } from '../core/db';
import { SingleFlight } from './single-flight';

declare module 'fastify' {
  interface FastifyRequest {
    /** The content version, when the route's guard read it with the member (guard(…, { contentVersion: true })). */
    contentVersion?: string;
  }
}

// Serialized responses of the public content reads (exam and subject lists, exam headers, an
// exam's problem pages, set headers), kept per URL together with the content version they were
// made at (migration 070: triggers bump it on every write to the tables those reads use). Each
// request reads the version first — one primary-key lookup — and a stored body made at that
// version is sent as it is; otherwise the route's own query runs and its output replaces the
// entry. The version is read before the data, so a body can only be newer than its version,
// never older: a write on any process, by any code path, is seen by the next request everywhere.
const MAX_BYTES = 64 * 1024 * 1024;
const JSON_TYPE = 'application/json; charset=utf-8';
// A stored body this long or longer goes out gzipped to a client that accepts it, compressed once
// per stored body: an exam's problem page is ~250 kB of JSON and ~40 kB gzipped, most of a phone's
// wait on slow mobile networks (Lighthouse's largest saving on the problem list and solve mode).
const COMPRESS_FROM_BYTES = 1024;

/** A serialized answer as both response caches keep it (this one and ./member-cache.ts). */
export interface StoredBody {
  // UTF-8 bytes, not the string: a string body is encoded again and measured again on every send
  // (an exam's problem page: 37 kB of mostly Korean text per hit).
  body: Buffer;
  gzip?: Buffer;
}

interface Entry extends StoredBody {
  version: string;
}

// Accept-Encoding parsed by @fastify/accept-negotiator (what @fastify/static uses for the web
// build), with the answers for the few header values clients send kept in a small LRU.
const gzipNegotiator = new Negotiator({ supportedValues: ['gzip'], cache: new LRUCache<string, string>({ max: 256 }) });
/** A cache's own version joined with the version of other data a body derives from, if any. */
export function withDataVersion(version: string, dataVersion: string | undefined): string {
  return dataVersion === undefined ? version : `${version}/${dataVersion}`;
}

/** Whether Accept-Encoding allows gzip (named, or `*`, with a non-zero q). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  // Content codings are case-insensitive (RFC 9110 §8.4.1); the negotiator compares as written.
  return value ? gzipNegotiator.negotiate(value.toLowerCase()) === 'gzip' : false;
}

export class ResponseCache {
  private readonly entries = new LRUCache<string, Entry>({
    maxSize: MAX_BYTES,
    sizeCalculation: storedSize,
  });

  private readonly computing = new SingleFlight<Entry>();

  /**
   * Answers sent from the cache, answers computed, and answers that waited for another request's
   * computation of the same body (`shared`), since the start (for tests and profiling).
   */
  readonly stats = { hits: 0, misses: 0, shared: 0 };

  constructor(private readonly db: Db) {}

  /** Read with the other requests of this poll phase (../core/batched-reads.ts, decision 212). */
  async version(): Promise<string> {
    return versionText(await loadContentVersion(this.db));
  }

  /** The content version the request's guard read, else read now (still before the request's data). */
  async versionFor(request: FastifyRequest): Promise<string> {
    return request.contentVersion ?? (await this.version());
  }

  /**
   * Answers from the cache when the stored body is current, else from `compute`, serialized by
   * the route's response schema exactly as an uncached answer would be. Errors are not cached.
   * `dataVersion`: a version of other data the body derives from (a problem's answers version),
   * read before the body's data like the content version. `viewer`: the kind of reader the body
   * differs by, kept apart in the key (a lead's and a student's lineage of one problem).
   */
  async reply(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>, dataVersion?: string, viewer?: string): Promise<FastifyReply> {
    const key = viewer === undefined ? request.url : `${viewer} ${request.url}`;
    // Read by the guard before this request's data, like our own read: still never newer than the data.
    const version = withDataVersion(await this.versionFor(request), dataVersion);
    const entry = this.entries.get(key);
    if (entry?.version === version && !asksFresh(request)) {
      this.stats.hits += 1;
      return sendStored(request, reply, entry);
    }
    return sendComputedOnce(request, reply, this.computing, this.stats, key, version, async () => {
      const stored: Entry = { version, body: serializedBody(reply, await compute()) };
      this.entries.set(key, stored);
      return stored;
    });
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Whether the request asks for no stored answer (Cache-Control: no-cache: a browser's hard reload,
 * the bench timing the query itself). It gets a fresh one, which also replaces the entry. That
 * opens nothing new: any client can already miss the cache with a URL nobody asked for before.
 */
export function asksFresh(request: FastifyRequest): boolean {
  return /\bno-cache\b/i.test(request.headers['cache-control'] ?? '');
}

/** The value as the route's response schema serializes it, exactly as an uncached answer would be sent. */
export function serializedBody(reply: FastifyReply, value: unknown): Buffer {
  const serialized = reply.serialize(value);
  return typeof serialized === 'string' ? Buffer.from(serialized, 'utf8') : Buffer.from(serialized as Uint8Array);
}

/**
 * What an entry weighs in an LRU's maxSize. The gzipped copy is made on first demand, after the
 * entry is sized: a quarter of the text is allowed for it up front (JSON of problems compresses to
 * a fifth or less).
 */
export function storedSize(entry: StoredBody, key: string): number {
  return entry.body.length + Math.ceil(entry.body.length / 4) + key.length * 2 + 64;
}

/**
 * Sends the body `build` makes and stores, built once per key and version while it runs
 * (./single-flight.ts): a request that asks for no stored answer builds anew. Counts the
 * request as a miss or as one that waited (`shared`).
 */
export async function sendComputedOnce<E extends StoredBody>(
  request: FastifyRequest,
  reply: FastifyReply,
  computing: SingleFlight<E>,
  stats: { misses: number; shared: number },
  key: string,
  version: string,
  build: () => Promise<E>,
): Promise<FastifyReply> {
  const flight = computing.run(key, version, build, !asksFresh(request));
  if (flight.joined) stats.shared += 1;
  else stats.misses += 1;
  return sendStored(request, reply, await flight.result);
}

export function sendStored(request: FastifyRequest, reply: FastifyReply, entry: StoredBody): FastifyReply {
  const vary = reply.getHeader('vary');
  reply.type(JSON_TYPE).header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (entry.body.length < COMPRESS_FROM_BYTES || !acceptsGzip(request.headers['accept-encoding'])) return reply.send(entry.body);
  entry.gzip ??= gzipSync(entry.body);
  return reply.header('content-encoding', 'gzip').send(entry.gzip);
}
