import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BoardReply } from '@qbank/shared/boards';
import type { Member } from '@qbank/shared/auth';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { json, meHandler, member, mockFetch, type FetchHandler } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import { postDetail } from '../testing/fixtures/boards';

// The routes load their pages lazily; loading them once up front keeps the first test of the
// file from racing the import.
beforeAll(async () => {
  await Promise.all([import('./board-content-page'), import('./board-page')]);
});

const student = member({ id: 'student01' });
const other = member({ id: 'other02', code: 8 });
const admin = member({ id: 'admin01', code: 9, role: 'admin', authority: 1 });
const iso = '2026-03-02T00:30:00.000Z';

function reply(code: number, author: string | null, text: string): BoardReply {
  return { code, reply_text: text, author_id: author, author_nickname: author, creation_time: iso, update_time: iso };
}

const post = postDetail({
  access_no: 3,
  reply_count: 2,
  attached_filename: '모집 안내.pdf',
  attached_filesize: 2048,
  replies: [reply(1, 'student01', '제 댓글\n<b>굵게 아님</b>'), reply(2, 'other02', '다른 사람 댓글')],
});

function open(user: Member | null, extra: Record<string, FetchHandler> = {}) {
  const fetch = mockFetch({
    'GET /v1/auth/me': meHandler(user),
    'GET /boards/2/contents/31': () => json(200, { content: post }),
    ...extra,
  });
  const view = renderRoutes('/board/2/content/31');
  return { fetch, ...view };
}

const replyItem = (text: string) => screen.getByText(text, { exact: false }).closest('li') as HTMLElement;

