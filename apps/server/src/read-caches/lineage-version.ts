import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../core/context';
import type { DbOrTx } from '../core/db';
import { reusedQuery } from '../core/reused-query';
import type { Database } from '../db/schema';
import { lineageVersionSum, versionText } from './data-versions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The lineage version, when the route's guard read it with the member (guard(…, { contentVersion: true })). */
    lineageVersion?: string;
  }
}

// Decision 211: the 출제 이력 reads (a problem's lineage, the 출제 N회 badges, a class's
// recurrence, 빈출순 lists, the whole-bank search) derive from the content tables and from the
// lineage tables, which the detection worker writes all the time without raising the content
// version. Their bodies are kept in ctx.lineageCache under both versions: the lineage version is
// the sum of the rows of lineage_versions, raised by triggers on every write that changes a
// lineage row (migration 2026-12-07-211). Like the content version it is read before the data
// (in the guard's statement, or here), so a stored body is never older than its version.

// Compiled once (../core/reused-query.ts), like the content version's own read.
const readLineageVersion = reusedQuery((db: Kysely<Database>) => db.selectNoFrom(lineageVersionSum.as('version')));

/** The lineage version the guard read, else read now (still before the body's data). */
export async function lineageVersionOf(request: FastifyRequest, db: DbOrTx): Promise<string> {
  if (request.lineageVersion !== undefined) return request.lineageVersion;
  const [row] = await readLineageVersion(db, []);
  return versionText(row?.version);
}

/** The data-version text a cached read depending on lineages passes on (MemberCache, ResponseCache). */
export async function lineageDataVersion(ctx: Pick<AppContext, 'db'>, request: FastifyRequest): Promise<string> {
  return `lineage ${await lineageVersionOf(request, ctx.db)}`;
}

/**
 * Answers a lineage read from ctx.lineageCache while the content and lineage versions are unchanged.
 * `viewer`: the kind of reader the body differs by (a lead's lineage adds the suggestions), part
 * of the key; none when every approved member gets the same body.
 */
export async function replyWithLineages(
  ctx: Pick<AppContext, 'db' | 'lineageCache'>,
  request: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<unknown>,
  viewer?: string,
): Promise<FastifyReply> {
  return ctx.lineageCache.reply(request, reply, compute, await lineageDataVersion(ctx, request), viewer);
}
