import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@qbank/shared/roles';
import type { Db } from '../core/db';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';

// A small local factory: fixture rows go straight into the database, the API only reads them.
function boardFactory(db: Db) {
  let clock = Date.parse('2026-03-02T00:00:00.000Z');
  const tick = () => new Date((clock += 60_000)).toISOString();
  return {
    tick,
    board(values: { board_name?: string; board_id?: string } = {}) {
      const slug = values.board_id ?? `b${randomBytes(4).toString('hex')}`;
      return db
        .insertInto('boards')
        .values({ board_name: values.board_name ?? `게시판 ${slug}`, board_id: slug })
        .returning(['code', 'board_name', 'board_id'])
        .executeTakeFirstOrThrow();
    },
    content(boardCode: number, values: { title?: string; content?: string; author_code?: number | null; access_no?: number; creation_time?: string } = {}) {
      const time = values.creation_time ?? tick();
      return db
        .insertInto('board_contents')
        .values({
          board_code: boardCode,
          title: values.title ?? '제목',
          content: values.content ?? '<p>본문</p>',
          author_code: values.author_code ?? null,
          access_no: values.access_no ?? 0,
          creation_time: time,
          update_time: time,
        })
        .returning(['code', 'access_no'])
        .executeTakeFirstOrThrow();
    },
    reply(contentCode: number, values: { reply_text?: string; member_code?: number | null; creation_time?: string } = {}) {
      const time = values.creation_time ?? tick();
      return db
        .insertInto('board_replies')
        .values({
          content_code: contentCode,
          reply_text: values.reply_text ?? '댓글',
          member_code: values.member_code ?? null,
          creation_time: time,
          update_time: time,
        })
        .returning('code')
        .executeTakeFirstOrThrow();
    },
  };
}

const INVALID = { code: 'VALIDATION', message: '입력값이 올바르지 않습니다.' };
const BOARD_NOT_FOUND = { code: 'NOT_FOUND', message: '게시판을 찾을 수 없습니다.' };
const CONTENT_NOT_FOUND = { code: 'NOT_FOUND', message: '게시글을 찾을 수 없습니다.' };

