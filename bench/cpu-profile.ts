// The arithmetic of `npm run bench:profile` (scripts/bench-profile.mjs) on a V8 .cpuprofile as
// `node --cpu-prof` writes it. Pure: no files, no processes. TypeScript so the server's vitest
// and tsc check it (apps/server/src/ops/bench-cpu-profile.test.ts).
import path from 'node:path';

export interface CallFrame {
  functionName: string;
  url: string;
  /** 0-based, -1 for V8's pseudo-frames. */
  lineNumber: number;
  columnNumber: number;
}

export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
  hitCount?: number;
}

/** startTime/endTime in µs of V8's monotonic clock; timeDeltas[i]: µs from sample i-1 (or startTime) to sample i. */
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Frame {
  function: string;
  location: string;
}

/** When each sample was taken, in the profile's clock (µs). */
export function sampleTimes(profile: CpuProfile): number[] {
  let t = profile.startTime;
  return profile.samples.map((_, i) => (t += profile.timeDeltas[i] ?? 0));
}

/**
 * The profile cut to the samples taken in [fromUs, toUs): start-up and warm-up dropped. The
 * nodes stay (a viewer loads it as any profile); their hitCount is recounted for the window.
 */
export function trimProfile(profile: CpuProfile, fromUs: number, toUs: number): CpuProfile {
  if (!(fromUs < toUs)) throw new Error(`empty window: ${fromUs}–${toUs} µs`);
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let previous = fromUs;
  sampleTimes(profile).forEach((t, i) => {
    if (t < fromUs || t >= toUs) return;
    samples.push(profile.samples[i] as number);
    timeDeltas.push(t - previous);
    previous = t;
  });
  const hits = new Map<number, number>();
  for (const id of samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  return {
    ...profile,
    nodes: profile.nodes.map((node) => ({ ...node, hitCount: hits.get(node.id) ?? 0 })),
    startTime: fromUs,
    endTime: toUs,
    samples,
    timeDeltas,
  };
}

const IDLE = '(idle)';
const NODE_MODULES = '/node_modules/';

/** Maps a frame of the app's bundle (url, 0-based line and column) to the module it counts in, or null. */
export type AppModule = (url: string, lineNumber: number, columnNumber: number) => string | null;

/**
 * The module a frame belongs to: the npm package (the innermost node_modules/ of its path),
 * `node:<area>` for Node's own JavaScript (node:_http_server → node:http, node:internal/streams/…
 * → node:streams), V8's pseudo-frames by name ((program), (garbage collector)), `(native)` for the
 * engine's built-ins (no url), and for anything else what `appModule` says (the script maps the
 * bundle's frames to source files with its source map) or else the url.
 */
export function moduleOf(callFrame: CallFrame, appModule: AppModule = () => null): string {
  const { url, functionName, lineNumber, columnNumber } = callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const inPackages = url.lastIndexOf(NODE_MODULES);
  if (inPackages >= 0) {
    const [scope = '', name = ''] = url.slice(inPackages + NODE_MODULES.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  if (url.startsWith('node:')) {
    const area =
      url
        .slice('node:'.length)
        .replace(/^internal\//, '')
        .split('/')[0] ?? '';
    return `node:${area.startsWith('_') ? area.slice(1).split('_')[0] : area}`;
  }
  return appModule(url, lineNumber, columnNumber) ?? url;
}

/** A frame as V8 names it: its function and url:line (1-based), the path shortened after node_modules/. */
export function defaultFrame({ functionName, url, lineNumber }: CallFrame): Frame {
  const inPackages = url.lastIndexOf(NODE_MODULES);
  const file = inPackages >= 0 ? url.slice(inPackages + NODE_MODULES.length) : url.replace(/^file:\/\//, '');
  const location = file ? `${file}:${lineNumber + 1}` : functionName.startsWith('(') ? '(V8)' : '(native)';
  return { function: functionName || '(anonymous)', location };
}

/** How long each sample stands for (µs): until the next one, the last until the profile's end. */
function sampleWeights(profile: CpuProfile): number[] {
  const times = sampleTimes(profile);
  return times.map((t, i) => Math.max(0, (times[i + 1] ?? profile.endTime) - t));
}

export interface FrameRow extends Frame {
  module: string;
  selfUs: number;
  selfShare: number;
}

export interface ModuleRow {
  module: string;
  selfUs: number;
  inclusiveUs: number;
  selfShare: number;
  inclusiveShare: number;
}

export interface ProfileSummary {
  windowUs: number;
  samples: number;
  idleUs: number;
  busyUs: number;
  /** The top frames by self time. */
  frames: FrameRow[];
  /** Every module by inclusive time. */
  modules: ModuleRow[];
}

export interface SummaryOptions {
  top?: number;
  /** Names a frame; frames with the same function and location are one row, however many call paths reach them. */
  frameOf?: (callFrame: CallFrame) => Frame;
  moduleOf?: (callFrame: CallFrame) => string;
  /** A group a module also counts in (the app's source files as one row), or null. */
  groupOf?: (module: string) => string | null;
}

/**
 * Where the time went. Shares are of the non-idle time. A module's inclusive time counts each
 * sample once if the module is anywhere on its stack; the engine's own frames ((native), V8's
 * pseudo-frames) count only their self time, since runMicrotasks and the like sit under most async
 * code and would count nearly every sample as callers.
 */
export function summarizeProfile(profile: CpuProfile, options: SummaryOptions = {}): ProfileSummary {
  const { top = 25, frameOf = defaultFrame, groupOf = () => null } = options;
  const moduleOfFrame = options.moduleOf ?? ((callFrame: CallFrame) => moduleOf(callFrame));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nodeOf = (id: number): ProfileNode => {
    const node = byId.get(id);
    if (!node) throw new Error(`the profile samples node ${id}, which it does not have`);
    return node;
  };

  const weights = sampleWeights(profile);
  const selfByNode = new Map<number, number>();
  profile.samples.forEach((id, i) => selfByNode.set(id, (selfByNode.get(id) ?? 0) + (weights[i] ?? 0)));

  const moduleCache = new Map<number, string>();
  const moduleOfNode = (id: number): string => {
    let name = moduleCache.get(id);
    if (name === undefined) {
      name = moduleOfFrame(nodeOf(id).callFrame);
      moduleCache.set(id, name);
    }
    return name;
  };

  let idleUs = 0;
  let busyUs = 0;
  const frames = new Map<string, Omit<FrameRow, 'selfShare'>>();
  const modules = new Map<string, Omit<ModuleRow, 'selfShare' | 'inclusiveShare'>>();
  const moduleRow = (name: string) => {
    let row = modules.get(name);
    if (!row) {
      row = { module: name, selfUs: 0, inclusiveUs: 0 };
      modules.set(name, row);
    }
    return row;
  };
  for (const [id, us] of selfByNode) {
    const { callFrame } = nodeOf(id);
    if (callFrame.functionName === IDLE) {
      idleUs += us;
      continue;
    }
    busyUs += us;
    const own = moduleOfNode(id);
    const frame = frameOf(callFrame);
    const key = `${frame.function}\0${frame.location}`;
    const row = frames.get(key) ?? { ...frame, module: own, selfUs: 0 };
    row.selfUs += us;
    frames.set(key, row);

    const ownGroup = groupOf(own);
    for (const name of ownGroup ? [own, ownGroup] : [own]) moduleRow(name).selfUs += us;
    const onStack = new Set([own]);
    for (let at = parent.get(id); at !== undefined; at = parent.get(at)) {
      const name = moduleOfNode(at);
      if (!name.startsWith('(')) onStack.add(name);
    }
    for (const name of [...onStack]) {
      const group = groupOf(name);
      if (group) onStack.add(group);
    }
    for (const name of onStack) moduleRow(name).inclusiveUs += us;
  }

  const share = (us: number) => (busyUs > 0 ? us / busyUs : 0);
  return {
    windowUs: profile.endTime - profile.startTime,
    samples: profile.samples.length,
    idleUs,
    busyUs,
    frames: [...frames.values()]
      .sort((a, b) => b.selfUs - a.selfUs)
      .slice(0, top)
      .map((row) => ({ ...row, selfShare: share(row.selfUs) })),
    modules: [...modules.values()]
      .sort((a, b) => b.inclusiveUs - a.inclusiveUs || b.selfUs - a.selfUs)
      .map((row) => ({ ...row, selfShare: share(row.selfUs), inclusiveShare: share(row.inclusiveUs) })),
  };
}

/** What a source map says of a bundle position (as node:module's SourceMap.findEntry: 0-based; empty when unmapped). */
export interface SourceEntry {
  originalSource?: string;
  originalLine?: number;
}

/**
 * Resolves frames of the bundle at `bundleUrl` to its sources: frames get source file:line, and
 * modules are source files relative to `root` (apps/server/src/…, packages/shared/src/…).
 * `lookup(line, column)` reads the source map; relative sources are resolved against `mapDir`.
 */
export function bundleResolver({
  bundleUrl,
  lookup,
  mapDir,
  root,
}: {
  bundleUrl: string;
  lookup: (line: number, column: number) => SourceEntry;
  mapDir: string;
  root: string;
}): { appModule: AppModule; frameOf: (callFrame: CallFrame) => Frame } {
  const source = (url: string, lineNumber: number, columnNumber: number) => {
    if (url !== bundleUrl || lineNumber < 0) return null;
    const { originalSource, originalLine } = lookup(lineNumber, columnNumber);
    if (!originalSource || originalLine === undefined) return null;
    const file = originalSource.startsWith('file://') ? new URL(originalSource).pathname : path.resolve(mapDir, originalSource);
    return { file: path.relative(root, file), line: originalLine + 1 };
  };
  return {
    appModule: (url, lineNumber, columnNumber) => source(url, lineNumber, columnNumber)?.file ?? null,
    frameOf: (callFrame) => {
      const resolved = source(callFrame.url, callFrame.lineNumber, callFrame.columnNumber);
      return resolved ? { function: callFrame.functionName || '(anonymous)', location: `${resolved.file}:${resolved.line}` } : defaultFrame(callFrame);
    },
  };
}
