import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, meHandler, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

const boards = {
  rows: [
    { code: 2, board_name: '자유게시판', board_id: 'free' },
    { code: 1, board_name: '공지사항', board_id: 'notice' },
  ],
  total: 2,
};

function notice(code: number, title: string, preview = `${title} 내용`) {
  const time = new Date(Date.now() - code * 3_600_000).toISOString();
  return {
    code,
    board_code: 1,
    title,
    preview,
    author_id: 'demo-lead',
    author_nickname: '학습부장',
    creation_time: time,
    update_time: time,
    access_no: 10,
    reply_count: 0,
    attached_filename: null,
    attached_filesize: null,
  };
}

async function openHome() {
  renderRoutes('/home');
  await screen.findByRole('heading', { level: 1, name: '의과대학 기출문제 학습 포털' });
  return screen.getByRole('region', { name: '공지사항' });
}

describe('home page', () => {
  it('links the three cards to exams, subjects and board', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null), 'GET /boards': () => json(200, { rows: [], total: 0 }) });
    await openHome();
    const nav = screen.getByRole('navigation', { name: '바로가기' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/exams', '/subjects', '/board']);
  });

  it('fetches 5 notices of the notice board, shows 3, the first with NEW, previews cut at 100 characters', async () => {
    const long = '가'.repeat(150);
    let asked = '';
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'GET /boards': () => json(200, boards),
      'GET /boards/1/contents': ({ url }) => {
        asked = url;
        const rows = [notice(11, '기말고사 일정', long), notice(12, '족보 업로드'), notice(13, '이용 안내'), notice(14, '넷째'), notice(15, '다섯째')];
        return json(200, { rows, total: 9, page: 1, limit: 5 });
      },
    });
    const section = await openHome();
    const items = await within(section).findAllByRole('listitem');
    expect(new URL(asked, 'http://x').searchParams.get('limit')).toBe('5');
    expect(items).toHaveLength(3);
    expect(within(items[0] as HTMLElement).getByText('NEW')).toBeTruthy();
    expect(within(items[1] as HTMLElement).queryByText('NEW')).toBeNull();
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: '기말고사 일정' })
        .getAttribute('href'),
    ).toBe('/board/1/content/11');
    expect(within(items[0] as HTMLElement).getByText(`${'가'.repeat(100)}…`)).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('11시간 전')).toBeTruthy();
    expect(within(section).queryByText('넷째')).toBeNull();
    expect(within(section).getByRole('link', { name: '공지사항 더보기' }).getAttribute('href')).toBe('/board');
  });

  it('shows the empty text when there is no notice board', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'GET /boards': () => json(200, { rows: [{ code: 2, board_name: '자유게시판', board_id: 'free' }], total: 1 }),
    });
    const section = await openHome();
    expect(await within(section).findByText('공지사항이 없습니다 - 게시판 추후 구축 예정')).toBeTruthy();
  });

  it('shows the empty text when the notice board has no posts', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'GET /boards': () => json(200, boards),
      'GET /boards/1/contents': () => json(200, { rows: [], total: 0, page: 1, limit: 5 }),
    });
    const section = await openHome();
    expect(await within(section).findByText('공지사항이 없습니다 - 게시판 추후 구축 예정')).toBeTruthy();
  });

  it('only logs a failed load and shows the empty text', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /v1/auth/me': meHandler(null), 'GET /boards': () => json(500, { message: '서버 오류', code: 'INTERNAL' }) });
    const section = await openHome();
    expect(await within(section).findByText('공지사항이 없습니다 - 게시판 추후 구축 예정')).toBeTruthy();
    expect(log).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    log.mockRestore();
  });
});
