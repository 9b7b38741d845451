import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../testing/harness';
import { errorFormatProblems } from '../testing/security/error-format';
import { ACTORS, POLICY, VARIANT_POLICY, routeOfVariant, type Expected, type RoutePolicy } from '../testing/security/policy';
import { REQUESTS, VARIANT_REQUESTS, toInject, type RequestBuilder } from '../testing/security/requests';
import { buildWorld, type World } from '../testing/security/world';

// Issue 7 item 3: every route Fastify registers, called as every actor with a well-formed
// request, against the one policy table (./policy.ts).

const matches = (expected: Expected, status: number) => (expected === '2xx' ? status >= 200 && status < 300 : status === expected);

describe.each(testDialects)('authorization matrix on %s', (dialect) => {
  let w: World;

  beforeAll(async () => {
    w = await buildWorld(dialect);
  });
  afterAll(async () => w?.t.close());

  it('declares a policy and a request for every registered route, and nothing else', () => {
    const registered = w.routes.map((route) => route.key);
    expect(new Set(registered).size).toBe(registered.length);
    expect(
      registered.filter((key) => !(key in POLICY)),
      'routes without a policy entry',
    ).toEqual([]);
    expect(
      Object.keys(POLICY).filter((key) => !registered.includes(key)),
      'policy entries of no registered route',
    ).toEqual([]);
    expect(
      Object.keys(POLICY).filter((key) => !(key in REQUESTS)),
      'policy entries without a request',
    ).toEqual([]);
    expect(
      Object.keys(VARIANT_POLICY).filter((key) => !(key in POLICY) && !(routeOfVariant(key) in POLICY)),
      'variants of unknown routes',
    ).toEqual([]);
    expect(
      Object.keys(VARIANT_POLICY).filter((key) => !(key in VARIANT_REQUESTS)),
      'variants without a request',
    ).toEqual([]);
  });

  async function check(key: string, policy: RoutePolicy, build: RequestBuilder) {
    const failures: string[] = [];
    for (const actor of ACTORS) {
      const plan = await build(w, actor);
      expect(`${plan.method} ${plan.route}`).toBe(routeOfVariant(key));
      const response = await w.call(actor, toInject(plan));
      if (!matches(policy[actor], response.statusCode)) {
        failures.push(`${actor}: expected ${policy[actor]}, got ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
      const format = errorFormatProblems(response);
      if (format.length > 0) failures.push(`${actor}: ${format.join('; ')}`);
      if (plan.endsLogin && actor !== 'anonymous') await w.relogin(actor);
    }
    expect(failures, key).toEqual([]);
  }

  it.each(Object.keys(POLICY))('%s', async (key) => {
    const build = REQUESTS[key];
    if (!build) throw new Error(`no request for ${key}`);
    await check(key, POLICY[key]!, build);
  });

  it.each(Object.keys(VARIANT_POLICY))('%s', async (key) => {
    await check(key, VARIANT_POLICY[key]!, VARIANT_REQUESTS[key]!);
  });

  it('leaves every actor signed in with the role it started with', async () => {
    for (const [actor, member] of Object.entries(w.members)) {
      const me = await w.call(actor as keyof typeof w.members, { method: 'GET', url: '/v1/auth/me' });
      expect(me.statusCode, actor).toBe(200);
      expect(me.json().user).toMatchObject({ code: member.code, authority: member.authority, validated: member.validated });
    }
  });
});
