import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { activeContentIn } from '../testing/security/html-inert';
import { hostileParam, RAW_PATH_SEGMENTS } from '../testing/security/hostile-values';

// The server's side of the drawn reading pages (decision 067): which requests get a drawing, the
// member's reads behind it (through this server's own routes, with the member's cookie), and what
// is sent. The drawing itself is the web build's (apps/web/src/app/server-paint.tsx, covered by
// e2e/tests/server-paint-mobile.spec.ts); here a stand-in module reads what the real one reads first.
const LIST_HTML = '<!doctype html><html lang="ko"><title>qbank</title><div id="root"></div></html>';
const PAINTED_HTML = '<!doctype html><html lang="ko"><title>qbank</title><div id="qbank-paint"><!--qbank-server-paint--></div><div id="root"></div></html>';
const ROUTES_JSON = JSON.stringify([
  { path: '/tests/:testCode/problems', file: 'route-documents/test-problems.html', painted: 'route-documents/test-problems.painted.html' },
]);
// The stand-in drawing: the member (a session is needed), then the exam's first problem (members
// only), the sanitizer the server handed in applied to a hostile question. `null` for a search,
// as the real one, and `$` patterns in the markup must reach the document as they are.
const PAINT_MODULE = `
let cleanHtml = null;
export function configureServerPaint(options) { cleanHtml = options.cleanHtml; }
export async function renderServerPaint(url, fetch) {
  if (url.searchParams.get('q')) return null;
  if (url.searchParams.get('slow')) await new Promise((resolve) => setTimeout(resolve, 2500));
  const code = url.pathname.split('/')[2];
  const me = await fetch('/v1/auth/me', {});
  if (!me.ok) return null;
  const { user } = await me.json();
  const page = await fetch('/v1/problem?test_code=' + code + '&page=1&limit=1', {});
  if (!page.ok) return null;
  const { problem } = await page.json();
  if (problem.length === 0) return null;
  return '<main data-member="' + user.id + '">' + cleanHtml(problem[0].question, true) + cleanHtml('<p onclick="x()">$&amp; $1</p><script>bad()</script>', false) + '</main>';
}
`;

