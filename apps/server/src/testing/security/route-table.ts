import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

/** One route as Fastify registered it: `METHOD /path/:param`. */
export interface RegisteredRoute {
  key: string;
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

// Fastify announces every new instance on this channel before any plugin or route is added
// (fastify.js publishes `{ fastify }` at the end of the factory). An onRoute hook added there
// sees every route the app registers, in every plugin, with no change to buildApp.
const INIT_CHANNEL = 'fastify.initialization';

// Not API routes: @fastify/static's file routes for /uploads and the web app's files.
const STATIC_PREFIXES = ['/uploads/'];
const isStatic = (url: string) => STATIC_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === '/*' || url === '/';

/**
 * Runs `build` (which creates the app) while collecting the routes it registers. HEAD routes
 * are Fastify's automatic twins of the GET routes and are left out, like the static files.
 */
export async function collectRoutes<T>(build: () => Promise<T>): Promise<{ result: T; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = [];
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || isStatic(route.url)) continue;
        routes.push({ key: `${method} ${route.url}`, method, url: route.url, schema: route.schema });
      }
    });
  };
  diagnostics.subscribe(INIT_CHANNEL, onInit);
  try {
    const result = await build();
    return { result, routes };
  } finally {
    diagnostics.unsubscribe(INIT_CHANNEL, onInit);
  }
}

/** The URL of a route with its `:params` filled in, URL-encoded. */
export function fillPath(url: string, params: Record<string, string | number>): string {
  return url.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${url}`);
    return encodeURIComponent(String(value));
  });
}

/** The names of a route's path parameters, in order. */
export function pathParams(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
}
