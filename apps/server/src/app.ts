import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import helmet from 'helmet';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@qbank/shared/errors';
import { authRoutes } from './auth/routes';
import { passwordChangeRoutes } from './auth/password-change-routes';
import { boardRoutes } from './boards/routes';
import { memberRoutes } from './members/routes';
import { classRoutes } from './classes/routes';
import { problemRoutes } from './problems/routes';
import { problemAuthoringRoutes } from './authoring/routes';
import { problemCreateRoutes } from './authoring/create-routes';
import { importRoutes } from './imports/routes';
import { assignmentRoutes } from './assignments/routes';
import { subjectRoutes } from './subjects/routes';
import { testRoutes } from './exams/routes';
import { exportRoutes } from './export/routes';
import { boxRoutes } from './boxes/routes';
import { replyRoutes } from './replies/routes';
import { solveRoutes } from './solve/routes';
import { statsRoutes } from './stats/routes';
import { studyRoutes } from './study/routes';
import { reviewRoutes } from './study/review-routes';
import { noteRoutes } from './notes/routes';
import { lineageRoutes } from './lineage/routes';
import { examDateRoutes } from './exam-dates/routes';
import { disputeRoutes } from './disputes/routes';
import { notificationRoutes } from './notifications/routes';
import { submissionReviewRoutes } from './authoring/submission-review-routes';
import { auditRoutes } from './audit/routes';
import { enterRequestScope } from './audit/request-scope';
import { installMetrics } from './metrics/routes';
import { countingStore } from './metrics/registry';
import { annotationRoutes } from './annotations/routes';
import { ratingRoutes } from './ratings/routes';
import { settingsRoutes } from './settings/routes';
import { referenceRoutes } from './reference/routes';
import { Health } from './core/health';
import { readinessFailures } from './core/readiness';
import { REQUEST_ID_HEADER, requestIdOf } from './core/request-id';
import { MemberCache } from './read-caches/member-cache';
import { ResponseCache } from './read-caches/response-cache';
import { ServerPaint } from './server-paint/server-paint';
import { SharedRedis } from './core/shared-redis';
import { sharedRateLimitStore } from './limits/rate-limit-store';
import { createFileStore } from './storage/create-store';
import { bucketUploadRoutes } from './storage/routes';
import type { AppContext } from './core/context';
import { tokenFromRequest } from './core/auth-guards';
import { clientErrorHandler, registerErrorHandling, routerErrorHandler } from './core/error-handler';
import { forbidden } from './errors';
import { TOKEN_COOKIE } from './core/tokens';
import { messages } from './messages';
import { lookScriptHash } from './core/look-script';

const BODY_LIMIT_BYTES = 1024 * 1024;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Paths the API owns: a miss below them is a JSON 404, never the web app's index.html.
const API_PREFIXES = ['/v1/', '/boards', '/uploads/', '/healthz', '/readyz', '/metrics'];

function defaultWebDistDir(): string {
  // src/app.ts (tests, tsx) and dist/main.js (bundle) both sit two levels below apps/.
  return fileURLToPath(new URL('../../web/dist', import.meta.url));
}

/** The web build's first-paint copies of index.html (apps/web/vite.config.ts): `/home` → `first-paint/home.html`. */
function firstPaintPagesOf(webDistDir: string): Map<string, string> {
  const dir = path.join(webDistDir, 'first-paint');
  if (!existsSync(dir)) return new Map();
  const pages = readdirSync(dir).filter((name) => name.endsWith('.html'));
  return new Map(pages.map((name) => [`/${name.slice(0, -'.html'.length)}`, `first-paint/${name}`]));
}

/**
 * The web build's per-page documents (apps/web/src/app/route-documents.ts, decision 060): index.html
 * with the page's chunks named up front, for the paths in route-documents/routes.json
 * (`/tests/:testCode/problems` → a `:param` is one non-empty segment).
 */
function routeDocumentsOf(webDistDir: string): Array<{ pattern: RegExp; file: string; painted?: string }> {
  const list = path.join(webDistDir, 'route-documents', 'routes.json');
  if (!existsSync(list)) return [];
  const routes = JSON.parse(readFileSync(list, 'utf8')) as Array<{ path: string; file: string; painted?: string }>;
  return routes.map((route) => ({
    pattern: new RegExp(
      `^${route.path
        .split('/')
        .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}/?$`,
    ),
    file: route.file,
    painted: route.painted,
  }));
}

