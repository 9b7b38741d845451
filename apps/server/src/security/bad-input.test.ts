import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlToPlainText } from '@qbank/shared/html-text';
import { testDialects } from '../testing/harness';
import { errorFormatProblems } from '../testing/security/error-format';
import { activeContentIn } from '../testing/security/html-inert';
import type { Actor } from '../testing/security/policy';
import { callerOf } from '../testing/security/route-fuzz';
import { REQUESTS, toInject } from '../testing/security/requests';
import { buildWorld, dataUrl, PNG_1PX, type World } from '../testing/security/world';

// Issue 7 item 4: malformed, oversized, wrongly typed and hostile requests to every route never
// get a 5xx, a stack trace or anything but the error format of decision 121; stored text fields
// keep no executable markup; lying or oversized uploads are refused; SQL metacharacters and
// Korean/emoji text come back unchanged. Every route's fuzzing: route-fuzz-*.test.ts.

const XSS_PAYLOADS: readonly string[] = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">링크</a>',
  '<a href="JaVaScRiPt:alert(1)">링크</a>',
  '<a href="&#106;avascript:alert(1)">링크</a>',
  '<a href=" &#x09;javascript:alert(1)">링크</a>',
  '<a href="vbscript:msgbox(1)">링크</a>',
  '<a href="data:text/html,<script>alert(1)</script>">링크</a>',
  '<a href="//evil.example/x">링크</a>',
  '<a href="https://example.com" target="_self" rel="opener">링크</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<body onload=alert(1)>',
  '<div onclick="alert(1)" style="background:url(javascript:alert(1))">클릭</div>',
  '<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<img src="/uploads/../x" onerror=alert(1)>',
  '<img srcset="x 1x" src="https://example.com/a.png">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="javascript:/"><link rel=stylesheet href=x>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template><textarea><script>alert(1)</script></textarea>',
  '<table><tr><td background="javascript:alert(1)">x</td></tr></table>',
  '<p>정상 문단</p><script>document.cookie</script>',
];

/** A payload inside some ordinary text, as it would arrive pasted into a form. */
const xssText = fc
  .tuple(fc.constantFrom('', '해부학 ', '정답은 ③ '), fc.constantFrom(...XSS_PAYLOADS), fc.constantFrom('', ' 끝', '<p>문단</p>'))
  .map(([before, payload, after]) => `${before}${payload}${after}`);
/** Short payloads for the 32-character member fields. */
const shortXss = fc.constantFrom('<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<svg onload=alert(1)>', '"><b>x</b>', "javascript:alert('x')");

// Text that breaks naive SQL and naive Unicode handling: quotes, comment and LIKE
// metacharacters, Korean syllables and jamo (also decomposed), emoji with joiners and flags.
const ROUND_TRIP_PIECES: readonly string[] = [
  "'",
  '"',
  ';',
  '--',
  '/*',
  '*/',
  '%',
  '_',
  '\\',
  "\\'",
  "' OR '1'='1",
  "'); DROP TABLE boxes;--",
  '$1',
  '?',
  '`',
  '%%',
  '[a-z]',
  '^',
  '||',
  '::text',
  "E'\\n'",
  'NULL',
  '해부학',
  '심근경색',
  '가',
  '힣',
  'ㄱ',
  'ㅏ',
  '\u1100\u1161\u11a8',
  '🩺',
  '💊',
  '👩‍⚕️',
  '🇰🇷',
  '❤️',
  '1️⃣',
  'e\u0301',
  '\u200d',
  '中文',
  'ß',
  ' ',
];
const roundTripText = (maxLength: number) =>
  fc
    .array(fc.constantFrom(...ROUND_TRIP_PIECES), { minLength: 1, maxLength: 12 })
    .map((pieces) => pieces.join(''))
    .filter((text) => text.trim().length > 0 && text.trim().length <= maxLength);

function listUploads(w: World): string[] {
  try {
    return readdirSync(w.t.config.uploadsDir).sort();
  } catch {
    return [];
  }
}

