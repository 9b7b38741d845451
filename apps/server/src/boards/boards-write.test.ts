import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@qbank/shared/roles';
import type { Db } from '../core/db';
import type * as Repository from './repository';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';

// Lets a test make the next content write fail after the attachment file was written, to check
// that disk and database stay consistent.
const failNext = vi.hoisted(() => ({ insert: false, update: false }));
vi.mock('./repository', async (importOriginal) => {
  const original = await importOriginal<typeof Repository>();
  return {
    ...original,
    insertBoardContent: async (...args: Parameters<typeof original.insertBoardContent>) => {
      if (failNext.insert) {
        failNext.insert = false;
        throw new Error('insert failed (test)');
      }
      return original.insertBoardContent(...args);
    },
    updateBoardContent: async (...args: Parameters<typeof original.updateBoardContent>) => {
      if (failNext.update) {
        failNext.update = false;
        throw new Error('update failed (test)');
      }
      return original.updateBoardContent(...args);
    },
  };
});

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const MB = 1024 * 1024;

const dataUrl = (bytes: Buffer | string, type = 'application/octet-stream') => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

const NOT_SIGNED_IN = { code: 'UNAUTHENTICATED', message: '인증이 필요합니다' };
const NOT_APPROVED = { code: 'NOT_APPROVED', message: '관리자 승인 후 이용할 수 있습니다.' };
const FORBIDDEN = { code: 'FORBIDDEN', message: '권한이 없습니다.' };
const NOTICE_FORBIDDEN = { code: 'FORBIDDEN', message: '공지사항은 학습부장 이상만 작성할 수 있습니다.' };
const EDIT_FORBIDDEN = { code: 'FORBIDDEN', message: '본인이 작성한 게시글만 수정할 수 있습니다.' };
const DELETE_FORBIDDEN = { code: 'FORBIDDEN', message: '게시글을 삭제할 권한이 없습니다.' };
const CONTENT_NOT_FOUND = { code: 'NOT_FOUND', message: '게시글을 찾을 수 없습니다.' };
const TOO_LARGE = { code: 'PAYLOAD_TOO_LARGE' };

function boardFactory(db: Db) {
  return {
    board(values: { board_name?: string; board_id?: string } = {}) {
      const slug = values.board_id ?? `b${randomBytes(4).toString('hex')}`;
      return db
        .insertInto('boards')
        .values({ board_name: values.board_name ?? `자유게시판 ${slug}`, board_id: slug })
        .returning(['code', 'board_name', 'board_id'])
        .executeTakeFirstOrThrow();
    },
  };
}

