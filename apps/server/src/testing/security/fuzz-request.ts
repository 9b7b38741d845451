import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { Json, PlannedRequest } from './requests';
import { HOSTILE_KEYS, HUGE_SIZES, RAW_BODIES, RAW_NUMERALS, RAW_PATH_SEGMENTS, WRONG_CONTENT_TYPES, hostileJson, hostileParam } from './hostile-values';
import { pathParams } from './route-table';

// A mutation turns a route's well-formed request into a malformed one. Mutations are plain data
// (fast-check generates, prints and shrinks them); `applyMutation` turns one into a request.

export type Mutation =
  | { kind: 'param'; pick: number; value: string }
  | { kind: 'rawParam'; pick: number; segment: string }
  | { kind: 'query'; pick: number; value: string }
  | { kind: 'queryKey'; key: string; value: string }
  | { kind: 'queryRepeat'; pick: number; values: string[] }
  | { kind: 'queryRaw'; text: string }
  | { kind: 'field'; pick: number; value: Json }
  | { kind: 'fieldNumeral'; pick: number; numeral: string }
  | { kind: 'drop'; pick: number }
  | { kind: 'addKey'; key: string; value: Json }
  | { kind: 'body'; value: Json }
  | { kind: 'rawBody'; text: string }
  | { kind: 'contentType'; type: string }
  | { kind: 'huge'; pick: number; size: number; unit: string };

/** What a route's schema says about its query and body (top-level names). */
export interface RouteShape {
  queryKeys: string[];
  bodyKeys: string[];
}

type ZodLike = { _zod?: { def?: Record<string, unknown> } } | undefined;

/** The keys of a zod object schema, looking through optional, default, pipe and transform wrappers. */
export function objectKeys(schema: unknown): string[] {
  let current = schema as ZodLike;
  for (let depth = 0; depth < 10 && current?._zod?.def; depth += 1) {
    const def = current._zod.def;
    if (def.type === 'object') return Object.keys(def.shape as object);
    current = (def.in ?? def.innerType ?? def.schema) as ZodLike;
  }
  return [];
}

const index = fc.nat({ max: 1000 });

/** Mutations that make sense for the route: no body ones for GET, no path ones without params. */
export function mutationArbitrary(plan: PlannedRequest, shape: RouteShape): fc.Arbitrary<Mutation> {
  const options: Array<fc.WeightedArbitrary<Mutation>> = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<Mutation>) => options.push({ weight, arbitrary });
  if (pathParams(plan.route).length > 0) {
    add(4, fc.record({ kind: fc.constant('param' as const), pick: index, value: hostileParam }));
    add(2, fc.record({ kind: fc.constant('rawParam' as const), pick: index, segment: fc.constantFrom(...RAW_PATH_SEGMENTS) }));
  }
  if (shape.queryKeys.length > 0 || plan.method === 'GET') {
    add(4, fc.record({ kind: fc.constant('query' as const), pick: index, value: hostileParam }));
    add(1, fc.record({ kind: fc.constant('queryRepeat' as const), pick: index, values: fc.array(hostileParam, { minLength: 2, maxLength: 3 }) }));
  }
  add(
    1,
    fc.record({
      kind: fc.constant('queryKey' as const),
      key: fc.constantFrom(...HOSTILE_KEYS, '__proto__[x]', 'a[]', 'constructor[prototype][x]'),
      value: hostileParam,
    }),
  );
  add(
    1,
    fc.record({
      kind: fc.constant('queryRaw' as const),
      text: fc.constantFrom('%', '%zz', '&&==&', '=1', '__proto__[isAdmin]=1', 'page=1&page=2&page[]=3', 'a=%E0%A4%A', '%00=%00', 'q=' + '%'.repeat(10)),
    }),
  );
  if (plan.method !== 'GET') {
    add(6, fc.record({ kind: fc.constant('field' as const), pick: index, value: hostileJson }));
    add(2, fc.record({ kind: fc.constant('fieldNumeral' as const), pick: index, numeral: fc.constantFrom(...RAW_NUMERALS) }));
    add(2, fc.record({ kind: fc.constant('drop' as const), pick: index }));
    add(2, fc.record({ kind: fc.constant('addKey' as const), key: fc.constantFrom(...HOSTILE_KEYS), value: hostileJson }));
    add(2, fc.record({ kind: fc.constant('body' as const), value: hostileJson }));
    add(3, fc.record({ kind: fc.constant('rawBody' as const), text: fc.constantFrom(...RAW_BODIES) }));
    add(1, fc.record({ kind: fc.constant('contentType' as const), type: fc.constantFrom(...WRONG_CONTENT_TYPES) }));
    add(
      1,
      fc.record({
        kind: fc.constant('huge' as const),
        pick: index,
        size: fc.constantFrom(...HUGE_SIZES),
        unit: fc.constantFrom('a', '가', '🩺', '<', '\\', '"'),
      }),
    );
  }
  return fc.oneof(...options);
}

type Path = Array<string | number>;

