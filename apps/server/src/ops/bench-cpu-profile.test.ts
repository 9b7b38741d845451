import { describe, expect, it } from 'vitest';
import { bundleResolver, moduleOf, sampleTimes, summarizeProfile, trimProfile, type CallFrame, type CpuProfile } from '../../../../bench/cpu-profile';

// The arithmetic of `npm run bench:profile` (scripts/bench-profile.mjs): bench/ has no test runner
// of its own, so its pure module is tested here.

const BUNDLE = 'file:///repo/apps/server/dist/main.js';
const frame = (functionName: string, url = '', lineNumber = 0, columnNumber = 0): CallFrame => ({ functionName, url, lineNumber, columnNumber });

// (root) ─┬─ (idle)                                  id 2
//         ├─ (program)                               id 3
//         └─ handler (bundle line 10) ─┬─ executeQuery (kysely)   id 5
//                                      └─ writev (native) ─ parse (bundle line 20)   ids 6, 7
// handler id 4. `parse` under a native frame: the native frame must not count it as a caller.
const nodes = [
  { id: 1, callFrame: frame('(root)', '', -1, -1), children: [2, 3, 4] },
  { id: 2, callFrame: frame('(idle)', '', -1, -1) },
  { id: 3, callFrame: frame('(program)', '', -1, -1) },
  { id: 4, callFrame: frame('handler', BUNDLE, 10, 4), children: [5, 6] },
  { id: 5, callFrame: frame('executeQuery', 'file:///repo/node_modules/kysely/dist/esm/dialect/sqlite/sqlite-driver.js', 59, 2) },
  { id: 6, callFrame: frame('writev'), children: [7] },
  { id: 7, callFrame: frame('parse', BUNDLE, 20, 0) },
];

/** A profile whose sample i is taken at `times[i]` µs and stands until the next (the last until `end`). */
function profileAt(samples: number[], times: number[], end: number): CpuProfile {
  const start = 1_000;
  return { nodes, startTime: start, endTime: end, samples, timeDeltas: times.map((t, i) => t - (times[i - 1] ?? start)) };
}

describe('trimProfile', () => {
  const whole = profileAt([3, 4, 5, 4, 2, 3], [1_100, 1_200, 1_300, 1_400, 1_500, 1_600], 1_700);

  it('keeps the samples taken inside the window, their deltas counted from its start', () => {
    const trimmed = trimProfile(whole, 1_250, 1_500);
    expect(trimmed.samples).toEqual([5, 4]);
    expect(trimmed.timeDeltas).toEqual([50, 100]);
    expect([trimmed.startTime, trimmed.endTime]).toEqual([1_250, 1_500]);
    expect(sampleTimes(trimmed)).toEqual([1_300, 1_400]);
    expect(trimmed.nodes.find((n) => n.id === 4)?.hitCount).toBe(1);
    expect(trimmed.nodes.find((n) => n.id === 3)?.hitCount).toBe(0);
  });

  it('refuses an empty window', () => {
    expect(() => trimProfile(whole, 1_500, 1_500)).toThrow(/empty window/);
  });
});

describe('summarizeProfile', () => {
  // Weights: (program) 100, handler 100, executeQuery 200, parse 300, (idle) 300 → 700 µs busy.
  const profile = profileAt([3, 4, 5, 7, 2], [1_000, 1_100, 1_200, 1_400, 1_700], 2_000);
  const summary = summarizeProfile(profile, { groupOf: (module) => (module.endsWith('.ts') ? 'app' : null), moduleOf: (cf) => moduleOf(cf, appModule) });
  const share = (name: string) => summary.modules.find((m) => m.module === name);

  it('leaves idle time out of the shares', () => {
    expect(summary.idleUs).toBe(300);
    expect(summary.busyUs).toBe(700);
    expect(summary.windowUs).toBe(1_000);
  });

  it('ranks frames by self time', () => {
    expect(summary.frames.map((f) => [f.function, Math.round(f.selfShare * 700)])).toEqual([
      ['parse', 300],
      ['executeQuery', 200],
      ['(program)', 100],
      ['handler', 100],
    ]);
  });

  it('counts a module once per sample on the stack, and built-ins only for their own time', () => {
    expect(share('src/handler.ts')).toMatchObject({ selfUs: 100, inclusiveUs: 600 });
    expect(share('src/parse.ts')).toMatchObject({ selfUs: 300, inclusiveUs: 300 });
    expect(share('kysely')).toMatchObject({ selfUs: 200, inclusiveUs: 200 });
    expect(share('app')).toMatchObject({ selfUs: 400, inclusiveUs: 600 });
    expect(share('(program)')?.inclusiveShare).toBeCloseTo(100 / 700);
    expect(share('(native)')).toBeUndefined();
  });
});

function appModule(url: string, line: number) {
  if (url !== BUNDLE) return null;
  return line < 15 ? 'src/handler.ts' : 'src/parse.ts';
}

describe('moduleOf', () => {
  it.each([
    ['file:///repo/node_modules/fastify/lib/route.js', 'fastify'],
    ['file:///repo/node_modules/@fastify/cookie/plugin.js', '@fastify/cookie'],
    ['file:///repo/node_modules/fastify/node_modules/find-my-way/index.js', 'find-my-way'],
    ['node:_http_server', 'node:http'],
    ['node:_http_outgoing', 'node:http'],
    ['node:internal/streams/writable', 'node:streams'],
    ['node:net', 'node:net'],
    ['file:///elsewhere/script.js', 'file:///elsewhere/script.js'],
  ])('%s → %s', (url, module) => {
    expect(moduleOf(frame('f', url))).toBe(module);
  });

  it("names V8's pseudo-frames and built-ins", () => {
    expect(moduleOf(frame('(garbage collector)'))).toBe('(garbage collector)');
    expect(moduleOf(frame('writev'))).toBe('(native)');
  });
});

describe('bundleResolver', () => {
  const resolver = bundleResolver({
    bundleUrl: BUNDLE,
    lookup: (line) => (line === 10 ? { originalSource: '../src/study/review-routes.ts', originalLine: 41 } : {}),
    mapDir: '/repo/apps/server/dist',
    root: '/repo',
  });

  it("gives the bundle's frames their source file and 1-based line", () => {
    expect(resolver.frameOf(frame('handler', BUNDLE, 10, 4))).toEqual({ function: 'handler', location: 'apps/server/src/study/review-routes.ts:42' });
    expect(resolver.appModule(BUNDLE, 10, 4)).toBe('apps/server/src/study/review-routes.ts');
  });

  it('leaves other frames and unmapped positions as V8 names them', () => {
    expect(resolver.frameOf(frame('f', BUNDLE, 11, 0))).toEqual({ function: 'f', location: '/repo/apps/server/dist/main.js:12' });
    expect(resolver.appModule(BUNDLE, 11, 0)).toBeNull();
    expect(resolver.frameOf(frame('route', 'file:///repo/node_modules/fastify/lib/route.js', 464, 0))).toEqual({
      function: 'route',
      location: 'fastify/lib/route.js:465',
    });
  });
});