describe.each(testDialects)('drawn reading pages on %s', (dialect) => {
  let t: TestContext;
  let student: { id: string; cookie: string };
  let pendingCookie: string;
  let testCode: number;
  let emptyTestCode: number;
  let hostileTestCode: number;
  const webDir = mkdtempSync(path.join(tmpdir(), 'qbank-web-paint-'));

  beforeAll(async () => {
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html lang="ko"></html>');
    mkdirSync(path.join(webDir, 'route-documents'));
    writeFileSync(path.join(webDir, 'route-documents', 'test-problems.html'), LIST_HTML);
    writeFileSync(path.join(webDir, 'route-documents', 'test-problems.painted.html'), PAINTED_HTML);
    writeFileSync(path.join(webDir, 'route-documents', 'routes.json'), ROUTES_JSON);
    mkdirSync(path.join(webDir, '.server'));
    writeFileSync(path.join(webDir, '.server', 'server-paint.js'), PAINT_MODULE);
    t = await createTestContext(dialect, { env: { WEB_DIST_DIR: webDir } });
    const subject = await createSubject(t.db);
    testCode = await createTest(t.db, { subject_code: subject, test_name: '그린 시험' });
    emptyTestCode = await createTest(t.db, { subject_code: subject, test_name: '빈 시험' });
    await createProblem(t.db, { test_code: testCode, no: 1, question: '<p>다음 중 옳지 않은 것은?</p>' });
    // Stored straight in the database, past the sanitizer every write goes through.
    hostileTestCode = await createTest(t.db, { subject_code: subject, test_name: '위험한 시험' });
    await createProblem(t.db, {
      test_code: hostileTestCode,
      no: 1,
      question:
        '<p>옳지 않은 것</p><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">링크</a><svg onload=alert(4)></svg><iframe src="https://evil.example"></iframe>',
    });
    const member = await createMember(t.db);
    student = { id: member.id, cookie: await loginCookie(t.app, member.id) };
    pendingCookie = await loginCookie(t.app, (await createMember(t.db, { validated: false })).id);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('sends a member the page drawn with their first problem, sanitized, privately and never cached', async () => {
    const response = await get(`/tests/${testCode}/problems?view=all`, { cookie: student.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toMatch(/cookie/i);
    const body = response.body;
    expect(body).toContain(`<main data-member="${student.id}">`);
    // The server's negation emphasis and its sanitizer, as the drawing asked for each.
    expect(body).toContain('<strong class="qbank-negation"><u>옳지 않은</u></strong>');
    expect(body).toContain('<p>$&amp; $1</p>');
    expect(body).not.toContain('onclick');
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('<!--qbank-server-paint-->');
  });

  it('compresses the drawn page for a client that accepts gzip', async () => {
    const response = await get(`/tests/${testCode}/problems`, { cookie: student.cookie, 'accept-encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toContain(`<main data-member="${student.id}">`);
  });

  it('sends the plain document when the drawing has nothing to show or may not show it', async () => {
    const cases: Array<[string, string | undefined]> = [
      [`/tests/${testCode}/problems`, undefined], // a visitor: no drawing is even tried
      [`/tests/${testCode}/problems`, 'token=not-a-session'], // the session check answers 401
      [`/tests/${testCode}/problems`, pendingCookie], // not approved: the problems answer 403
      [`/tests/${emptyTestCode}/problems`, student.cookie], // nothing to draw
      [`/tests/${testCode}/problems?q=옳지`, student.cookie], // a search is the browser's
    ];
    for (const [url, cookie] of cases) {
      const response = await get(url, cookie ? { cookie } : {});
      expect(response.statusCode, `${url} ${cookie}`).toBe(200);
      expect(response.body, `${url} ${cookie}`).toBe(LIST_HTML);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('draws stored markup inert, whatever reached the database', async () => {
    const response = await get(`/tests/${hostileTestCode}/problems`, { cookie: student.cookie });
    const drawn = /<main data-member="[^"]+">([\s\S]*)<\/main>/.exec(response.body)?.[1];
    expect(drawn).toContain('옳지 않은');
    expect(activeContentIn(drawn ?? '')).toEqual([]);
  });

  it('answers any exam path as before, drawn or plain, never with a server error', async () => {
    // A lone surrogate has no URL form: it is sent as the replacement character UTF-8 gives it.
    const encode = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
    const segment = fc.oneof(hostileParam.map(encode), fc.constantFrom(...RAW_PATH_SEGMENTS));
    await fc.assert(
      fc.asyncProperty(segment, fc.constantFrom('problems', 'solve'), hostileParam, async (code, page, query) => {
        const response = await get(`/tests/${code}/${page}?view=${encode(query)}`, { cookie: student.cookie });
        expect(response.statusCode, `${code} ${page}`).toBeLessThan(500);
        if (response.statusCode === 200) expect(response.headers['content-type']).toContain('text/html');
      }),
      { numRuns: 60 },
    );
  });

  it('sends the plain document rather than wait for a slow drawing, and draws two at most at once', async () => {
    const drawn = async (url: string) => (await get(url, { cookie: student.cookie })).body.includes('data-member=');
    // The stand-in takes 2.5 s over these, past the 1.5 s the server waits.
    const slow = [1, 2].map(() => drawn(`/tests/${testCode}/problems?slow=1`));
    // Time for both to reach the drawing (their session check and hooks come first).
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Both places are taken by the slow drawings: this page goes plain, though it would be drawn.
    expect(await drawn(`/tests/${testCode}/problems`)).toBe(false);
    expect(await Promise.all(slow)).toEqual([false, false]);
    // Once they are done, pages are drawn again.
    await expect.poll(() => drawn(`/tests/${testCode}/problems`), { timeout: 30_000, interval: 200 }).toBe(true);
  });

  it('never draws for HEAD or for other pages', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: `/tests/${testCode}/problems`, headers: { cookie: student.cookie } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
    const other = await get(`/tests/${testCode}/problems/2`, { cookie: student.cookie });
    expect(other.body).not.toContain('data-member');
  });
});