// Decision 123 (CSRF): a cookie-authenticated write from another origin is refused. Bearer
// clients are not exposed to CSRF; JSON-only parsing (text/plain removed) blocks form posts.
function checkOrigin(ctx: AppContext, allowedOrigins: Set<string>) {
  return async (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    // A bearer token is not sent by browsers on their own, so it cannot be forged cross-site; any
    // other Authorization header leaves the cookie in charge and gets the check.
    if (!origin || tokenFromRequest(request)?.via === 'bearer') return;
    if (!request.cookies.token) return;
    const host = request.headers.host;
    if (allowedOrigins.has(origin) || origin === `http://${host}` || origin === `https://${host}`) return;
    request.log.warn({ origin }, 'cross-site write refused');
    throw forbidden(messages.crossSiteRequest);
  };
}

/** The app's parts; the file store and the shared Redis are made from the configuration when not given. */
export type AppParts = Omit<AppContext, 'storage' | 'redis' | 'contentCache' | 'lineageCache' | 'memberCache' | 'health'> &
  Partial<Pick<AppContext, 'storage' | 'redis'>> & {
    /** Where log lines go instead of stdout (a test reads them). */
    logStream?: { write(line: string): void };
  };

export async function buildApp({ logStream, ...parts }: AppParts): Promise<FastifyInstance> {
  const { config } = parts;
  // A configured bucket that cannot be reached stops the start here, before anything listens.
  const store = parts.storage ?? (await createFileStore(config));
  await store.check();
  // With metrics on, what is written to the store is counted (qbank_upload_bytes_total).
  const storage = config.metricsToken ? countingStore(store) : store;
  const app = Fastify({
    logger: { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
    // Every request has an id: the client's own x-request-id when sane, else a fresh one. Every
    // log line of the request carries it (reqId) and so does the answer (decision 133).
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    frameworkErrors: routerErrorHandler,
    // Malformed HTTP, oversized headers and header timeouts are answered before any route runs.
    clientErrorHandler,
    // A request that reaches a closing process is served like any other (ops/shutdown.ts ends
    // every connection after its answer); Fastify's own 503 for it would be an English body.
    return503OnClosing: false,
    // Node answers a HTTP/1.1 request without Host with an empty 400 itself; the app refuses it in
    // its own format instead (registerErrorHandling).
    http: { requireHostHeader: false },
    // One line per request only when debugging; errors are always logged by the error handler.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  });
  // So is a configured Redis (REDIS_URL) that does not answer.
  const redis = parts.redis !== undefined ? parts.redis : config.redisUrl ? await SharedRedis.connect(config.redisUrl, app.log) : null;
  const ctx: AppContext = {
    ...parts,
    storage,
    redis,
    contentCache: new ResponseCache(parts.db),
    lineageCache: new ResponseCache(parts.db),
    memberCache: new MemberCache(),
    health: new Health(),
  };
  app.decorate('ctx', ctx);
  // First of all hooks, so that even an answer an early hook sends carries the id.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // An audit entry written anywhere in the request names its id (audit/request-scope.ts).
  app.addHook('onRequest', enterRequestScope);
  // GET /metrics and the request hooks that feed it, on the root so every route is measured (decision 160).
  if (config.metricsToken) installMetrics(app, config.metricsToken);
  app.addHook('onClose', async () => {
    storage.close();
    await redis?.close();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app);

  const allowedOrigins = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);
  await app.register(fastifyCookie);
  // helmet's middleware is built once here: @fastify/helmet built it (and re-validated the CSP)
  // on every request, 3.4 % of the busy time under load. It sets headers on the raw response,
  // which Fastify keeps when it writes its own.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: the look script (decision 166), allowed by its hash.
        scriptSrc: ["'self'", lookScriptHash()],
        // Mantine sets inline style attributes; scripts stay 'self' only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, { origin: config.corsOrigins, credentials: true });
  }
  // With REDIS_URL every route limit counts across processes (falling back per process).
  await app.register(fastifyRateLimit, { global: false, ...(redis ? { store: sharedRateLimitStore(redis) } : {}) });
  app.addHook('onRequest', checkOrigin(ctx, allowedOrigins));

  // Alive: the process answers, also while it drains (an orchestrator must not kill it then).
  app.get('/healthz', async () => ({ ok: true }));
  // Ready, the proxy's health check: 503 while draining after SIGTERM (ops/shutdown.ts) or when the
  // database, its migrations or the file store fail; `fields` names each failed check (decision 133).
  app.get('/readyz', async (request, reply) => {
    const failures = await readinessFailures(ctx, request.log);
    const first = Object.values(failures)[0];
    if (first === undefined) return { ok: true };
    return reply.status(503).send({ message: first, code: ERROR_CODES.unavailable, fields: failures });
  });
  await app.register(authRoutes);
  await app.register(passwordChangeRoutes);
  await app.register(memberRoutes);
  await app.register(testRoutes);
  await app.register(exportRoutes);
  await app.register(subjectRoutes);
  await app.register(classRoutes);
  await app.register(problemRoutes);
  await app.register(problemAuthoringRoutes);
  await app.register(problemCreateRoutes);
  await app.register(importRoutes);
  await app.register(assignmentRoutes);
  await app.register(replyRoutes);
  await app.register(boxRoutes);
  await app.register(solveRoutes);
  await app.register(studyRoutes);
  await app.register(reviewRoutes);
  await app.register(noteRoutes);
  await app.register(lineageRoutes);
  await app.register(examDateRoutes);
  await app.register(boardRoutes);
  await app.register(statsRoutes);
  await app.register(disputeRoutes);
  await app.register(notificationRoutes);
  await app.register(submissionReviewRoutes);
  await app.register(auditRoutes);
  await app.register(annotationRoutes);
  await app.register(ratingRoutes);
  await app.register(settingsRoutes);
  await app.register(referenceRoutes);

  if (storage.kind === 's3') {
    await app.register(bucketUploadRoutes);
  } else {
    mkdirSync(config.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: config.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      setHeaders: (res) => {
        res.header('X-Content-Type-Options', 'nosniff');
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }

  const webDistDir = config.webDistDir ?? defaultWebDistDir();
  const webBuilt = existsSync(path.join(webDistDir, 'index.html'));
  const firstPaintPages = webBuilt ? firstPaintPagesOf(webDistDir) : new Map<string, string>();
  const routeDocuments = webBuilt ? routeDocumentsOf(webDistDir) : [];
  // A member's reading pages drawn by the server (decision 067), when the web build has the drawing.
  const serverPaint = webBuilt && routeDocuments.some((route) => route.painted) ? await ServerPaint.load(webDistDir) : null;
  if (webBuilt) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      index: ['index.html'],
      // The web build writes .br and .gz beside each text asset (apps/web/vite.config.ts): the
      // plugin picks br, then gzip, by Accept-Encoding, falls back to the plain file, and adds
      // `Vary: Accept-Encoding`. No compression work happens per request.
      preCompressed: true,
      // dist/.vite/manifest.json (read by the bench) and any other dotfile are not public.
      dotfiles: 'ignore',
      setHeaders: (res, filePath) => {
        // Vite names assets by content hash, so they never change; index.html always revalidates.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app is not built; only the API is served');
  }

  // Unknown API paths answer JSON; any other GET is a web route and gets the single-page app.
  app.setNotFoundHandler(async (request, reply) => {
    const pathOnly = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => pathOnly === prefix || pathOnly.startsWith(prefix));
    // A refused dotfile (see `dotfiles` above) stays a 404, not the app's index.html.
    const isDotPath = pathOnly.includes('/.');
    if (webBuilt && !isApi && !isDotPath && (request.method === 'GET' || request.method === 'HEAD')) {
      // A signed-out visitor of a page with a static head gets index.html with that head drawn in
      // (decision 059); a member's page is drawn in the member layout, so they get the plain one.
      const firstPaintPage = request.cookies[TOKEN_COOKIE] ? undefined : firstPaintPages.get(pathOnly);
      // A member page whose chunks the document names up front (decision 060), for anyone; drawn
      // with the member's first problems when a signed-in member asks (decision 067).
      const route = routeDocuments.find((candidate) => candidate.pattern.test(pathOnly));
      if (route?.painted && serverPaint && request.method === 'GET' && request.cookies[TOKEN_COOKIE]) {
        if (await serverPaint.send(app, request, reply, route.painted)) return reply;
      }
      const routeDocument = route?.file;
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Cookie')
        .sendFile(firstPaintPage ?? routeDocument ?? 'index.html');
    }
    return reply.status(404).send({ message: messages.notFound, code: ERROR_CODES.notFound });
  });

  return app;
}