describe('post page for its author', () => {
  it('offers edit and delete, downloads the attachment, and renders replies as plain text', async () => {
    const download = vi.fn(
      () => new Response(new Blob(['pdf']), { status: 200, headers: { 'Content-Disposition': "attachment; filename*=UTF-8''%EB%AA%A8%EC%A7%91.pdf" } }),
    );
    // jsdom has no object URLs; the helper only needs one to hand to <a download>.
    Object.defineProperties(URL, {
      createObjectURL: { value: vi.fn(() => 'blob:x'), configurable: true },
      revokeObjectURL: { value: vi.fn(), configurable: true },
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    open(student, { 'GET /boards/2/contents/31/attachment': download });
    expect(await screen.findByRole('heading', { level: 1, name: '스터디 모집' })).toBeTruthy();
    // The author's actions wait for the session as well as the post.
    const actions = await screen.findByRole('group', { name: '게시글 관리' });
    expect(within(actions).getByRole('link', { name: '수정' }).getAttribute('href')).toBe('/board/2/content/31/edit');
    expect(within(actions).getByRole('button', { name: '삭제' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '모집 안내.pdf 내려받기' }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();

    // Reply text is text: the markup shows as typed.
    expect(screen.getByText('<b>굵게 아님</b>', { exact: false })).toBeTruthy();
    expect(within(replyItem('제 댓글')).getByRole('button', { name: 'student01의 댓글 수정' })).toBeTruthy();
    expect(within(replyItem('제 댓글')).getByRole('button', { name: 'student01의 댓글 삭제' })).toBeTruthy();
    expect(within(replyItem('다른 사람 댓글')).queryByRole('button')).toBeNull();
  });

  it('deletes the post after 게시글을 삭제하시겠습니까? and goes back to the board', async () => {
    const deleted = vi.fn(() => json(200, { ok: true }));
    const { router } = open(student, {
      'DELETE /boards/2/contents/31': deleted,
      'GET /boards': () => json(200, { rows: [{ code: 2, board_name: '자유게시판', board_id: 'free' }], total: 1 }),
      'GET /boards/2/contents': () => json(200, { rows: [], total: 0, page: 1, limit: 20 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '삭제' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('게시글을 삭제하시겠습니까?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(router.state.location.search).toBe('?board=2'));
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('게시글을 삭제했습니다.')).toBeTruthy();
  });

  it('writes, edits and deletes a reply, updating the thread without reading the post again', async () => {
    const { fetch } = open(student, {
      'POST /boards/2/contents/31/replies': ({ init }) =>
        json(201, { reply: reply(3, 'student01', (JSON.parse(String(init?.body)) as { reply_text: string }).reply_text) }),
      'PUT /boards/2/contents/31/replies/1': ({ init }) =>
        json(200, {
          reply: { ...reply(1, 'student01', (JSON.parse(String(init?.body)) as { reply_text: string }).reply_text), update_time: '2026-03-03T00:00:00.000Z' },
        }),
      'DELETE /boards/2/contents/31/replies/3': () => json(200, { ok: true }),
    });
    const box = await screen.findByLabelText('댓글 쓰기');
    fireEvent.click(screen.getByRole('button', { name: '댓글 등록' }));
    expect(await screen.findByText('댓글 내용이 없습니다.')).toBeTruthy();
    fireEvent.change(box, { target: { value: '  새 댓글  ' } });
    fireEvent.click(screen.getByRole('button', { name: '댓글 등록' }));
    expect(await screen.findByRole('heading', { level: 2, name: '댓글 3개' })).toBeTruthy();
    expect(within(replyItem('새 댓글')).getByText('새 댓글')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');

    fireEvent.click(within(replyItem('제 댓글')).getByRole('button', { name: 'student01의 댓글 수정' }));
    const editBox = await screen.findByLabelText('댓글 수정');
    fireEvent.change(editBox, { target: { value: '고친 댓글' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(screen.queryByLabelText('댓글 수정')).toBeNull());
    expect(within(replyItem('고친 댓글')).getByText('(수정됨)', { exact: false })).toBeTruthy();

    fireEvent.click(within(replyItem('새 댓글')).getByRole('button', { name: 'student01의 댓글 삭제' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('댓글을 삭제하시겠습니까?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(screen.queryByText('새 댓글')).toBeNull());
    expect(screen.getByRole('heading', { level: 2, name: '댓글 2개' })).toBeTruthy();
    expect(fetch.mock.calls.filter(([url, init]) => String(url).endsWith('/contents/31') && (init?.method ?? 'GET') === 'GET')).toHaveLength(1);
  });

  it('says 댓글 작성 실패 / 댓글 삭제 실패 with the reason', async () => {
    open(student, {
      'POST /boards/2/contents/31/replies': () => json(500, { message: '서버 오류입니다.', code: 'INTERNAL' }),
      'DELETE /boards/2/contents/31/replies/1': () => json(404, { message: '댓글을 찾을 수 없습니다.', code: 'NOT_FOUND' }),
    });
    fireEvent.change(await screen.findByLabelText('댓글 쓰기'), { target: { value: '안녕하세요' } });
    fireEvent.click(screen.getByRole('button', { name: '댓글 등록' }));
    expect(await screen.findByText('댓글 작성 실패: 서버 오류입니다.')).toBeTruthy();
    fireEvent.click(within(replyItem('제 댓글')).getByRole('button', { name: 'student01의 댓글 삭제' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('댓글 삭제 실패: 댓글을 찾을 수 없습니다.')).toBeTruthy();
  });

  it('says 댓글 수정 실패 with the reason', async () => {
    open(student, {
      'PUT /boards/2/contents/31/replies/1': () => json(403, { message: '본인이 작성한 댓글만 수정할 수 있습니다.', code: 'FORBIDDEN' }),
    });
    await screen.findByRole('heading', { level: 1, name: '스터디 모집' });
    fireEvent.click(within(replyItem('제 댓글')).getByRole('button', { name: 'student01의 댓글 수정' }));
    fireEvent.change(await screen.findByLabelText('댓글 수정'), { target: { value: '바꿈' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('댓글 수정 실패: 본인이 작성한 댓글만 수정할 수 있습니다.')).toBeTruthy();
  });
});

describe('post page for others', () => {
  it('another member edits only their own reply and deletes nothing else; no post actions', async () => {
    open(other);
    expect(await screen.findByRole('heading', { level: 1, name: '스터디 모집' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: '게시글 관리' })).toBeNull();
    expect(within(replyItem('제 댓글')).queryByRole('button')).toBeNull();
    expect(within(replyItem('다른 사람 댓글')).getByRole('button', { name: 'other02의 댓글 수정' })).toBeTruthy();
    expect(within(replyItem('다른 사람 댓글')).getByRole('button', { name: 'other02의 댓글 삭제' })).toBeTruthy();
  });

  it('an admin deletes any post and reply but edits only their own', async () => {
    open(admin);
    const actions = await screen.findByRole('group', { name: '게시글 관리' });
    expect(within(actions).queryByRole('link', { name: '수정' })).toBeNull();
    expect(within(actions).getByRole('button', { name: '삭제' })).toBeTruthy();
    for (const [text, author] of [
      ['제 댓글', 'student01'],
      ['다른 사람 댓글', 'other02'],
    ] as const) {
      expect(within(replyItem(text)).getByRole('button', { name: `${author}의 댓글 삭제` })).toBeTruthy();
      expect(within(replyItem(text)).queryByRole('button', { name: `${author}의 댓글 수정` })).toBeNull();
    }
  });

  it('a visitor reads name and size but no download, no reply form and no buttons', async () => {
    open(null);
    expect(await screen.findByText('모집 안내.pdf')).toBeTruthy();
    expect(screen.getByText('(2 KB)')).toBeTruthy();
    expect(screen.getByText('첨부파일은 승인된 회원만 내려받을 수 있습니다.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /내려받기/ })).toBeNull();
    expect(screen.queryByLabelText('댓글 쓰기')).toBeNull();
    expect(screen.getByText('댓글은 승인된 회원만 쓸 수 있습니다. 로그인하세요.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /수정|삭제/ })).toBeNull();
  });
});
