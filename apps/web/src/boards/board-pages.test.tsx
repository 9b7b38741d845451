import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BoardContentDetail, BoardContentSummary } from '@qbank/shared/boards';
import { describe, expect, it } from 'vitest';
import { json, meHandler, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

const boards = {
  rows: [
    { code: 2, board_name: '자유게시판', board_id: 'free' },
    { code: 1, board_name: '공지사항', board_id: 'notice' },
  ],
  total: 2,
};

const hourAgo = new Date(Date.now() - 3_600_000).toISOString();

function post(code: number, overrides: Partial<BoardContentSummary> = {}): BoardContentSummary {
  return {
    code,
    board_code: 1,
    title: `글 ${code}`,
    preview: '',
    author_id: 'demo-lead',
    author_nickname: '부장',
    creation_time: hourAgo,
    update_time: hourAgo,
    access_no: 42,
    reply_count: 3,
    attached_filename: null,
    attached_filesize: null,
    ...overrides,
  };
}

describe('board page', () => {
  it('selects the notice board by default and lists title, attachment, author, time, views and replies', async () => {
    const asked: string[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'GET /boards': () => json(200, boards),
      'GET /boards/1/contents': ({ url }) => {
        asked.push(url);
        return json(200, {
          rows: [post(5, { attached_filename: '일정.pdf', attached_filesize: 2048 }), post(4, { author_id: null, author_nickname: null })],
          total: 2,
          page: 1,
          limit: 20,
        });
      },
    });
    renderRoutes('/board');
    expect(await screen.findByRole('heading', { level: 1, name: '게시판' })).toBeTruthy();
    expect((await screen.findByRole('tab', { name: '공지사항' })).getAttribute('aria-selected')).toBe('true');
    const list = await screen.findByRole('list', { name: '공지사항 게시글 목록' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: '글 5' }).getAttribute('href')).toBe('/board/1/content/5');
    expect(within(first).getByRole('img', { name: '첨부파일' })).toBeTruthy();
    expect(within(first).getByText('demo-lead')).toBeTruthy();
    expect(within(first).getByText('1시간 전')).toBeTruthy();
    expect(within(first).getByText('조회 42')).toBeTruthy();
    expect(within(first).getByText('댓글 3')).toBeTruthy();
    expect(within(second).queryByRole('img', { name: '첨부파일' })).toBeNull();
    expect(within(second).getByText('탈퇴한 회원')).toBeTruthy();
    expect(screen.getByRole('link', { name: '글쓰기' }).getAttribute('href')).toBe('/board/1/write');
    expect(new URL(asked[0] ?? '', 'http://x').searchParams.get('limit')).toBe('20');
    expect(screen.queryByRole('navigation', { name: '게시글 페이지' })).toBeNull();
  });

  it('switches boards through the URL, pages by 20 and shows 게시글이 없습니다', async () => {
    const asked: URLSearchParams[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'GET /boards': () => json(200, boards),
      'GET /boards/1/contents': () => json(200, { rows: [], total: 0, page: 1, limit: 20 }),
      'GET /boards/2/contents': ({ url }) => {
        const params = new URL(url, 'http://x').searchParams;
        asked.push(params);
        return json(200, { rows: [post(9, { board_code: 2 })], total: 45, page: Number(params.get('page')), limit: 20 });
      },
    });
    const { router } = renderRoutes('/board');
    expect(await screen.findByText('게시글이 없습니다')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '자유게시판' }));
    await waitFor(() => expect(router.state.location.search).toBe('?board=2'));
    expect(screen.getByRole('link', { name: '글쓰기' }).getAttribute('href')).toBe('/board/2/write');
    const pages = await screen.findByRole('navigation', { name: '게시글 페이지' });
    fireEvent.click(within(pages).getByRole('button', { name: '3 페이지' }));
    await waitFor(() => expect(asked.at(-1)?.get('page')).toBe('3'));
    expect(router.state.location.search).toBe('?board=2&page=3');
  });
});

describe('board content page', () => {
  const detail: BoardContentDetail = {
    code: 11,
    board_code: 1,
    title: '기말고사 일정 안내',
    author_id: 'demo-lead',
    author_nickname: '부장',
    creation_time: '2026-03-02T00:30:00.000Z',
    update_time: '2026-03-03T01:00:00.000Z',
    access_no: 143,
    reply_count: 1,
    attached_filename: '시험일정.pdf',
    attached_filesize: 1536,
    content: '<p>본문입니다.</p><img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>',
    board_name: '공지사항',
    replies: [{ code: 1, reply_text: '감사합니다!\n두 줄', author_id: null, author_nickname: null, creation_time: hourAgo, update_time: hourAgo }],
  };

  it('shows breadcrumb, title, author, dates, views, attachment, sanitized content and replies', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null), 'GET /boards/1/contents/11': () => json(200, { content: detail }) });
    renderRoutes('/board/1/content/11');
    expect(await screen.findByRole('heading', { level: 1, name: '기말고사 일정 안내' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: '이동 경로' });
    expect(within(crumbs).getByRole('link', { name: '게시판' }).getAttribute('href')).toBe('/board');
    expect(within(crumbs).getByRole('link', { name: '공지사항' }).getAttribute('href')).toBe('/board?board=1');
    const main = screen.getByRole('main');
    expect(within(main).getByText('demo-lead')).toBeTruthy();
    expect(within(main).getByText('2026.03.02 09:30')).toBeTruthy();
    expect(within(main).getByText('2026.03.03 10:00')).toBeTruthy();
    expect(within(main).getByText('조회 143')).toBeTruthy();
    expect(within(main).getByText('시험일정.pdf')).toBeTruthy();
    expect(within(main).getByText('(1.5 KB)')).toBeTruthy();
    expect(within(main).getByText('본문입니다.')).toBeTruthy();
    expect(main.innerHTML).not.toContain('onerror');
    expect(main.querySelector('script')).toBeNull();
    expect(within(main).getByRole('heading', { level: 2, name: '댓글 1개' })).toBeTruthy();
    expect(within(main).getByText('탈퇴한 회원')).toBeTruthy();
    expect(within(main).getByText('1시간 전')).toBeTruthy();
  });

  it('says 게시글을 찾을 수 없습니다. on 404', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'GET /boards/1/contents/999': () => json(404, { message: '게시글을 찾을 수 없습니다.', code: 'NOT_FOUND' }),
    });
    renderRoutes('/board/1/content/999');
    expect(await screen.findByRole('heading', { level: 1, name: '게시글을 찾을 수 없습니다.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '목록으로' }).getAttribute('href')).toBe('/board');
  });

  it('says 게시글을 찾을 수 없습니다. for a code that is not a number, without asking', async () => {
    const fetch = mockFetch({ 'GET /v1/auth/me': meHandler(null) });
    renderRoutes('/board/1/content/abc');
    expect(await screen.findByRole('heading', { level: 1, name: '게시글을 찾을 수 없습니다.' })).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/boards'))).toBe(false);
  });

  it('says 게시글을 불러오는 중 오류가 발생했습니다. on any other error', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'GET /boards/1/contents/11': () => json(500, { message: '서버 오류', code: 'INTERNAL' }),
    });
    renderRoutes('/board/1/content/11');
    expect(await screen.findByRole('heading', { level: 1, name: '게시글을 불러오는 중 오류가 발생했습니다.' })).toBeTruthy();
  });
});
