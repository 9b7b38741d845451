import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testDialects, type TestContext } from './testing/harness';

const INDEX_HTML = '<!doctype html><html lang="ko"><title>qbank</title></html>';
// The build's copy of index.html with a page's static head (apps/web/vite.config.ts, decision 059).
const EXAMS_HTML = '<!doctype html><html lang="ko"><title>qbank</title><main><h1>시험 목록</h1></main></html>';
// The build's copy of index.html naming a member page's chunks (decision 060), and its route list.
const LIST_HTML = '<!doctype html><html lang="ko"><title>qbank</title><link rel="modulepreload" href="/assets/page-abc.js"></html>';
const ROUTES_JSON = JSON.stringify([{ path: '/tests/:testCode/problems', file: 'route-documents/test-problems.html' }]);
const BIG_JS = Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n');

describe.each(testDialects)('serving the web app on %s', (dialect) => {
  let t: TestContext;
  const webDir = mkdtempSync(path.join(tmpdir(), 'qbank-web-'));

  beforeAll(async () => {
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    // What the web build's precompress step writes (apps/web/vite.config.ts), and Vite's manifest.
    writeFileSync(path.join(webDir, 'assets', 'big-abc123.js'), BIG_JS);
    writeFileSync(path.join(webDir, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_JS));
    writeFileSync(path.join(webDir, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_JS));
    writeFileSync(path.join(webDir, 'index.html.br'), brotliCompressSync(INDEX_HTML));
    writeFileSync(path.join(webDir, 'index.html.gz'), gzipSync(INDEX_HTML));
    mkdirSync(path.join(webDir, 'first-paint'));
    writeFileSync(path.join(webDir, 'first-paint', 'exams.html'), EXAMS_HTML);
    writeFileSync(path.join(webDir, 'first-paint', 'exams.html.br'), brotliCompressSync(EXAMS_HTML));
    mkdirSync(path.join(webDir, 'route-documents'));
    writeFileSync(path.join(webDir, 'route-documents', 'test-problems.html'), LIST_HTML);
    writeFileSync(path.join(webDir, 'route-documents', 'test-problems.html.br'), brotliCompressSync(LIST_HTML));
    writeFileSync(path.join(webDir, 'route-documents', 'routes.json'), ROUTES_JSON);
    mkdirSync(path.join(webDir, '.vite'));
    writeFileSync(path.join(webDir, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/big-abc123.js"}}');
    t = await createTestContext(dialect, { env: { WEB_DIST_DIR: webDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('serves index.html at / and for every web route, always revalidated', async () => {
    for (const url of ['/', '/home', '/board/1/content/2', '/dashboard/admin/approvals?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<html lang="ko">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable and keeps API misses as JSON 404s', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/v1/nope', '/boards/x/y/z', '/uploads/missing.png']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('sends the precompressed file the client accepts, and the plain file otherwise', async () => {
    const cases = [
      { accept: 'gzip, deflate, br', encoding: 'br', decode: brotliDecompressSync },
      { accept: 'gzip', encoding: 'gzip', decode: gunzipSync },
      { accept: undefined, encoding: undefined, decode: (body: Buffer) => body },
      { accept: 'identity', encoding: undefined, decode: (body: Buffer) => body },
    ];
    for (const { accept, encoding, decode } of cases) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/assets/big-abc123.js',
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type'], accept).toContain('javascript');
      expect(response.headers.vary, accept).toContain('accept-encoding');
      expect(response.headers['cache-control'], accept).toContain('immutable');
      expect(decode(response.rawPayload).toString('utf8'), accept).toBe(BIG_JS);
    }
  });

  it('sends the compressed index.html for web routes too', async () => {
    for (const url of ['/', '/home', '/tests/1/questions']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString('utf8'), url).toBe(INDEX_HTML);
    }
  });

  it("sends a signed-out visitor the page's first-paint copy, and a member the plain index.html", async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/exams?year=2024' });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.body).toBe(EXAMS_HTML);
    expect(signedOut.headers['cache-control']).toBe('no-cache');
    expect(signedOut.headers.vary).toMatch(/cookie/i);
    const compressed = await t.app.inject({ method: 'GET', url: '/exams', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe(EXAMS_HTML);

    const member = await t.app.inject({ method: 'GET', url: '/exams', cookies: { token: 'any-token' } });
    expect(member.statusCode).toBe(200);
    expect(member.body).toBe(INDEX_HTML);
    expect(member.headers.vary).toMatch(/cookie/i);
    // Only the page itself: a path below it, or a page without a copy, gets index.html.
    for (const url of ['/exams/1', '/home', '/subjects']) {
      expect((await t.app.inject({ method: 'GET', url })).body, url).toBe(INDEX_HTML);
    }
  });

  it("sends a member page's document naming its chunks to members and visitors alike, for that page only", async () => {
    for (const url of ['/tests/12/problems', '/tests/12/problems/?view=all']) {
      const member = await t.app.inject({ method: 'GET', url, cookies: { token: 'any-token' } });
      expect(member.statusCode, url).toBe(200);
      expect(member.body, url).toBe(LIST_HTML);
      expect(member.headers['cache-control']).toBe('no-cache');
      expect((await t.app.inject({ method: 'GET', url })).body, url).toBe(LIST_HTML);
    }
    const compressed = await t.app.inject({ method: 'GET', url: '/tests/12/problems', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe(LIST_HTML);
    for (const url of ['/tests/12/problems/3', '/tests/12', '/xtests/12/problems']) {
      expect((await t.app.inject({ method: 'GET', url, cookies: { token: 'any-token' } })).body, url).toBe(INDEX_HTML);
    }
  });

  it('does not serve dotfiles such as the Vite manifest', async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/', '/assets/.hidden.js']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('assets/big-abc123.js');
    }
  });
});
