import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../harness';
import { errorFormatProblems } from './error-format';
import { applyMutation, describeMutation, mutationArbitrary, objectKeys, type RouteShape } from './fuzz-request';
import { POLICY, type Actor } from './policy';
import { REQUESTS } from './requests';
import { buildWorld, type SignedInActor, type World } from './world';

// Issue 7 item 4, every route: fuzzed requests never get a 5xx, a stack trace or anything but the
// error format of decision 121. The routes are fuzzed in parts, one test file each
// (security/route-fuzz-*.test.ts), so the suite's workers share the work: in one file it was a
// quarter of the whole vitest run's time, and the run's last file to finish.

// FUZZ_RUNS, FUZZ_ROUTE_MS and FUZZ_SEED (tests may read the environment) make a run longer or
// repeatable: `FUZZ_RUNS=1000 FUZZ_ROUTE_MS=60000 npx vitest run --project server apps/server/src/security`.
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** A route's property stops early after this long, so each file stays within its time budget. */
const ROUTE_TIME_LIMIT_MS = Number(process.env.FUZZ_ROUTE_MS ?? 4_000);
const fcOptions = (numRuns: number) => ({ numRuns, interruptAfterTimeLimit: ROUTE_TIME_LIMIT_MS, ...(SEED === undefined ? {} : { seed: SEED }) });

/** The least privileged actor the policy allows, so a request reaches the handler. */
const CALLER_ORDER: Actor[] = ['student', 'lead', 'admin', 'superadmin', 'unapproved', 'anonymous'];
export const callerOf = (key: string): Actor => CALLER_ORDER.find((actor) => POLICY[key]![actor] === '2xx') ?? 'superadmin';

// Calls that can remove or demote the fixtures' members run last, so the others meet them intact.
const destructive = (key: string) => key.startsWith('DELETE ') || /\/v1\/member\/:code|retain-grade/.test(key);
const FUZZ_ORDER = Object.keys(POLICY).sort((a, b) => Number(destructive(a)) - Number(destructive(b)));

// Routes whose success is a file, not JSON: their refusals are still JSON.
const FILE_ROUTES = new Set([
  'GET /v1/test/:id/export',
  'GET /v1/test/:id/item-analysis/xlsx',
  'GET /boards/:id/contents/:contentId/attachment',
  'GET /v1/test/import-template',
  'GET /v1/box/:id/export',
]);

function responseProblems(key: string, response: LightMyRequestResponse): string[] {
  const problems = errorFormatProblems(response);
  if (response.statusCode < 300 && !FILE_ROUTES.has(key) && !String(response.headers['content-type']).startsWith('application/json')) {
    problems.push(`2xx without JSON: ${response.headers['content-type']}`);
  }
  return problems;
}

/** Every `parts`-th route of the policy table from `part` (0-based), in the fuzzing order, on a world of its own. */
export function describeRouteFuzz(part: number, parts: number): void {
  const keys = FUZZ_ORDER.filter((_, index) => index % parts === part);

  describe.each(testDialects)(`every route, part ${part + 1} of ${parts}, on %s`, (dialect) => {
    let w: World;

    beforeAll(async () => {
      w = await buildWorld(dialect);
    });
    afterAll(async () => w?.t.close());

    if (part === 0) {
      it('fuzzes exactly the routes of the route table', () => {
        expect([...FUZZ_ORDER].sort()).toEqual(w.routes.map((route) => route.key).sort());
      });
    }

    it.each(keys)('%s', async (key) => {
      const route = w.routes.find((candidate) => candidate.key === key);
      if (!route) throw new Error(`${key} is not registered`);
      const shape: RouteShape = { queryKeys: objectKeys(route.schema?.querystring), bodyKeys: objectKeys(route.schema?.body) };
      const actor = callerOf(key);
      for (const signedIn of Object.keys(w.members) as SignedInActor[]) await w.restoreActor(signedIn);
      const sample = await REQUESTS[key]!(w, actor);
      const runs = FILE_ROUTES.has(key) ? Math.ceil(RUNS_PER_ROUTE / 4) : RUNS_PER_ROUTE;

      await fc.assert(
        fc.asyncProperty(mutationArbitrary(sample, shape), async (mutation) => {
          const plan = await REQUESTS[key]!(w, actor);
          const request = applyMutation(plan, shape, mutation);
          const response = await w.call(actor, request);
          if (plan.endsLogin && actor !== 'anonymous') await w.relogin(actor);
          const problems = responseProblems(key, response);
          if (problems.length > 0) {
            throw new Error(
              `${request.method} ${request.url.slice(0, 200)} as ${actor} with ${describeMutation(mutation)}: ${response.statusCode} ${problems.join('; ')}`,
            );
          }
        }),
        fcOptions(runs),
      );
    });
  });
}