/** Every place in a JSON value that a mutation may replace or remove. */
function pathsOf(value: Json | undefined, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return prefix.length ? [prefix] : [];
  const entries: Array<[string | number, Json]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return [...(prefix.length ? [prefix] : []), ...entries.flatMap(([key, child]) => pathsOf(child, [...prefix, key]))];
}

function setAt(root: Json, path: Path, value: Json | undefined): Json {
  if (path.length === 0) return value ?? null;
  const copy: Json = Array.isArray(root) ? [...root] : { ...(root as Record<string, Json>) };
  const [head, ...rest] = path;
  const container = copy as Record<string | number, Json>;
  if (rest.length === 0) {
    if (value === undefined) {
      if (Array.isArray(copy)) copy.splice(head as number, 1);
      else delete container[head!];
    } else container[head!] = value;
    return copy;
  }
  container[head!] = setAt(container[head!] ?? {}, rest, value);
  return copy;
}

const SENTINEL = '\u0001raw\u0001';

/**
 * Percent-encodes any string, also one with a lone surrogate (which encodeURIComponent refuses):
 * such a half character goes out as the bytes Node writes for it.
 */
function encodeLoose(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
}

function queryString(query: Record<string, string | string[]>): string {
  return Object.entries(query)
    .flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${encodeLoose(key)}=${encodeLoose(v)}`))
    .join('&');
}

/** The injected request of a plan with one mutation applied. */
export function applyMutation(plan: PlannedRequest, shape: RouteShape, mutation: Mutation): InjectOptions & { url: string } {
  const names = pathParams(plan.route);
  const params: Record<string, string> = Object.fromEntries(names.map((name) => [name, encodeLoose(String(plan.params?.[name] ?? ''))]));
  const query: Record<string, string | string[]> = { ...plan.query };
  const queryKeys = [...new Set([...Object.keys(query), ...shape.queryKeys])];
  let rawQuery = '';
  let body: Json | undefined = plan.body;
  let text: string | undefined;
  let contentType = 'application/json';
  const fieldPaths = [...pathsOf(body), ...shape.bodyKeys.filter((key) => !(body && typeof body === 'object' && key in body)).map((key) => [key])];
  const pickPath = (pick: number) => fieldPaths[pick % Math.max(fieldPaths.length, 1)] ?? ['value'];
  const objectBody = () => (body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {});

  switch (mutation.kind) {
    case 'param':
      if (names.length) params[names[mutation.pick % names.length]!] = encodeLoose(mutation.value);
      break;
    case 'rawParam':
      if (names.length) params[names[mutation.pick % names.length]!] = mutation.segment;
      break;
    case 'query':
      if (queryKeys.length) query[queryKeys[mutation.pick % queryKeys.length]!] = mutation.value;
      else query.q = mutation.value;
      break;
    case 'queryKey':
      query[mutation.key] = mutation.value;
      break;
    case 'queryRepeat':
      query[queryKeys.length ? queryKeys[mutation.pick % queryKeys.length]! : 'page'] = mutation.values;
      break;
    case 'queryRaw':
      rawQuery = mutation.text;
      break;
    case 'field':
      body = setAt(objectBody(), pickPath(mutation.pick), mutation.value);
      break;
    case 'fieldNumeral':
      body = setAt(objectBody(), pickPath(mutation.pick), SENTINEL);
      text = JSON.stringify(body).replace(JSON.stringify(SENTINEL), mutation.numeral);
      break;
    case 'drop':
      body = fieldPaths.length ? setAt(objectBody(), pickPath(mutation.pick), undefined) : {};
      break;
    case 'addKey': {
      // Written as text: a `__proto__` key in an object literal would set the prototype instead.
      const rest = JSON.stringify(objectBody()).slice(1);
      text = `{${JSON.stringify(mutation.key)}:${JSON.stringify(mutation.value)}${rest === '}' ? '' : ','}${rest}`;
      break;
    }
    case 'body':
      body = mutation.value;
      break;
    case 'rawBody':
      text = mutation.text;
      break;
    case 'contentType':
      contentType = mutation.type;
      text = JSON.stringify(body ?? {});
      break;
    case 'huge':
      body = setAt(objectBody(), pickPath(mutation.pick), mutation.unit.repeat(Math.ceil(mutation.size / mutation.unit.length)));
      break;
  }

  const path = plan.route.replace(/:([A-Za-z_]+)/g, (_, name: string) => params[name] ?? '');
  const search = [queryString(query), rawQuery].filter(Boolean).join('&');
  const payload = text ?? (body === undefined ? undefined : JSON.stringify(body));
  return {
    method: plan.method,
    url: search ? `${path}?${search}` : path,
    ...(payload === undefined ? {} : { payload, headers: { 'content-type': contentType } }),
  };
}

/** A short description of a mutation for failure messages (huge values cut). */
export function describeMutation(mutation: Mutation): string {
  return JSON.stringify(mutation, (_, value: unknown) =>
    typeof value === 'string' && value.length > 120 ? `${value.slice(0, 60)}…(${value.length} chars)` : value,
  );
}