describe.each(testDialects)('board reads on %s', (dialect) => {
  let t: TestContext;
  let f: ReturnType<typeof boardFactory>;
  beforeAll(async () => {
    t = await createTestContext(dialect);
    f = boardFactory(t.db);
  });
  afterAll(async () => t?.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  describe('GET /boards', () => {
    it('lists every board ordered by code with the total', async () => {
      const made = [await f.board({ board_id: 'zeta' }), await f.board({ board_id: 'alpha' }), await f.board()];
      const response = await get('/boards');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      const codes = body.rows.map((row: { code: number }) => row.code);
      expect(codes).toEqual([...codes].sort((a, b) => a - b));
      const count = await t.db
        .selectFrom('boards')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(body.total).toBe(Number(count.n));
      expect(body.rows).toHaveLength(body.total);
      for (const board of made) expect(body.rows).toContainEqual(board);
      expect(Object.keys(body.rows[0]).sort()).toEqual(['board_id', 'board_name', 'code']);
    });
  });

  describe('GET /boards/:id', () => {
    it('finds a board by its code and by its slug', async () => {
      const notice = await f.board({ board_id: 'notice', board_name: '공지사항' });
      for (const id of [String(notice.code), 'notice']) {
        const response = await get(`/boards/${id}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ board: notice });
      }
    });

    it('answers unknown boards with 404 in Korean', async () => {
      for (const id of ['nope', '987654', '99999999999', '%EA%B3%B5%EC%A7%80']) {
        const response = await get(`/boards/${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(BOARD_NOT_FOUND);
      }
    });

    it('refuses an over-long board id', async () => {
      const response = await get(`/boards/${'x'.repeat(65)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject(INVALID);
    });
  });

  describe('GET /boards/:id/contents', () => {
    it('pages newest first in SQL and keeps the total', async () => {
      const board = await f.board();
      const codes: number[] = [];
      for (let i = 0; i < 25; i += 1) codes.push((await f.content(board.code, { title: `글 ${i}` })).code);
      // Two posts of the same instant: the later code comes first.
      const sameTime = f.tick();
      const tieA = await f.content(board.code, { creation_time: sameTime });
      const tieB = await f.content(board.code, { creation_time: sameTime });
      const newestFirst = [tieB.code, tieA.code, ...codes.reverse()];

      const first = (await get(`/boards/${board.board_id}/contents?limit=10`)).json();
      expect(first).toMatchObject({ total: 27, page: 1, limit: 10 });
      expect(first.rows.map((row: { code: number }) => row.code)).toEqual(newestFirst.slice(0, 10));

      const second = await get(`/boards/${board.code}/contents?page=2&limit=10`);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({ total: 27, page: 2, limit: 10 });
      expect(second.json().rows.map((row: { code: number }) => row.code)).toEqual(newestFirst.slice(10, 20));

      const last = (await get(`/boards/${board.code}/contents?page=3&limit=10`)).json();
      expect(last.rows.map((row: { code: number }) => row.code)).toEqual(newestFirst.slice(20));

      const beyond = (await get(`/boards/${board.code}/contents?page=9&limit=10`)).json();
      expect(beyond).toEqual({ rows: [], total: 27, page: 9, limit: 10 });
    });

    it('uses 20 per page by default and lowers a limit above 100', async () => {
      const board = await f.board();
      for (let i = 0; i < 105; i += 1) await f.content(board.code);
      const byDefault = (await get(`/boards/${board.code}/contents`)).json();
      expect(byDefault).toMatchObject({ total: 105, page: 1, limit: 20 });
      expect(byDefault.rows).toHaveLength(20);
      const clamped = await get(`/boards/${board.code}/contents?limit=9999`);
      expect(clamped.statusCode).toBe(200);
      expect(clamped.json()).toMatchObject({ total: 105, limit: 100 });
      expect(clamped.json().rows).toHaveLength(100);
    });

    it('answers bad paging and unknown query fields with 400 in Korean', async () => {
      const board = await f.board();
      for (const query of ['page=-1', 'page=0', 'page=1.5', 'page=abc', 'limit=0', 'limit=-5', 'limit=abc']) {
        const response = await get(`/boards/${board.code}/contents?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json(), query).toMatchObject(INVALID);
      }
      const unknown = await get(`/boards/${board.code}/contents?sort=title`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'VALIDATION', message: '허용되지 않은 항목이 포함되어 있습니다.' });
    });

    it('answers an unknown board with 404', async () => {
      const response = await get('/boards/no-such-board/contents');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(BOARD_NOT_FOUND);
    });

    it('sends a plain-text preview cut to 200 characters, never the HTML body', async () => {
      const board = await f.board();
      const long = '가'.repeat(150) + 'b'.repeat(150);
      const cut = await f.content(board.code, { content: `<p>${long}</p>`, creation_time: f.tick() });
      const short = await f.content(board.code, {
        content: '<h2>안내</h2><p>시험 <b>범위</b> &amp; 일정<br>확인</p><script>x()</script>',
        creation_time: f.tick(),
      });
      const rows = (await get(`/boards/${board.code}/contents`)).json().rows as Array<Record<string, unknown>>;
      const byCode = new Map(rows.map((row) => [row.code, row]));
      expect(byCode.get(cut.code)?.preview).toBe(`${'가'.repeat(150)}${'b'.repeat(50)}…`);
      expect(byCode.get(short.code)?.preview).toBe('안내 시험 범위 & 일정 확인 x()');
      for (const row of rows) {
        expect(row).not.toHaveProperty('content');
        expect(String(row.preview)).not.toMatch(/[<>]/);
      }
    });

    it('counts replies per post and shows authors, null once the author is deleted', async () => {
      const board = await f.board();
      const author = await createMember(t.db);
      const leaver = await createMember(t.db);
      const withReplies = await f.content(board.code, { author_code: author.code });
      const orphan = await f.content(board.code, { author_code: leaver.code });
      for (let i = 0; i < 3; i += 1) await f.reply(withReplies.code, { member_code: leaver.code });
      await f.reply(orphan.code);
      await t.db.deleteFrom('members').where('code', '=', leaver.code).execute();

      const rows = (await get(`/boards/${board.code}/contents`)).json().rows;
      expect(rows).toEqual([
        expect.objectContaining({ code: orphan.code, reply_count: 1, author_id: null, author_nickname: null }),
        expect.objectContaining({ code: withReplies.code, reply_count: 3, author_id: author.id, author_nickname: author.nickname }),
      ]);
      const empty = await f.content(board.code);
      const newest = (await get(`/boards/${board.code}/contents?limit=1`)).json().rows[0];
      expect(newest).toMatchObject({ code: empty.code, reply_count: 0 });
    });
  });

  describe('GET /boards/:id/contents/:contentId', () => {
    it('returns the post with its HTML, board name and replies oldest first', async () => {
      const board = await f.board({ board_name: '자유게시판' });
      const author = await createMember(t.db);
      const replier = await createMember(t.db);
      const leaver = await createMember(t.db);
      const post = await f.content(board.code, { title: '첫 글', content: '<p>안녕 <b>하세요</b></p>', author_code: author.code });
      const later = await f.reply(post.code, { reply_text: '둘째', member_code: replier.code, creation_time: '2026-05-02T00:00:00.000Z' });
      const earlier = await f.reply(post.code, { reply_text: '첫째', member_code: leaver.code, creation_time: '2026-05-01T00:00:00.000Z' });
      await t.db.deleteFrom('members').where('code', '=', leaver.code).execute();

      const response = await get(`/boards/${board.board_id}/contents/${post.code}`);
      expect(response.statusCode).toBe(200);
      const { content } = response.json();
      expect(content).toMatchObject({
        code: post.code,
        board_code: board.code,
        board_name: '자유게시판',
        title: '첫 글',
        content: '<p>안녕 <b>하세요</b></p>',
        author_id: author.id,
        author_nickname: author.nickname,
        reply_count: 2,
        attached_filename: null,
        attached_filesize: null,
      });
      expect(content).not.toHaveProperty('preview');
      expect(content.replies).toEqual([
        {
          code: earlier.code,
          reply_text: '첫째',
          author_id: null,
          author_nickname: null,
          creation_time: '2026-05-01T00:00:00.000Z',
          update_time: '2026-05-01T00:00:00.000Z',
        },
        {
          code: later.code,
          reply_text: '둘째',
          author_id: replier.id,
          author_nickname: replier.nickname,
          creation_time: '2026-05-02T00:00:00.000Z',
          update_time: '2026-05-02T00:00:00.000Z',
        },
      ]);
    });

    it('counts exactly one view per read, and none for the list', async () => {
      const board = await f.board();
      const post = await f.content(board.code, { access_no: 5 });
      expect((await get(`/boards/${board.code}/contents/${post.code}`)).json().content.access_no).toBe(6);
      expect((await get(`/boards/${board.board_id}/contents/${post.code}`)).json().content.access_no).toBe(7);
      await get(`/boards/${board.code}/contents`);
      const row = await t.db.selectFrom('board_contents').select('access_no').where('code', '=', post.code).executeTakeFirstOrThrow();
      expect(row.access_no).toBe(7);
    });

    it('counts concurrent reads without losing any', async () => {
      const board = await f.board();
      const post = await f.content(board.code);
      await Promise.all(Array.from({ length: 10 }, () => get(`/boards/${board.code}/contents/${post.code}`)));
      const row = await t.db.selectFrom('board_contents').select('access_no').where('code', '=', post.code).executeTakeFirstOrThrow();
      expect(row.access_no).toBe(10);
    });

    it('answers a post of another board, an unknown post or board with 404', async () => {
      const board = await f.board();
      const other = await f.board();
      const post = await f.content(other.code, { access_no: 3 });
      for (const url of [`/boards/${board.code}/contents/${post.code}`, `/boards/${board.code}/contents/987654`]) {
        const response = await get(url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(CONTENT_NOT_FOUND);
      }
      const unknownBoard = await get(`/boards/no-such-board/contents/${post.code}`);
      expect(unknownBoard.statusCode).toBe(404);
      expect(unknownBoard.json()).toEqual(BOARD_NOT_FOUND);
      // A refused read is not a view.
      const row = await t.db.selectFrom('board_contents').select('access_no').where('code', '=', post.code).executeTakeFirstOrThrow();
      expect(row.access_no).toBe(3);
    });

    it('answers bad content ids with 400 in Korean', async () => {
      const board = await f.board();
      for (const url of [
        '/boards/abc/contents/xyz',
        `/boards/${board.code}/contents/0`,
        `/boards/${board.code}/contents/-1`,
        `/boards/${board.code}/contents/1.5`,
        `/boards/${board.code}/contents/99999999999`,
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toMatchObject(INVALID);
      }
    });
  });

  describe('public reads (decision 014)', () => {
    const callers: Array<[string, { role: Role; validated: boolean } | null]> = [
      ['anonymous', null],
      ['an unapproved member', { role: 'student', validated: false }],
      ['a student', { role: 'student', validated: true }],
      ['a lead', { role: 'lead', validated: true }],
      ['an admin', { role: 'admin', validated: true }],
      ['a superadmin', { role: 'superadmin', validated: true }],
    ];

    it.each(callers)('answers %s with 200 on every board read', async (_label, caller) => {
      const cookie = caller ? await loginCookie(t.app, (await createMember(t.db, caller)).id) : undefined;
      const board = await f.board();
      const post = await f.content(board.code);
      for (const url of ['/boards', `/boards/${board.board_id}`, `/boards/${board.code}/contents`, `/boards/${board.code}/contents/${post.code}`]) {
        const response = await get(url, cookie);
        expect(response.statusCode, url).toBe(200);
      }
    });
  });
});
