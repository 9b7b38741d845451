import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../core/db';
import type { MemberRow } from '../db/schema';
import { signedInMember } from '../core/auth-guards';
import { SingleFlight } from './single-flight';
import { contentVersionSum, versionText } from './data-versions';
import { asksFresh, sendComputedOnce, sendStored, serializedBody, storedSize, withDataVersion, type StoredBody } from './response-cache';

// Serialized answers of a member's own aggregate reads (their statistics, review deck, due count,
// the study builder's count), kept per member and URL with the version they were made at: the
// content version (migration 070) and the member's activity version (migration 2026-11-26-010,
// bumped by triggers on every write to the member's answers, cards, notes and boxes — a
// re-judging bumps every member whose answers it changed). The route's guard reads both in the
// member's own statement, before any data, so a stored body is never older than its version and
// a write on any process is seen by the next request everywhere (decision 061).
//
// What depends on the clock carries the instant it stops being true (`until`): the review deck
// until its next card falls due, the statistics until the next midnight in Seoul. From then on
// the entry is a miss.
const MAX_BYTES = 32 * 1024 * 1024;

/** What a cached read computes. */
export interface MemberAnswer {
  /** The response, as the route's schema serializes it. */
  body: unknown;
  /** When (ms since the epoch) the body stops being true with no write at all; none: only a write changes it. */
  until?: number;
  /**
   * The version the body's data was read at, when the computation wrote first and read the
   * version again after its own write (the review deck's lazy sync, which raises the version
   * itself); by default the guard's.
   */
  version?: string;
}

interface Entry extends StoredBody {
  version: string;
  until: number | undefined;
}

/** The version text of a member row read together with the content version (guard(…, { contentVersion: true })). */
function versionOf(contentVersion: string, activityVersion: number | string): string {
  return `${contentVersion}/${String(activityVersion)}`;
}

/** The member's current version, read anew in one statement (after a computation's own write). */
export async function readMemberVersion(db: DbOrTx, memberCode: number): Promise<string> {
  const row = await db
    .selectFrom('members')
    .select(['members.activity_version', contentVersionSum.as('content_version')])
    .where('members.code', '=', memberCode)
    .executeTakeFirst();
  // A member deleted meanwhile: a version no guard reads, so the entry is never used.
  return row ? versionOf(versionText(row.content_version), row.activity_version) : 'member gone';
}

export class MemberCache {
  private readonly entries = new LRUCache<string, Entry>({ maxSize: MAX_BYTES, sizeCalculation: storedSize });

  private readonly computing = new SingleFlight<Entry>();

  /**
   * Answers sent from the cache, answers computed, and answers that waited for another request's
   * computation of the same body (`shared`), since the start (for tests and profiling).
   */
  readonly stats = { hits: 0, misses: 0, shared: 0 };

  /**
   * Answers the signed-in member's read from the cache while its version is unchanged and its
   * `until` has not come, else from `compute(now)`. Needs guard(…, { contentVersion: true }) on
   * the route: the versions come from the guard's statement, no round trip of their own.
   * `dataVersion`: a version of other members' data the body derives from (the answers version
   * of an exam's problems), read before the body's data. Errors are not cached.
   */
  async reply(request: FastifyRequest, reply: FastifyReply, compute: (now: Date) => Promise<MemberAnswer>, dataVersion?: string): Promise<FastifyReply> {
    const member: MemberRow = signedInMember(request);
    if (request.contentVersion === undefined)
      throw new Error(`MemberCache on ${request.routeOptions.url ?? request.url} without guard(…, { contentVersion: true })`);
    const version = withDataVersion(versionOf(request.contentVersion, member.activity_version), dataVersion);
    // The member's code leads the key: one member's answer is never another's.
    const key = `${member.code} ${request.url}`;
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.version === version && (entry.until === undefined || now < entry.until) && !asksFresh(request)) {
      this.stats.hits += 1;
      return sendStored(request, reply, entry);
    }
    return sendComputedOnce(request, reply, this.computing, this.stats, key, version, async () => {
      const answer = await compute(new Date(now));
      const stored: Entry = {
        version: answer.version === undefined ? version : withDataVersion(answer.version, dataVersion),
        until: answer.until,
        body: serializedBody(reply, answer.body),
      };
      this.entries.set(key, stored);
      return stored;
    });
  }
}
