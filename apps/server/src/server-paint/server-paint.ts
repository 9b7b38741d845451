import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { setTimeout as wait } from 'node:timers/promises';
import { gzip } from 'node:zlib';
import { NEGATION_CLASS } from '@qbank/shared/negation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { emphasizeNegationsInHtml, sanitizeRichHtml } from '../rich-text/html';
import { acceptsGzip } from '../read-caches/response-cache';

// The reading pages drawn for a member (decision 067). The web build compiles its drawing of a
// page for Node (apps/web/src/app/server-paint.tsx → dist/.server/server-paint.js) and writes
// each page's "painted" document (route-documents/<page>.painted.html); the server fills the one
// with the other. The drawing reads through this server's own routes (`inject`) with the
// member's cookie and address, so it sees exactly what the member's browser would be answered:
// the same authorization, the same rate limits, the same cached responses.

/** The mark in a painted document where the drawing goes (apps/web/src/app/route-documents.ts). */
const SERVER_PAINT_MARKER = '<!--qbank-server-paint-->';
/** A drawing that takes longer (a server under load) is not waited for: the plain document goes. */
const PAINT_TIMEOUT_MS = 1500;
/**
 * Drawings under way at once. Each holds the event loop for tens of milliseconds (React renders
 * synchronously), which the API's other requests wait out: beyond this, a page is sent plain and
 * the browser draws it, as it did before drawings.
 */
const MAX_DRAWINGS_AT_ONCE = 2;

const gzipAsync = promisify(gzip);

type ServerFetch = (url: string, init: RequestInit) => Promise<Response>;
type HtmlCleaner = (html: string, emphasizeNegation: boolean) => string;

/** What dist/.server/server-paint.js exports. */
interface PaintModule {
  configureServerPaint(options: { cleanHtml: HtmlCleaner }): void;
  renderServerPaint(url: URL, fetch: ServerFetch): Promise<string | null>;
}

/** Stored HTML as the drawing shows it: sanitized as it is stored, with the negation phrases marked. */
const cleanHtml: HtmlCleaner = (html, emphasizeNegation) =>
  emphasizeNegation ? emphasizeNegationsInHtml(html, { className: NEGATION_CLASS }) : sanitizeRichHtml(html);

/** A GET to this server's own API on behalf of `request`, answered as fetch answers. */
function injectFetch(app: FastifyInstance, request: FastifyRequest): ServerFetch {
  const cookie = request.headers.cookie;
  return async (url, init) => {
    if ((init.method ?? 'GET') !== 'GET') throw new Error(`server paint: only reads, not ${init.method} ${url}`);
    const answer = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
    });
    const type = answer.headers['content-type'];
    return new Response(answer.body, { status: answer.statusCode, headers: type ? { 'content-type': String(type) } : {} });
  };
}

export class ServerPaint {
  private readonly templates = new Map<string, string>();
  private drawing = 0;

  private constructor(
    private readonly module: PaintModule,
    private readonly webDistDir: string,
  ) {}

  /** The web build's drawing, or null when the build has none (an older build, a bare API). */
  static async load(webDistDir: string): Promise<ServerPaint | null> {
    const file = path.join(webDistDir, '.server', 'server-paint.js');
    if (!existsSync(file)) return null;
    const module = (await import(pathToFileURL(file).href)) as PaintModule;
    module.configureServerPaint({ cleanHtml });
    return new ServerPaint(module, webDistDir);
  }

  private template(file: string): string {
    let template = this.templates.get(file);
    if (template === undefined) {
      template = readFileSync(path.join(this.webDistDir, file), 'utf8');
      if (!template.includes(SERVER_PAINT_MARKER)) throw new Error(`server paint: ${file} has no place for the drawing`);
      this.templates.set(file, template);
    }
    return template;
  }

  /**
   * Sends `paintedFile` with the drawing of the requested page, and returns true; or returns false
   * (nothing sent) when there is no drawing: not a member, no such exam, a read that failed, or a
   * drawing too slow. The caller then sends the plain document.
   */
  async send(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, paintedFile: string): Promise<boolean> {
    if (this.drawing >= MAX_DRAWINGS_AT_ONCE) return false;
    const url = new URL(request.url, 'http://qbank.invalid');
    this.drawing += 1;
    const drawn = this.module
      .renderServerPaint(url, injectFetch(app, request))
      .catch((error: unknown) => {
        request.log.warn({ err: error }, 'server paint failed');
        return null;
      })
      .finally(() => {
        this.drawing -= 1;
      });
    const markup = await Promise.race([drawn, wait(PAINT_TIMEOUT_MS, null, { ref: false })]);
    if (markup === null) return false;
    const document = this.template(paintedFile).replace(SERVER_PAINT_MARKER, () => markup);
    // The member's own page: never kept by a shared cache, and always asked for again.
    reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie, Accept-Encoding').type('text/html; charset=utf-8');
    if (acceptsGzip(request.headers['accept-encoding'])) {
      await reply.header('Content-Encoding', 'gzip').send(await gzipAsync(document));
    } else {
      await reply.send(document);
    }
    return true;
  }
}