describe.each(testDialects)('bad input on %s', (dialect) => {
  let w: World;

  beforeAll(async () => {
    w = await buildWorld(dialect);
  });
  afterAll(async () => w?.t.close());

  const as = (actor: Actor, request: InjectOptions) => w.call(actor, request);

  describe('oversized bodies', () => {
    // The default limit is 1 MB; calls with pictures take 30 MB and posts with an attachment 14 MB.
    it.each([
      ['POST /v1/problem/:id/reply', 1.2],
      ['POST /v1/box', 1.2],
      ['POST /v1/auth/login', 1.2],
      ['POST /boards/:id/contents', 14.5],
      ['PATCH /v1/problem/:id', 31],
      ['POST /v1/problem/header', 31],
      ['POST /v1/problem/:id/submit', 31],
    ])('%s refuses a %d MB body with 413', async (key, megabytes) => {
      const plan = await REQUESTS[key]!(w, callerOf(key));
      const request = toInject(plan);
      const padding = 'a'.repeat(Math.ceil(megabytes * 1024 * 1024));
      const response = await as(callerOf(key), {
        ...request,
        payload: JSON.stringify({ ...(plan.body as object), padding }),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(413);
      expect(errorFormatProblems(response)).toEqual([]);
    });
  });

  describe('stored text fields', () => {
    const inert = (html: string) => expect(activeContentIn(html), html).toEqual([]);

    it('keeps no executable markup in a problem question and explanation (PATCH, then read)', async () => {
      await fc.assert(
        fc.asyncProperty(xssText, xssText, async (question, comments) => {
          // A unique first paragraph keeps every edit a change and the question written, whatever
          // the sanitizer drops after it (an unclosed <style> swallows the rest of the text).
          const payload = { question: `<p>${w.unique('문제')}</p>${question}`, comments };
          const response = await as('lead', { method: 'PATCH', url: `/v1/problem/${w.fx.problem}`, payload });
          expect(response.statusCode, response.body).toBe(200);
          const stored = response.json().problem;
          inert(stored.question);
          inert(stored.comments);
          const read = (await as('student', { method: 'GET', url: `/v1/problem/${w.fx.problem}` })).json().problem;
          inert(read.question);
          inert(read.comments);
        }),
        { numRuns: 25 },
      );
    });

    it('keeps no executable markup in a submitted slot and in a set header', async () => {
      await fc.assert(
        fc.asyncProperty(xssText, async (text) => {
          const slot = await w.fresh.slotOfStudent();
          const submitted = await as('student', {
            method: 'POST',
            url: `/v1/problem/${slot}/submit`,
            payload: { content: { question: `<p>문제</p>${text}` } },
          });
          expect(submitted.statusCode).toBe(200);
          inert(submitted.json().problem.question);

          const header = await as('lead', {
            method: 'PATCH',
            url: `/v1/problem/header/${w.fx.setHeader}`,
            payload: { header_text: `<p>${w.unique('지문')}</p>${text}` },
          });
          expect(header.statusCode).toBe(200);
          inert(header.json().header.header_text);
          const headers = (await as('anonymous', { method: 'GET', url: `/v1/problem/header?test_code=${w.fx.exam}` })).json().headers as Array<{
            header_text: string;
          }>;
          for (const stored of headers) inert(stored.header_text);
        }),
        { numRuns: 20 },
      );
    });

    it('keeps no executable markup in a post body and returns its title, and replies, as the same text', async () => {
      await fc.assert(
        fc.asyncProperty(xssText, xssText, xssText, async (title, content, replyText) => {
          const created = await as('student', {
            method: 'POST',
            url: `/boards/${w.fx.board}/contents`,
            payload: { title: title.slice(0, 200), content: `<p>본문</p>${content}` },
          });
          expect(created.statusCode, created.body).toBe(201);
          const post = created.json().content;
          expect(post.title).toBe(title.slice(0, 200).trim());
          inert(post.content);

          const reply = await as('other', { method: 'POST', url: `/boards/${w.fx.board}/contents/${post.code}/replies`, payload: { reply_text: replyText } });
          expect(reply.statusCode).toBe(201);
          expect(reply.json().reply.reply_text).toBe(replyText.trim());

          const read = (await as('anonymous', { method: 'GET', url: `/boards/${w.fx.board}/contents/${post.code}` })).json().content;
          expect(read.title).toBe(post.title);
          inert(read.content);
          expect(read.replies.map((r: { reply_text: string }) => r.reply_text)).toEqual([replyText.trim()]);
        }),
        { numRuns: 20 },
      );
    });

    it('returns plain-text fields (problem replies, boxes, choices and answers, names) as the same text', async () => {
      await fc.assert(
        fc.asyncProperty(xssText, async (text) => {
          const reply = await as('student', { method: 'POST', url: `/v1/problem/${w.fx.problem}/reply`, payload: { reply_text: text } });
          expect(reply.statusCode).toBe(201);
          expect(reply.json().reply.reply_text).toBe(text.trim());

          const boxName = text.slice(0, 50);
          const box = await as('student', { method: 'POST', url: '/v1/box', payload: { box_name: boxName } });
          if (boxName.trim()) {
            expect(box.statusCode).toBe(201);
            expect(box.json().box.box_name).toBe(boxName.trim());
          }

          const illustration = `① ${text}\n② ${w.unique('나')}`;
          const edited = await as('lead', { method: 'PATCH', url: `/v1/problem/${w.fx.problem2}`, payload: { illustration, answer: text.slice(0, 500) } });
          expect(edited.statusCode, edited.body).toBe(200);
          expect(edited.json().problem).toMatchObject({ illustration, answer: text.slice(0, 500) });

          const exam = await as('lead', {
            method: 'POST',
            url: '/v1/test',
            payload: { test_name: text.slice(0, 200), subject_code: w.fx.subject, year: 2025 },
          });
          expect(exam.statusCode).toBe(201);
          expect(exam.json().test_info.test_name).toBe(text.slice(0, 200).trim());

          const lesson = await as('lead', {
            method: 'POST',
            url: `/v1/subject/${w.fx.subject}/classes`,
            payload: { class_name: text.slice(0, 200), class_date: '2025-03-04', professor: text.slice(0, 100) },
          });
          expect(lesson.statusCode).toBe(201);
          expect(lesson.json().class).toMatchObject({ class_name: text.slice(0, 200).trim(), professor: text.slice(0, 100).trim() });
        }),
        { numRuns: 20 },
      );
    });

    it('returns member names from sign-up as the same text', async () => {
      await fc.assert(
        fc.asyncProperty(shortXss, shortXss, async (name, nickname) => {
          const id = `${w.unique('x')}${name}`.slice(0, 32);
          const response = await as('anonymous', {
            method: 'POST',
            url: '/v1/auth/signup',
            payload: { name, nickname, id, school_no: w.unique('no'), password: 'signup-password' },
          });
          expect(response.statusCode).toBe(201);
          expect(response.json().user).toMatchObject({ name: name.trim(), nickname: nickname.trim(), id: id.trim() });
        }),
        { numRuns: 15 },
      );
    });
  });

  describe('uploads', () => {
    const LIES: ReadonlyArray<[string, Buffer]> = [
      ['HTML', Buffer.from('<!doctype html><script>alert(document.cookie)</script>')],
      ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>')],
      ['ZIP', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)])],
      ['PDF', Buffer.from('%PDF-1.7\n1 0 obj << /JS (app.alert(1)) >> endobj')],
      ['JavaScript', Buffer.from('alert(1)//')],
      ['empty', Buffer.alloc(0)],
      ['PNG signature cut short', PNG_1PX.subarray(0, 7)],
    ];
    const declared = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'];
    const NOT_DATA_URLS = [
      'https://evil.example/x.png',
      '/uploads/../../../etc/passwd',
      'javascript:alert(1)',
      '/uploads/x.png',
      'data:image/png,notbase64',
      'data:image/png;base64,@@@@',
    ];

    it.each(LIES)('refuses %s bytes declared as an image in every picture field', async (_, bytes) => {
      const before = listUploads(w);
      const slot = await w.fresh.slotOfStudent();
      for (const type of declared) {
        const url = dataUrl(bytes, type);
        const fields: Array<[Actor, InjectOptions]> = [
          ['lead', { method: 'PATCH', url: `/v1/problem/${w.fx.problem}`, payload: { question_pic: url } }],
          ['lead', { method: 'PATCH', url: `/v1/problem/${w.fx.problem}`, payload: { answer_pic: url } }],
          ['lead', { method: 'PATCH', url: `/v1/problem/${w.fx.problem}`, payload: { comment_pic: url } }],
          ['lead', { method: 'PATCH', url: `/v1/problem/header/${w.fx.setHeader}`, payload: { pic: url } }],
          ['student', { method: 'POST', url: `/v1/problem/${slot}/submit`, payload: { content: { question: '<p>문제</p>', question_pic: url } } }],
        ];
        for (const [actor, request] of fields) {
          const response = await as(actor, request);
          expect([400, 413], `${request.url} ${JSON.stringify(request.payload).slice(0, 80)}: ${response.body}`).toContain(response.statusCode);
          expect(errorFormatProblems(response)).toEqual([]);
        }
        // Pasted into rich text, the picture is refused, or dropped by the sanitizer when its
        // declared type is not an image we keep (SVG): either way no <img> of it is stored.
        const inline: Array<[Actor, InjectOptions, (body: Record<string, Record<string, string>>) => string]> = [
          [
            'lead',
            { method: 'PATCH', url: `/v1/problem/${w.fx.problem}`, payload: { question: `<p>${w.unique('그림')}</p><img src="${url}">` } },
            (body) => body.problem!.question!,
          ],
          [
            'student',
            { method: 'POST', url: `/boards/${w.fx.board}/contents`, payload: { title: '그림', content: `<p>그림</p><img src="${url}">` } },
            (body) => body.content!.content!,
          ],
        ];
        for (const [actor, request, storedHtml] of inline) {
          const response = await as(actor, request);
          expect(errorFormatProblems(response)).toEqual([]);
          if (response.statusCode < 300) expect(storedHtml(response.json()), type).not.toMatch(/<img/);
          else expect([400, 413], `${request.url}: ${response.body}`).toContain(response.statusCode);
        }
      }
      expect(listUploads(w)).toEqual(before);
    });

    it('refuses picture fields that are not data URLs of this server', async () => {
      for (const value of NOT_DATA_URLS) {
        const response = await as('lead', { method: 'PATCH', url: `/v1/problem/${w.fx.problem}`, payload: { question_pic: value } });
        expect(response.statusCode, value).toBe(400);
        expect(errorFormatProblems(response)).toEqual([]);
      }
    });

    it('refuses a picture over 5 MB with 413, in a field and inline', async () => {
      const big = dataUrl(Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024)]));
      const before = listUploads(w);
      for (const [actor, request] of [
        ['lead', { method: 'PATCH', url: `/v1/problem/${w.fx.problem}`, payload: { question_pic: big } }],
        ['lead', { method: 'PATCH', url: `/v1/problem/${w.fx.problem}`, payload: { comments: `<img src="${big}">` } }],
        ['student', { method: 'POST', url: `/boards/${w.fx.board}/contents`, payload: { title: '큰 그림', content: `<img src="${big}">` } }],
      ] as Array<[Actor, InjectOptions]>) {
        const response = await as(actor, request);
        expect(response.statusCode, String(request.url)).toBe(413);
        expect(errorFormatProblems(response)).toEqual([]);
      }
      const attachment = await as('student', {
        method: 'POST',
        url: `/boards/${w.fx.board}/contents`,
        payload: {
          title: '큰 첨부',
          content: '<p>첨부</p>',
          attachment: { filename: 'big.bin', data_url: dataUrl(Buffer.alloc(10 * 1024 * 1024 + 1), 'application/octet-stream') },
        },
      });
      expect([400, 413]).toContain(attachment.statusCode);
      expect(errorFormatProblems(attachment)).toEqual([]);
      expect(listUploads(w)).toEqual(before);
    });

    it('serves an attachment that claims to be an image only as an opaque download', async () => {
      const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
      const created = await as('student', {
        method: 'POST',
        url: `/boards/${w.fx.board}/contents`,
        payload: { title: '첨부', content: '<p>첨부</p>', attachment: { filename: 'photo.png.html', data_url: dataUrl(html, 'image/png') } },
      });
      expect(created.statusCode).toBe(201);
      const download = await as('other', { method: 'GET', url: `/boards/${w.fx.board}/contents/${created.json().content.code}/attachment` });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/octet-stream');
      expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
    });

    it('stores a real picture and serves it with its own type and nosniff', async () => {
      const response = await as('lead', { method: 'PATCH', url: `/v1/problem/${w.fx.problem}`, payload: { answer_pic: dataUrl(PNG_1PX, 'image/gif') } });
      expect(response.statusCode).toBe(200);
      const path = response.json().problem.answer_pic_path as string;
      expect(path).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
      const served = await as('anonymous', { method: 'GET', url: path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('SQL metacharacters and Korean/emoji text', () => {
    it('round-trip unchanged in box names', async () => {
      await fc.assert(
        fc.asyncProperty(roundTripText(50), async (text) => {
          const created = await as('student', { method: 'POST', url: '/v1/box', payload: { box_name: text } });
          expect(created.statusCode, JSON.stringify(text)).toBe(201);
          const box = created.json().box;
          expect(box.box_name).toBe(text.trim());
          const listed = (await as('student', { method: 'GET', url: '/v1/box' })).json().boxes as Array<{ code: number; box_name: string }>;
          expect(listed.find((b) => b.code === box.code)?.box_name).toBe(text.trim());
        }),
        { numRuns: 30 },
      );
    });

    it('round-trip unchanged in problem replies', async () => {
      await fc.assert(
        fc.asyncProperty(roundTripText(2000), async (text) => {
          const created = await as('student', { method: 'POST', url: `/v1/problem/${w.fx.problem2}/reply`, payload: { reply_text: text } });
          expect(created.statusCode, JSON.stringify(text)).toBe(201);
          const reply = created.json().reply;
          expect(reply.reply_text).toBe(text.trim());
          const listed = (await as('other', { method: 'GET', url: `/v1/problem/${w.fx.problem2}/replies` })).json().replies as Array<{
            reply_code: number;
            reply_text: string;
          }>;
          expect(listed.find((r) => r.reply_code === reply.reply_code)?.reply_text).toBe(text.trim());
        }),
        { numRuns: 30 },
      );
    });

    it('round-trip unchanged in post titles', async () => {
      await fc.assert(
        fc.asyncProperty(roundTripText(200), async (text) => {
          const created = await as('student', { method: 'POST', url: `/boards/${w.fx.board}/contents`, payload: { title: text, content: '<p>본문</p>' } });
          expect(created.statusCode, JSON.stringify(text)).toBe(201);
          const post = created.json().content;
          expect(post.title).toBe(text.trim());
          const read = (await as('anonymous', { method: 'GET', url: `/boards/${w.fx.board}/contents/${post.code}` })).json().content;
          expect(read.title).toBe(text.trim());
        }),
        { numRuns: 30 },
      );
    });

    it('are searched as literal text, never as patterns', async () => {
      const holds = (q: string, ...texts: string[]) => texts.join('\n').toLowerCase().includes(q.toLowerCase());
      for (const q of ['%', '_', '%%', '__', "'", '\\', '[a]', '%해부%', "' OR '1'='1"]) {
        const problems = await as('student', { method: 'GET', url: `/v1/problem?q=${encodeURIComponent(q)}&limit=1000` });
        expect(problems.statusCode, q).toBe(200);
        type Found = { question_text: string; illustration: string; answer: string; comments: string };
        const strays = (problems.json().problem as Found[]).filter((p) => !holds(q, p.question_text, p.illustration, p.answer, htmlToPlainText(p.comments)));
        expect(strays, q).toEqual([]);
        const exams = await as('anonymous', { method: 'GET', url: `/v1/test/tests?search=${encodeURIComponent(q)}&limit=1000` });
        expect(exams.statusCode, q).toBe(200);
        expect(
          (exams.json().tests as Array<{ test_name: string; subject_name: string }>).filter((t) => !holds(q, t.test_name, t.subject_name)),
          q,
        ).toEqual([]);
        const boxed = await as('student', { method: 'GET', url: `/v1/box/${w.fx.box}/problem?q=${encodeURIComponent(q)}` });
        expect(boxed.statusCode, q).toBe(200);
      }
    });
  });

  describe('addresses and credentials', () => {
    it('answers broken addresses, unknown paths and methods, and traversal in our format', async () => {
      const cases: Array<[string, string, number]> = [
        ['GET', '/v1/test/%zz', 400],
        ['GET', '/v1/test/%ED%A0%80/meta', 400],
        ['GET', `/boards/${'가'.repeat(101)}`, 400],
        ['GET', `/v1/box/${'9'.repeat(120)}`, 400],
        ['GET', '/v1/nothing-here', 404],
        ['PATCH', '/v1/box', 404],
        ['TRACE', '/v1/box', 404],
        ['GET', '//v1/box', 404],
        ['GET', '/uploads/../../package.json', 404],
        ['GET', '/uploads/..%2f..%2fpackage.json', 404],
        ['GET', '/uploads/%2e%2e/%2e%2e/etc/passwd', 404],
        ['GET', '/uploads/%zz', 400],
        ['GET', '/uploads/', 403],
        ['GET', '/uploads/%00', 403],
      ];
      for (const [method, url, status] of cases) {
        const response = await as('student', { method: method as 'GET', url });
        expect(response.statusCode, `${method} ${url}`).toBe(status);
        expect(errorFormatProblems(response), `${method} ${url}`).toEqual([]);
      }
    });

    const base64url = (value: string) => Buffer.from(value).toString('base64url');
    const forgedTokens = fc.oneof(
      fc.string({ unit: 'grapheme-ascii', maxLength: 300 }),
      fc.constantFrom(
        `${base64url('{"alg":"none","typ":"JWT"}')}.${base64url('{"sub":"1","user_id":1,"role":"superadmin","ver":0}')}.`,
        `${base64url('{"alg":"HS512"}')}.${base64url('{"sub":"1"}')}.${base64url('x')}`,
        `${base64url('{"alg":"RS256"}')}.${base64url('{"sub":"1"}')}.${base64url('x')}`,
        'a.b.c',
        '...',
        '',
        'null',
        'Bearer',
        'eyJ',
        'x'.repeat(8000),
      ),
      fc
        .tuple(fc.string({ unit: 'grapheme-ascii', maxLength: 40 }), fc.string({ unit: 'grapheme-ascii', maxLength: 40 }))
        .map(([a, b]) => `${base64url(a)}.${base64url(b)}.${base64url(a + b)}`),
    );

    it('treats forged or broken tokens in the cookie or the bearer header as no session', async () => {
      await fc.assert(
        fc.asyncProperty(forgedTokens, fc.boolean(), async (token, bearer) => {
          const headers = bearer ? { authorization: `Bearer ${token}` } : { cookie: `token=${encodeURIComponent(token)}` };
          const me = await w.t.app.inject({ method: 'GET', url: '/v1/auth/me', headers });
          expect(me.statusCode).toBe(401);
          expect(errorFormatProblems(me)).toEqual([]);
          const box = await w.t.app.inject({ method: 'POST', url: '/v1/box', headers, payload: { box_name: '위조' } });
          expect(box.statusCode).toBe(401);
          const boards = await w.t.app.inject({ method: 'GET', url: '/boards', headers });
          expect(boards.statusCode).toBe(200);
        }),
        { numRuns: 60 },
      );
    });
  });
});