describe.each(testDialects)('board writing on %s', (dialect) => {
  let t: TestContext;
  let f: ReturnType<typeof boardFactory>;
  let free: { code: number; board_id: string };
  let notice: { code: number; board_id: string };
  const cookies = {} as Record<'student' | 'other' | 'pending' | 'lead' | 'admin' | 'superadmin', string>;
  const ids = {} as Record<keyof typeof cookies, { code: number; id: string; nickname: string }>;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const attachmentsDir = () => path.join(t.config.dataDir, 'attachments');
  const storedFiles = () => (existsSync(attachmentsDir()) ? readdirSync(attachmentsDir()).sort() : []);
  const storedPathOf = async (code: number) =>
    (await t.db.selectFrom('board_contents').select(['attached_path', 'attached_mime']).where('code', '=', code).executeTakeFirst()) ?? null;
  const post = async (cookie: string, board: { code: number }, payload: Record<string, unknown> = {}) => {
    const response = await call('POST', `/boards/${board.code}/contents`, cookie, { title: '제목', content: '<p>본문</p>', ...payload });
    if (response.statusCode !== 201) throw new Error(`post failed: ${response.statusCode} ${response.body}`);
    return response.json().content as {
      code: number;
      title: string;
      content: string;
      attached_filename: string | null;
      attached_filesize: number | null;
      update_time: string;
    };
  };

  beforeAll(async () => {
    t = await createTestContext(dialect);
    f = boardFactory(t.db);
    free = await f.board();
    notice = await f.board({ board_name: '공지사항', board_id: `notice-${randomBytes(3).toString('hex')}` });
    const roles: Array<[keyof typeof cookies, { role?: Role; validated?: boolean }]> = [
      ['student', {}],
      ['other', {}],
      ['pending', { validated: false }],
      ['lead', { role: 'lead' }],
      ['admin', { role: 'admin' }],
      ['superadmin', { role: 'superadmin' }],
    ];
    for (const [key, options] of roles) {
      const member = await createMember(t.db, options);
      ids[key] = member;
      cookies[key] = await loginCookie(t.app, member.id);
    }
  });
  afterAll(async () => t?.close());

  describe('POST /boards/:id/contents', () => {
    it('lets any approved member write on a free board and only leads and above on the notice board', async () => {
      const expectations: Array<[keyof typeof cookies, number, number]> = [
        ['student', 201, 403],
        ['pending', 403, 403],
        ['lead', 201, 201],
        ['admin', 201, 201],
        ['superadmin', 201, 201],
      ];
      for (const [who, onFree, onNotice] of expectations) {
        const a = await call('POST', `/boards/${free.board_id}/contents`, cookies[who], { title: `${who} 글`, content: '<p>안녕하세요</p>' });
        expect(a.statusCode, `${who} on free`).toBe(onFree);
        const b = await call('POST', `/boards/${notice.code}/contents`, cookies[who], { title: `${who} 공지`, content: '<p>공지합니다</p>' });
        expect(b.statusCode, `${who} on notice`).toBe(onNotice);
      }
      expect((await call('POST', `/boards/${notice.code}/contents`, cookies.student, { title: '학생 공지', content: '<p>x</p>' })).json()).toEqual(
        NOTICE_FORBIDDEN,
      );
      expect((await call('POST', `/boards/${free.code}/contents`, cookies.pending, { title: '대기', content: '<p>x</p>' })).json()).toEqual(NOT_APPROVED);
      const anonymous = await call('POST', `/boards/${free.code}/contents`, undefined, { title: '익명', content: '<p>x</p>' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(NOT_SIGNED_IN);
      // The guard runs before the body is read: no validation details leak to strangers.
      expect((await call('POST', `/boards/${free.code}/contents`, undefined, { nonsense: true })).statusCode).toBe(401);
      expect((await call('POST', `/boards/${free.code}/contents`, cookies.pending, { nonsense: true })).statusCode).toBe(403);
    });

    it('answers the created post with its author, trimmed title and sanitized content', async () => {
      const response = await call('POST', `/boards/${free.board_id}/contents`, cookies.student, {
        title: '  시험 범위\t안내  ',
        content: '<p>3주차 <b>까지</b></p>',
      });
      expect(response.statusCode).toBe(201);
      const { content } = response.json();
      expect(content).toMatchObject({
        board_code: free.code,
        title: '시험 범위 안내',
        content: '<p>3주차 <b>까지</b></p>',
        author_id: ids.student.id,
        author_nickname: ids.student.nickname,
        access_no: 0,
        reply_count: 0,
        attached_filename: null,
        attached_filesize: null,
        replies: [],
      });
      expect(content.creation_time).toBe(content.update_time);
      const listed = (await call('GET', `/boards/${free.code}/contents`)).json().rows;
      expect(listed.map((row: { code: number }) => row.code)).toContain(content.code);
    });

    it('keeps a title as plain text and makes scripts in the content inert', async () => {
      const title = '<script>alert(1)</script><img src=x onerror=alert(1)>';
      const created = await post(cookies.student, free, {
        title,
        content:
          '<p onclick="steal()">안녕<script>alert(1)</script></p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">링크</a>' +
          '<iframe src="https://evil.example"></iframe><a href="https://example.com">좋은 링크</a>',
      });
      expect(created.title).toBe(title);
      expect(created.content).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
      expect(created.content).toContain('<p>안녕</p>');
      expect(created.content).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">좋은 링크</a>');
      const read = (await call('GET', `/boards/${free.code}/contents/${created.code}`)).json().content;
      expect(read.title).toBe(title);
      expect(read.content).toBe(created.content);
    });

    it('moves pasted images to /uploads and accepts an image-only post', async () => {
      const created = await post(cookies.student, free, { content: `<img src="${dataUrl(PNG_1PX, 'image/png')}" alt="그림">` });
      const src = /src="([^"]+)"/.exec(created.content)?.[1] ?? '';
      expect(src).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
      expect(readFileSync(path.join(t.config.uploadsDir, path.basename(src)))).toEqual(PNG_1PX);
      const served = await call('GET', src);
      expect(served.statusCode).toBe(200);
      expect(served.headers['x-content-type-options']).toBe('nosniff');

      const notAnImage = await call('POST', `/boards/${free.code}/contents`, cookies.student, {
        title: '가짜 그림',
        content: `<p>보세요</p><img src="${dataUrl('<svg onload=alert(1)>', 'image/png')}">`,
      });
      expect(notAnImage.statusCode).toBe(400);
      expect(notAnImage.json()).toMatchObject({
        code: 'VALIDATION',
        message: '이미지는 PNG, JPEG, GIF, WebP 형식만 올릴 수 있습니다.',
        fields: { content: expect.any(String) },
      });
    });

    it('refuses bad titles, bodies and fields with 400 in Korean', async () => {
      // The fields of a valid post, with the ones a case adds or spoils.
      const post = (fields: Record<string, unknown>) => ({ title: '제목', content: '<p>x</p>', ...fields });
      const badFile = '첨부 파일 형식이 올바르지 않습니다. 파일을 다시 선택하세요.';
      const attached = (data_url: string) => post({ attachment: { filename: 'a.txt', data_url } });
      const cases: Array<[string, Record<string, unknown>, string, string]> = [
        ['missing title', { content: '<p>x</p>' }, 'title', '제목을 입력하세요.'],
        ['blank title', { title: '   ', content: '<p>x</p>' }, 'title', '제목을 입력하세요.'],
        ['201-char title', { title: '가'.repeat(201), content: '<p>x</p>' }, 'title', '제목은 200자 이내로 입력하세요.'],
        ['numeric title', { title: 5, content: '<p>x</p>' }, 'title', '제목을 입력하세요.'],
        ['missing content', { title: '제목' }, 'content', '내용을 입력하세요.'],
        ['empty content', { title: '제목', content: '' }, 'content', '내용을 입력하세요.'],
        ['content of empty paragraphs', { title: '제목', content: '<p> </p><p>&nbsp;</p><br>' }, 'content', '내용을 입력하세요.'],
        ['content of a script only', { title: '제목', content: '<script>alert(1)</script>' }, 'content', '내용을 입력하세요.'],
        ['content as an object', { title: '제목', content: { html: '<p>x</p>' } }, 'content', '내용을 입력하세요.'],
        ['unknown field', post({ pinned: true }), 'pinned', '허용되지 않은 항목이 포함되어 있습니다.'],
        ['attachment as a string', post({ attachment: 'a.pdf' }), 'attachment', '입력값이 올바르지 않습니다.'],
        ['attachment without a name', post({ attachment: { data_url: dataUrl('hi') } }), 'attachment.filename', '첨부 파일 이름이 없습니다.'],
        ['plain data URL', attached('data:text/plain,hello'), 'attachment.data_url', badFile],
        ['not a data URL', attached('https://example.com/a.txt'), 'attachment.data_url', badFile],
        ['broken base64', attached('data:text/plain;base64,aGk*'), 'attachment.data_url', badFile],
        ['empty file', attached('data:text/plain;base64,'), 'attachment.data_url', '빈 파일은 첨부할 수 없습니다.'],
        [
          'unknown attachment field',
          post({ attachment: { filename: 'a.txt', data_url: dataUrl('hi'), path: '/etc/passwd' } }),
          'path',
          '허용되지 않은 항목이 포함되어 있습니다.',
        ],
      ];
      const before = storedFiles();
      for (const [label, payload, field, message] of cases) {
        const response = await call('POST', `/boards/${free.code}/contents`, cookies.student, payload);
        expect(response.statusCode, label).toBe(400);
        expect(response.json(), label).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
      }
      const tooLong = await call('POST', `/boards/${free.code}/contents`, cookies.student, { title: '긴 글', content: `<p>${'가'.repeat(100_001)}</p>` });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toMatchObject({ message: '본문이 너무 깁니다. 100,000자 이내로 줄여 주세요.', fields: { content: expect.any(String) } });
      expect((await call('POST', `/boards/${free.code}/contents`, cookies.student, { title: '가'.repeat(200), content: '<p>x</p>' })).statusCode).toBe(201);
      const notJson = await t.app.inject({
        method: 'POST',
        url: `/boards/${free.code}/contents`,
        headers: { cookie: cookies.student, 'content-type': 'application/json' },
        payload: '{"title":',
      });
      expect(notJson.statusCode).toBe(400);
      expect(storedFiles()).toEqual(before);
    });

    it('refuses an attachment over 10 MB with 413 in Korean and stores nothing', async () => {
      const before = storedFiles();
      // 11 MB: the request itself is over the route's body limit, refused naming the attachment's.
      const huge = await call('POST', `/boards/${free.code}/contents`, cookies.student, {
        title: '큰 파일',
        content: '<p>x</p>',
        attachment: { filename: 'big.bin', data_url: dataUrl(Buffer.alloc(11 * MB, 1)) },
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toMatchObject({ ...TOO_LARGE, message: '첨부 파일은 10MB 이하만 올릴 수 있습니다.' });
      // One byte over 10 MB still fits in the request: the decoded size is refused.
      const justOver = await call('POST', `/boards/${free.code}/contents`, cookies.student, {
        title: '조금 큰 파일',
        content: '<p>x</p>',
        attachment: { filename: 'big.bin', data_url: dataUrl(Buffer.alloc(10 * MB + 1, 1)) },
      });
      expect(justOver.statusCode).toBe(413);
      expect(justOver.json()).toMatchObject({ ...TOO_LARGE, message: '첨부 파일은 10MB 이하만 올릴 수 있습니다.' });
      expect(storedFiles()).toEqual(before);
      const exactly = await post(cookies.student, free, { attachment: { filename: 'ten.bin', data_url: dataUrl(Buffer.alloc(10 * MB, 2)) } });
      expect(exactly.attached_filesize).toBe(10 * MB);
      // Other routes keep the 1 MB limit.
      const bigReply = await call('POST', `/boards/${free.code}/contents/${exactly.code}/replies`, cookies.student, { reply_text: '가'.repeat(2 * MB) });
      expect(bigReply.statusCode).toBe(413);
    });

    it('answers unknown boards with 404', async () => {
      const response = await call('POST', '/boards/no-such-board/contents', cookies.student, { title: '제목', content: '<p>x</p>' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: '게시판을 찾을 수 없습니다.' });
    });

    it('removes the written file when the row cannot be inserted', async () => {
      const before = storedFiles();
      failNext.insert = true;
      const response = await call('POST', `/boards/${free.code}/contents`, cookies.student, {
        title: '실패할 글',
        content: '<p>x</p>',
        attachment: { filename: 'a.txt', data_url: dataUrl('사라질 파일') },
      });
      expect(response.statusCode).toBe(500);
      const id = String(response.headers['x-request-id']);
      expect(response.json()).toEqual({ code: 'INTERNAL', message: `서버 오류가 발생했습니다. 잠시 후 다시 시도하세요. (요청 번호: ${id})`, request_id: id });
      expect(storedFiles()).toEqual(before);
    });
  });

  describe('attachments', () => {
    it('stores any type under DATA_DIR/attachments with a random name, size and type, never under /uploads', async () => {
      const html = '<html><body><script>alert(document.cookie)</script></body></html>';
      const created = await post(cookies.student, free, { attachment: { filename: 'xss.html', data_url: dataUrl(html, 'text/html') } });
      expect(created).toMatchObject({ attached_filename: 'xss.html', attached_filesize: Buffer.byteLength(html) });
      const stored = await storedPathOf(created.code);
      expect(stored?.attached_path).toMatch(/^[0-9a-f]{32}$/);
      expect(stored?.attached_mime).toBe('text/html');
      expect(readFileSync(path.join(attachmentsDir(), stored!.attached_path!), 'utf8')).toBe(html);
      expect(existsSync(path.join(t.config.uploadsDir, stored!.attached_path!))).toBe(false);
      expect((await call('GET', `/uploads/${stored!.attached_path}`)).statusCode).toBe(404);

      const pdf = await post(cookies.student, free, { attachment: { filename: 'notes.pdf', data_url: dataUrl('%PDF-1.7 test', 'text/html') } });
      expect((await storedPathOf(pdf.code))?.attached_mime).toBe('application/pdf');
      const odd = await post(cookies.student, free, { attachment: { filename: 'data', data_url: dataUrl('x', 'not a type') } });
      expect((await storedPathOf(odd.code))?.attached_mime).toBe('application/octet-stream');
    });

    it('downloads an HTML file as an octet-stream attachment, never inline', async () => {
      const html = '<script>alert(1)</script>';
      const created = await post(cookies.student, free, { attachment: { filename: 'page.html', data_url: dataUrl(html, 'text/html') } });
      const response = await call('GET', `/boards/${free.board_id}/contents/${created.code}/attachment`, cookies.other);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="page.html"; filename*=UTF-8''page.html`);
      expect(response.headers['content-length']).toBe(String(Buffer.byteLength(html)));
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.body).toBe(html);
    });

    it('round-trips a Korean file name through filename* and sanitizes names', async () => {
      const name = '2학기 해부학 강의자료 (최종).pdf';
      const bytes = randomBytes(2048);
      const created = await post(cookies.student, free, { attachment: { filename: name.normalize('NFD'), data_url: dataUrl(bytes, 'application/pdf') } });
      expect(created.attached_filename).toBe(name);
      const response = await call('GET', `/boards/${free.code}/contents/${created.code}/attachment`, cookies.lead);
      const disposition = String(response.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename="attachment\.pdf"; filename\*=UTF-8''/);
      expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1] ?? '')).toBe(name);
      expect(disposition).not.toMatch(/[^\x20-\x7e]/);
      expect(response.rawPayload).toEqual(bytes);

      const names: Array<[string, string]> = [
        ['../../etc/passwd', 'passwd'],
        ['C:\\Users\\학생\\과제.hwp', '과제.hwp'],
        ['report\u202Efdp.exe', 'reportfdp.exe'],
        ['a\u0000b\r\n"quoted".txt', 'ab_quoted_.txt'],
        ['...', 'attachment'],
        [`${'가'.repeat(300)}.pdf`, `${'가'.repeat(251)}.pdf`],
      ];
      for (const [given, expected] of names) {
        const made = await post(cookies.student, free, { attachment: { filename: given, data_url: dataUrl('x') } });
        expect(made.attached_filename, given).toBe(expected);
        const download = await call('GET', `/boards/${free.code}/contents/${made.code}/attachment`, cookies.student);
        expect(download.statusCode, given).toBe(200);
        expect(String(download.headers['content-disposition']), given).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%!._~-]+$/);
      }
    });

    it('answers HEAD with the headers only', async () => {
      const created = await post(cookies.student, free, { attachment: { filename: 'h.txt', data_url: dataUrl('head') } });
      const response = await t.app.inject({
        method: 'HEAD',
        url: `/boards/${free.code}/contents/${created.code}/attachment`,
        headers: { cookie: cookies.student },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.body).toBe('');
    });

    it('needs an approved member to download, and answers 404 without a file', async () => {
      const created = await post(cookies.student, free, { attachment: { filename: 'a.txt', data_url: dataUrl('hi') } });
      const url = `/boards/${free.code}/contents/${created.code}/attachment`;
      expect((await call('GET', url)).json()).toEqual(NOT_SIGNED_IN);
      expect((await call('GET', url, cookies.pending)).json()).toEqual(NOT_APPROVED);
      for (const who of ['student', 'other', 'lead', 'admin', 'superadmin'] as const) {
        expect((await call('GET', url, cookies[who])).statusCode, who).toBe(200);
      }
      const plain = await post(cookies.student, free);
      const none = await call('GET', `/boards/${free.code}/contents/${plain.code}/attachment`, cookies.student);
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ code: 'NOT_FOUND', message: '첨부 파일을 찾을 수 없습니다.' });
      expect((await call('GET', `/boards/${notice.code}/contents/${created.code}/attachment`, cookies.student)).json()).toEqual(CONTENT_NOT_FOUND);
      expect((await call('GET', `/boards/${free.code}/contents/987654/attachment`, cookies.student)).json()).toEqual(CONTENT_NOT_FOUND);
      // A row whose file vanished from disk answers 404, not 500.
      const stored = await storedPathOf(created.code);
      rmSync(path.join(attachmentsDir(), stored!.attached_path!));
      expect((await call('GET', url, cookies.student)).json()).toEqual({ code: 'NOT_FOUND', message: '첨부 파일을 찾을 수 없습니다.' });
      // Deleting such a post still works.
      expect((await call('DELETE', `/boards/${free.code}/contents/${created.code}`, cookies.student)).statusCode).toBe(200);
    });
  });

  describe('PATCH /boards/:id/contents/:contentId', () => {
    it('lets only the author edit: not another member, not an admin, not a superadmin', async () => {
      const created = await post(cookies.student, free, { title: '원래 제목' });
      const url = `/boards/${free.code}/contents/${created.code}`;
      expect((await call('PATCH', url, undefined, { title: '익명' })).json()).toEqual(NOT_SIGNED_IN);
      expect((await call('PATCH', url, cookies.pending, { title: '대기' })).json()).toEqual(NOT_APPROVED);
      for (const who of ['other', 'lead', 'admin', 'superadmin'] as const) {
        const response = await call('PATCH', url, cookies[who], { title: `${who}의 수정` });
        expect(response.statusCode, who).toBe(403);
        expect(response.json(), who).toEqual(EDIT_FORBIDDEN);
      }
      expect((await call('GET', url)).json().content.title).toBe('원래 제목');
    });

    it('changes only the fields sent and moves update_time', async () => {
      const created = await post(cookies.student, free, { title: '제목 하나', content: '<p>본문 하나</p>' });
      await t.db
        .updateTable('board_contents')
        .set({ creation_time: '2026-01-01T00:00:00.000Z', update_time: '2026-01-01T00:00:00.000Z' })
        .where('code', '=', created.code)
        .execute();
      const url = `/boards/${free.board_id}/contents/${created.code}`;
      const titled = await call('PATCH', url, cookies.student, { title: '  제목 둘  ' });
      expect(titled.statusCode).toBe(200);
      expect(titled.json().content).toMatchObject({ title: '제목 둘', content: '<p>본문 하나</p>', creation_time: '2026-01-01T00:00:00.000Z' });
      expect(titled.json().content.update_time > '2026-01-01T00:00:00.000Z').toBe(true);
      const bodied = await call('PATCH', url, cookies.student, { content: '<p>본문 둘<script>x()</script></p>' });
      expect(bodied.json().content).toMatchObject({ title: '제목 둘', content: '<p>본문 둘</p>' });
    });

    it('replaces and removes the attachment, deleting the old files from disk', async () => {
      const created = await post(cookies.student, free, { attachment: { filename: 'v1.txt', data_url: dataUrl('첫 판') } });
      const url = `/boards/${free.code}/contents/${created.code}`;
      const first = (await storedPathOf(created.code))!.attached_path!;
      const replaced = await call('PATCH', url, cookies.student, { attachment: { filename: 'v2.txt', data_url: dataUrl('둘째 판입니다') } });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json().content).toMatchObject({ attached_filename: 'v2.txt', attached_filesize: Buffer.byteLength('둘째 판입니다') });
      const second = (await storedPathOf(created.code))!.attached_path!;
      expect(second).not.toBe(first);
      expect(existsSync(path.join(attachmentsDir(), first))).toBe(false);
      expect(readFileSync(path.join(attachmentsDir(), second), 'utf8')).toBe('둘째 판입니다');

      // A failed update keeps the old file and leaves no new one behind.
      const before = storedFiles();
      failNext.update = true;
      expect((await call('PATCH', url, cookies.student, { attachment: { filename: 'v3.txt', data_url: dataUrl('셋째') } })).statusCode).toBe(500);
      expect(storedFiles()).toEqual(before);
      expect((await storedPathOf(created.code))!.attached_path).toBe(second);

      const removed = await call('PATCH', url, cookies.student, { remove_attachment: true });
      expect(removed.json().content).toMatchObject({ attached_filename: null, attached_filesize: null });
      expect(await storedPathOf(created.code)).toEqual({ attached_path: null, attached_mime: null });
      expect(existsSync(path.join(attachmentsDir(), second))).toBe(false);
      expect((await call('GET', `${url}/attachment`, cookies.student)).statusCode).toBe(404);
    });

    it('leaves exactly one file after concurrent replacements', async () => {
      const created = await post(cookies.student, free, { attachment: { filename: 'v0.txt', data_url: dataUrl('v0') } });
      const url = `/boards/${free.code}/contents/${created.code}`;
      const before = storedFiles().length;
      const responses = await Promise.all(
        Array.from({ length: 5 }, (_, i) => call('PATCH', url, cookies.student, { attachment: { filename: `v${i + 1}.txt`, data_url: dataUrl(`v${i + 1}`) } })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(storedFiles()).toHaveLength(before);
      const stored = (await storedPathOf(created.code))!.attached_path!;
      expect(storedFiles()).toContain(stored);
    });

    it('refuses empty, contradictory and invalid changes', async () => {
      const created = await post(cookies.student, free);
      const url = `/boards/${free.code}/contents/${created.code}`;
      const cases: Array<[unknown, string]> = [
        [{}, '변경할 내용이 없습니다.'],
        [{ remove_attachment: false }, '변경할 내용이 없습니다.'],
        [{ attachment: { filename: 'a.txt', data_url: dataUrl('a') }, remove_attachment: true }, '첨부 파일 교체와 삭제를 함께 요청할 수 없습니다.'],
        [{ title: '가'.repeat(201) }, '제목은 200자 이내로 입력하세요.'],
        [{ title: '' }, '제목을 입력하세요.'],
        [{ content: '<p></p>' }, '내용을 입력하세요.'],
        [{ remove_attachment: 'yes' }, '입력값이 올바르지 않습니다.'],
        [{ author_code: 1 }, '허용되지 않은 항목이 포함되어 있습니다.'],
      ];
      for (const [payload, message] of cases) {
        const response = await call('PATCH', url, cookies.student, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message, JSON.stringify(payload)).toBe(message);
      }
      const other = await f.board();
      expect((await call('PATCH', `/boards/${other.code}/contents/${created.code}`, cookies.student, { title: '다른 게시판' })).json()).toEqual(
        CONTENT_NOT_FOUND,
      );
      expect((await call('PATCH', `/boards/${free.code}/contents/0`, cookies.student, { title: 'x' })).statusCode).toBe(400);
    });

    it('stops a lead who was demoted from editing their notice', async () => {
      const lead = await createMember(t.db, { role: 'lead' });
      const cookie = await loginCookie(t.app, lead.id);
      const created = await post(cookie, notice, { title: '공지' });
      await t.db.updateTable('members').set({ authority: null }).where('code', '=', lead.code).execute();
      expect((await call('PATCH', `/boards/${notice.code}/contents/${created.code}`, cookie, { title: '수정' })).json()).toEqual(NOTICE_FORBIDDEN);
    });
  });

  describe('DELETE /boards/:id/contents/:contentId', () => {
    it('lets the author, an admin or a superadmin delete; nobody else', async () => {
      const url = (code: number) => `/boards/${free.code}/contents/${code}`;
      const target = await post(cookies.student, free);
      expect((await call('DELETE', url(target.code))).json()).toEqual(NOT_SIGNED_IN);
      expect((await call('DELETE', url(target.code), cookies.pending)).json()).toEqual(NOT_APPROVED);
      for (const who of ['other', 'lead'] as const) {
        const response = await call('DELETE', url(target.code), cookies[who]);
        expect(response.statusCode, who).toBe(403);
        expect(response.json(), who).toEqual(DELETE_FORBIDDEN);
      }
      for (const who of ['student', 'admin', 'superadmin'] as const) {
        const made = await post(cookies.student, free);
        const response = await call('DELETE', url(made.code), cookies[who]);
        expect(response.statusCode, who).toBe(200);
        expect(response.json()).toEqual({ ok: true });
        expect((await call('GET', url(made.code))).statusCode).toBe(404);
      }
      expect((await call('DELETE', url(987654), cookies.admin)).json()).toEqual(CONTENT_NOT_FOUND);
    });

    it('removes the post, its replies and its file from disk', async () => {
      const created = await post(cookies.student, free, { attachment: { filename: 'gone.txt', data_url: dataUrl('지워질 파일') } });
      await call('POST', `/boards/${free.code}/contents/${created.code}/replies`, cookies.other, { reply_text: '댓글' });
      const stored = (await storedPathOf(created.code))!.attached_path!;
      expect(existsSync(path.join(attachmentsDir(), stored))).toBe(true);
      expect((await call('DELETE', `/boards/${free.code}/contents/${created.code}`, cookies.admin)).statusCode).toBe(200);
      expect(existsSync(path.join(attachmentsDir(), stored))).toBe(false);
      expect(await storedPathOf(created.code)).toBeNull();
      const replies = await t.db.selectFrom('board_replies').select('code').where('content_code', '=', created.code).execute();
      expect(replies).toEqual([]);
      expect((await call('DELETE', `/boards/${free.code}/contents/${created.code}`, cookies.student)).statusCode).toBe(404);
    });
  });

  describe('replies on posts', () => {
    let target: { code: number };
    const repliesUrl = () => `/boards/${free.code}/contents/${target.code}/replies`;
    beforeAll(async () => {
      target = await post(cookies.lead, free, { title: '댓글 받을 글' });
    });

    it('lets approved members reply with trimmed plain text, also on notices', async () => {
      expect((await call('POST', repliesUrl(), undefined, { reply_text: '익명' })).json()).toEqual(NOT_SIGNED_IN);
      expect((await call('POST', repliesUrl(), cookies.pending, { reply_text: '대기' })).json()).toEqual(NOT_APPROVED);
      const created = await call('POST', repliesUrl(), cookies.student, { reply_text: '  <script>alert(1)</script> 감사합니다\u0000  ' });
      expect(created.statusCode).toBe(201);
      expect(created.json().reply).toMatchObject({
        reply_text: '<script>alert(1)</script> 감사합니다',
        author_id: ids.student.id,
        author_nickname: ids.student.nickname,
      });
      for (const who of ['lead', 'admin', 'superadmin'] as const) {
        expect((await call('POST', repliesUrl(), cookies[who], { reply_text: `${who} 댓글` })).statusCode, who).toBe(201);
      }
      const noticePost = await post(cookies.lead, notice);
      expect(
        (await call('POST', `/boards/${notice.code}/contents/${noticePost.code}/replies`, cookies.student, { reply_text: '확인했습니다' })).statusCode,
      ).toBe(201);
      const read = (await call('GET', `/boards/${free.code}/contents/${target.code}`)).json().content;
      expect(read.reply_count).toBe(4);
      expect(read.replies[0].reply_text).toBe('<script>alert(1)</script> 감사합니다');
    });

    it('refuses empty, blank and over-long text with the problem replies messages', async () => {
      for (const payload of [{}, { reply_text: '' }, { reply_text: '   ' }, { reply_text: 5 }, { reply_text: '\u0000' }]) {
        const response = await call('POST', repliesUrl(), cookies.student, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message).toBe('댓글 내용이 없습니다.');
      }
      expect((await call('POST', repliesUrl(), cookies.student, { reply_text: '가'.repeat(2001) })).json().message).toBe('댓글은 2000자 이내로 입력하세요.');
      expect((await call('POST', repliesUrl(), cookies.student, { reply_text: '가'.repeat(2000) })).statusCode).toBe(201);
      expect((await call('POST', repliesUrl(), cookies.student, { reply_text: '글', extra: 1 })).statusCode).toBe(400);
    });

    it('lets only the author edit, and the author or an admin delete', async () => {
      const reply = (await call('POST', repliesUrl(), cookies.student, { reply_text: '원래 댓글' })).json().reply;
      const url = `${repliesUrl()}/${reply.code}`;
      expect((await call('PUT', url, undefined, { reply_text: '익명' })).statusCode).toBe(401);
      expect((await call('PUT', url, cookies.pending, { reply_text: '대기' })).statusCode).toBe(403);
      for (const who of ['other', 'lead', 'admin', 'superadmin'] as const) {
        const refused = await call('PUT', url, cookies[who], { reply_text: '남의 댓글 수정' });
        expect(refused.statusCode, who).toBe(403);
        expect(refused.json().message).toBe('본인이 작성한 댓글만 수정할 수 있습니다.');
      }
      const edited = await call('PUT', url, cookies.student, { reply_text: '  고친 댓글 ' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().reply).toMatchObject({ code: reply.code, reply_text: '고친 댓글' });
      expect((await call('PUT', url, cookies.student, { reply_text: ' ' })).statusCode).toBe(400);

      for (const who of ['other', 'lead'] as const) {
        const refused = await call('DELETE', url, cookies[who]);
        expect(refused.statusCode, who).toBe(403);
        expect(refused.json().message).toBe('댓글을 삭제할 권한이 없습니다.');
      }
      expect((await call('DELETE', url)).statusCode).toBe(401);
      expect((await call('DELETE', url, cookies.admin)).json()).toEqual({ ok: true });
      expect((await call('DELETE', url, cookies.student)).json()).toEqual({ code: 'NOT_FOUND', message: '댓글을 찾을 수 없습니다.' });

      for (const who of ['student', 'superadmin'] as const) {
        const own = (await call('POST', repliesUrl(), cookies.student, { reply_text: '지울 댓글' })).json().reply;
        expect((await call('DELETE', `${repliesUrl()}/${own.code}`, cookies[who])).statusCode, who).toBe(200);
      }
    });

    it('answers 404 for a reply addressed through another post or board', async () => {
      const reply = (await call('POST', repliesUrl(), cookies.student, { reply_text: '글' })).json().reply;
      const otherPost = await post(cookies.student, free);
      const wrongPost = await call('PUT', `/boards/${free.code}/contents/${otherPost.code}/replies/${reply.code}`, cookies.student, { reply_text: '바꿈' });
      expect(wrongPost.json()).toEqual({ code: 'NOT_FOUND', message: '댓글을 찾을 수 없습니다.' });
      const wrongBoard = await call('DELETE', `/boards/${notice.code}/contents/${target.code}/replies/${reply.code}`, cookies.student);
      expect(wrongBoard.json()).toEqual(CONTENT_NOT_FOUND);
      expect((await call('POST', `/boards/${free.code}/contents/987654/replies`, cookies.student, { reply_text: '글' })).json()).toEqual(CONTENT_NOT_FOUND);
      expect((await call('DELETE', `${repliesUrl()}/abc`, cookies.student)).statusCode).toBe(400);
    });
  });

  describe('boards administration', () => {
    it('lets admins and superadmins create boards; nobody else', async () => {
      const expectations: Array<[keyof typeof cookies | null, number]> = [
        [null, 401],
        ['pending', 403],
        ['student', 403],
        ['lead', 403],
        ['admin', 201],
        ['superadmin', 201],
      ];
      for (const [who, status] of expectations) {
        const slug = `made-by-${who ?? 'anonymous'}-${randomBytes(2).toString('hex')}`;
        const response = await call('POST', '/boards', who ? cookies[who] : undefined, { board_name: '  자료실  ', board_id: slug });
        expect(response.statusCode, String(who)).toBe(status);
        if (status === 201) expect(response.json()).toEqual({ board: { code: expect.any(Number), board_name: '자료실', board_id: slug } });
        if (status === 403 && who !== 'pending') expect(response.json(), String(who)).toEqual(FORBIDDEN);
      }
      const listed = (await call('GET', '/boards')).json().rows.map((row: { board_name: string }) => row.board_name);
      expect(listed.filter((name: string) => name === '자료실')).toHaveLength(2);
    });

    it('refuses a duplicate board_id with 409 and bad names or ids with 400', async () => {
      const slug = `dup-${randomBytes(2).toString('hex')}`;
      expect((await call('POST', '/boards', cookies.admin, { board_name: '첫째', board_id: slug })).statusCode).toBe(201);
      const duplicate = await call('POST', '/boards', cookies.superadmin, { board_name: '둘째', board_id: slug.toUpperCase() });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({
        code: 'CONFLICT',
        message: '이미 사용 중인 게시판 ID입니다.',
        fields: { board_id: '이미 사용 중인 게시판 ID입니다.' },
      });

      const idFormat = '게시판 ID는 영문 소문자, 숫자, 하이픈(-)으로 1~64자 이내로 입력하세요.';
      const nameLength = '게시판 이름은 1~100자 이내로 입력하세요.';
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ board_id: 'no-name' }, nameLength],
        [{ board_name: ' ', board_id: 'blank-name' }, nameLength],
        [{ board_name: '가'.repeat(101), board_id: 'long-name' }, nameLength],
        [{ board_name: '이름' }, idFormat],
        [{ board_name: '이름', board_id: 'has space' }, idFormat],
        [{ board_name: '이름', board_id: '자유' }, idFormat],
        [{ board_name: '이름', board_id: 'x'.repeat(65) }, idFormat],
        [{ board_name: '이름', board_id: '' }, idFormat],
        [{ board_name: '이름', board_id: 42 }, idFormat],
        [{ board_name: '이름', board_id: '123' }, '게시판 ID는 숫자만으로 만들 수 없습니다.'],
        [{ board_name: '이름', board_id: 'ok-id', code: 7 }, '허용되지 않은 항목이 포함되어 있습니다.'],
      ];
      for (const [payload, message] of cases) {
        const response = await call('POST', '/boards', cookies.admin, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message, JSON.stringify(payload)).toBe(message);
      }
      const upper = await call('POST', '/boards', cookies.admin, {
        board_name: '100자 이름'.padEnd(100, '가'),
        board_id: `News-${randomBytes(2).toString('hex')}`,
      });
      expect(upper.statusCode).toBe(201);
      expect(upper.json().board.board_id).toMatch(/^news-[0-9a-f]{4}$/);
    });

    it('lets admins rename a board by code or slug; nobody else', async () => {
      const board = await f.board({ board_name: '옛 이름' });
      for (const [who, status] of [
        [null, 401],
        ['pending', 403],
        ['student', 403],
        ['lead', 403],
      ] as const) {
        const response = await call('PATCH', `/boards/${board.code}`, who ? cookies[who] : undefined, { board_name: '새 이름' });
        expect(response.statusCode, String(who)).toBe(status);
      }
      const byCode = await call('PATCH', `/boards/${board.code}`, cookies.admin, { board_name: ' 새 이름 ' });
      expect(byCode.json()).toEqual({ board: { code: board.code, board_name: '새 이름', board_id: board.board_id } });
      const bySlug = await call('PATCH', `/boards/${board.board_id}`, cookies.superadmin, { board_name: '또 새 이름' });
      expect(bySlug.json().board.board_name).toBe('또 새 이름');
      expect((await call('GET', `/boards/${board.code}`)).json().board.board_name).toBe('또 새 이름');

      expect((await call('PATCH', '/boards/no-such-board', cookies.admin, { board_name: '이름' })).json()).toEqual({
        code: 'NOT_FOUND',
        message: '게시판을 찾을 수 없습니다.',
      });
      for (const payload of [{}, { board_name: '' }, { board_name: '가'.repeat(101) }, { board_name: '이름', board_id: 'changed' }]) {
        expect((await call('PATCH', `/boards/${board.code}`, cookies.admin, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it('makes a board renamed to a notice board writable by leads only', async () => {
      const board = await f.board({ board_name: '학년 게시판' });
      expect((await call('POST', `/boards/${board.code}/contents`, cookies.student, { title: '글', content: '<p>x</p>' })).statusCode).toBe(201);
      await call('PATCH', `/boards/${board.code}`, cookies.admin, { board_name: '학년 공지' });
      expect((await call('POST', `/boards/${board.code}/contents`, cookies.student, { title: '글', content: '<p>x</p>' })).json()).toEqual(NOTICE_FORBIDDEN);
      expect((await call('POST', `/boards/${board.code}/contents`, cookies.lead, { title: '공지', content: '<p>x</p>' })).statusCode).toBe(201);
    });
  });

  it('keeps disk and database in step: every stored file belongs to exactly one post', async () => {
    const rows = await t.db.selectFrom('board_contents').select('attached_path').where('attached_path', 'is not', null).execute();
    expect(storedFiles()).toEqual(rows.map((row) => row.attached_path).sort());
  });
});
