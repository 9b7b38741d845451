import type { Member } from '@qbank/shared/auth';
import type { ProblemReply } from '@qbank/shared/replies';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, meHandler, member, mockFetch, type FetchHandler } from '../testing/fetch-mock';
import { renderElement } from '../testing/render';
import { ReplyThread } from './reply-thread';
import { replyRow } from '../testing/fixtures/replies';

const own = replyRow({ reply_code: 1, member_code: 7, member_nickname: '학생일', reply_text: '첫 줄\n둘째 줄' });
const other = replyRow({ reply_code: 2, member_code: 8, member_nickname: null, member_name: '이선배', reply_text: '다른 사람 댓글' });
const gone = replyRow({ reply_code: 3, member_code: null, member_nickname: null, member_name: null, reply_text: '탈퇴 전 댓글' });

/** An in-memory thread: GET lists it, POST/PUT/DELETE change it. */
function threadServer(initial: ProblemReply[], user: Member = member(), overrides: Record<string, FetchHandler> = {}) {
  let replies = [...initial];
  let next = 100;
  const handlers: Record<string, FetchHandler> = {
    'GET /v1/auth/me': meHandler(user),
    'GET /v1/problem/11/replies': () => json(200, { replies }),
    'POST /v1/problem/11/reply': ({ init }) => {
      const { reply_text } = JSON.parse(String(init?.body)) as { reply_text: string };
      const reply = replyRow({ reply_code: next++, member_code: user.code, member_nickname: user.nickname, reply_text });
      replies = [...replies, reply];
      return json(201, { reply });
    },
  };
  for (const r of initial) {
    handlers[`PUT /v1/problem/11/reply/${r.reply_code}`] = ({ init }) => {
      const { reply_text } = JSON.parse(String(init?.body)) as { reply_text: string };
      replies = replies.map((x) => (x.reply_code === r.reply_code ? { ...x, reply_text, update_time: '2026-10-03T09:00:00.000Z' } : x));
      return json(200, { reply: replies.find((x) => x.reply_code === r.reply_code) });
    };
    handlers[`DELETE /v1/problem/11/reply/${r.reply_code}`] = () => {
      replies = replies.filter((x) => x.reply_code !== r.reply_code);
      return json(200, { ok: true });
    };
  }
  const fetch = mockFetch({ ...handlers, ...overrides });
  const gets = () => fetch.mock.calls.filter(([url, init]) => String(url) === '/v1/problem/11/replies' && (init?.method ?? 'GET') === 'GET').length;
  return { fetch, gets };
}

async function openThread(...args: Parameters<typeof threadServer>) {
  const server = threadServer(...args);
  renderElement('/', '/', <ReplyThread problemUid={11} replyCount={args[0].length} />);
  fireEvent.click(screen.getByRole('button', { name: `댓글 ${args[0].length}` }));
  await screen.findByRole('region', { name: '댓글' });
  return server;
}

const item = (text: string) => screen.getByText(text).closest('li') as HTMLElement;

describe('reply thread', () => {
  it('starts collapsed behind a 댓글 N toggle and loads the thread only when opened', async () => {
    const { gets } = threadServer([own, other]);
    renderElement('/', '/', <ReplyThread problemUid={11} replyCount={2} />);
    const toggle = screen.getByRole('button', { name: '댓글 2' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(gets()).toBe(0);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('다른 사람 댓글')).toBeTruthy();
    expect(gets()).toBe(1);
  });

  it('shows nickname, else name, else 탈퇴한 회원, with a relative time', async () => {
    await openThread([own, other, gone]);
    await screen.findByText('탈퇴 전 댓글');
    expect(within(item('다른 사람 댓글')).getByText('이선배')).toBeTruthy();
    expect(within(item('탈퇴 전 댓글')).getByText('탈퇴한 회원')).toBeTruthy();
    const time = within(item('다른 사람 댓글')).getByText((_, el) => el?.tagName === 'TIME');
    expect(time.getAttribute('datetime')).toBe('2026-10-02T09:00:00.000Z');
  });

  it('renders a reply as plain text with its line breaks, never as markup', async () => {
    const evil = replyRow({ reply_code: 9, reply_text: '<img src=x onerror="alert(1)">\n<b>굵게</b>' });
    await openThread([evil]);
    const text = await screen.findByText((_, el) => el?.tagName === 'P' && el.textContent === evil.reply_text);
    expect(text.querySelector('img')).toBeNull();
    expect(text.querySelector('b')).toBeNull();
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect(text.style.whiteSpace).toBe('pre-wrap');
  });

  it('keeps 등록 disabled while empty, says 댓글 내용이 없습니다. for blank text, and posts trimmed text', async () => {
    const { fetch, gets } = await openThread([own]);
    await screen.findByText('첫 줄', { exact: false });
    const submit = screen.getByRole('button', { name: '등록' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const input = screen.getByRole('textbox', { name: '댓글 쓰기' });
    fireEvent.change(input, { target: { value: '   ' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(await screen.findByText('댓글 내용이 없습니다.')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(input, { target: { value: '  새 댓글입니다  ' } });
    fireEvent.click(submit);
    expect(await screen.findByText('새 댓글입니다', { selector: 'li p' })).toBeTruthy();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reply_text: '새 댓글입니다' });
    expect(gets()).toBe(2);
    expect((input as HTMLTextAreaElement).value).toBe('');
    expect(await screen.findByRole('button', { name: '댓글 2' })).toBeTruthy();
  });

  it('disables 등록 while the reply is being sent', async () => {
    let release: (() => void) | undefined;
    await openThread([], member(), {
      'POST /v1/problem/11/reply': () =>
        new Promise((resolve) => {
          release = () => resolve(json(201, { reply: replyRow({ reply_code: 50 }) }));
        }),
    });
    fireEvent.change(screen.getByRole('textbox', { name: '댓글 쓰기' }), { target: { value: '보내는 중' } });
    fireEvent.click(screen.getByRole('button', { name: '등록' }));
    await waitFor(() => expect(release).toBeDefined());
    expect((screen.getByRole('button', { name: '등록' }) as HTMLButtonElement).disabled).toBe(true);
    release?.();
    await waitFor(() => expect((screen.getByRole('textbox', { name: '댓글 쓰기' }) as HTMLTextAreaElement).value).toBe(''));
  });

  it('offers edit and delete on the member’s own replies only', async () => {
    await openThread([own, other]);
    await screen.findByText('다른 사람 댓글');
    expect(within(item('다른 사람 댓글')).queryByRole('button', { name: /의 댓글 수정$/ })).toBeNull();
    expect(within(item('다른 사람 댓글')).queryByRole('button', { name: /댓글 삭제$/ })).toBeNull();
    const mine = screen.getByText('학생일').closest('li') as HTMLElement;
    expect(within(mine).getByRole('button', { name: '학생일의 댓글 수정' })).toBeTruthy();
    expect(within(mine).getByRole('button', { name: /의 댓글 삭제$/ })).toBeTruthy();
  });

  it('lets an admin delete anyone’s reply but edit only their own', async () => {
    await openThread([other, gone], member({ code: 1, role: 'admin', authority: 1 }));
    await screen.findByText('다른 사람 댓글');
    for (const text of ['다른 사람 댓글', '탈퇴 전 댓글']) {
      expect(within(item(text)).getByRole('button', { name: /의 댓글 삭제$/ })).toBeTruthy();
      expect(within(item(text)).queryByRole('button', { name: /의 댓글 수정$/ })).toBeNull();
    }
  });

  it('edits in place and refetches', async () => {
    const { fetch, gets } = await openThread([own]);
    const mine = (await screen.findByText('학생일')).closest('li') as HTMLElement;
    fireEvent.click(within(mine).getByRole('button', { name: /의 댓글 수정$/ }));
    const box = within(mine).getByRole('textbox', { name: '댓글 수정' }) as HTMLTextAreaElement;
    expect(box.value).toBe('첫 줄\n둘째 줄');
    fireEvent.change(box, { target: { value: '  ' } });
    fireEvent.click(within(mine).getByRole('button', { name: '저장' }));
    expect(await within(mine).findByText('댓글 내용이 없습니다.')).toBeTruthy();
    fireEvent.change(box, { target: { value: '고친 댓글' } });
    fireEvent.click(within(mine).getByRole('button', { name: '저장' }));
    expect(await screen.findByText('고친 댓글', { selector: 'li p' })).toBeTruthy();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/v1/problem/11/reply/1');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ reply_text: '고친 댓글' });
    expect(gets()).toBe(2);
    expect(screen.getByText(/\(수정됨\)/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '댓글 수정' })).toBeNull();
  });

  it('asks 댓글을 삭제하시겠습니까? before deleting, then refetches', async () => {
    const { fetch, gets } = await openThread([own, other]);
    const mine = (await screen.findByText('학생일')).closest('li') as HTMLElement;
    fireEvent.click(within(mine).getByRole('button', { name: /의 댓글 삭제$/ }));
    const dialog = await screen.findByRole('dialog', { name: '댓글 삭제' });
    expect(within(dialog).getByText('댓글을 삭제하시겠습니까?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(within(mine).getByRole('button', { name: /의 댓글 삭제$/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '댓글 삭제' })).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(screen.queryByText('학생일')).toBeNull());
    expect(fetch.mock.calls.find(([, init]) => init?.method === 'DELETE')?.[0]).toBe('/v1/problem/11/reply/1');
    expect(gets()).toBe(2);
    expect(screen.getByText('다른 사람 댓글')).toBeTruthy();
  });

  it('says 댓글 작성 실패 / 댓글 수정 실패 / 댓글 삭제 실패 with the server message', async () => {
    const fail = (message: string) => () => json(403, { message, code: 'FORBIDDEN' });
    await openThread([own], member(), {
      'POST /v1/problem/11/reply': fail('작성 권한이 없습니다.'),
      'PUT /v1/problem/11/reply/1': fail('수정 권한이 없습니다.'),
      'DELETE /v1/problem/11/reply/1': fail('삭제 권한이 없습니다.'),
    });
    await screen.findByText('학생일');
    fireEvent.change(screen.getByRole('textbox', { name: '댓글 쓰기' }), { target: { value: '안녕' } });
    fireEvent.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByText('댓글 작성 실패')).toBeTruthy();
    expect(screen.getByText('작성 권한이 없습니다.')).toBeTruthy();

    const mine = screen.getByText('학생일').closest('li') as HTMLElement;
    fireEvent.click(within(mine).getByRole('button', { name: /의 댓글 수정$/ }));
    fireEvent.change(within(mine).getByRole('textbox', { name: '댓글 수정' }), { target: { value: '고침' } });
    fireEvent.click(within(mine).getByRole('button', { name: '저장' }));
    expect(await screen.findByText('댓글 수정 실패')).toBeTruthy();
    expect(screen.getByText('수정 권한이 없습니다.')).toBeTruthy();
    fireEvent.click(within(mine).getByRole('button', { name: '취소' }));

    fireEvent.click(within(mine).getByRole('button', { name: /의 댓글 삭제$/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '댓글 삭제' })).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('댓글 삭제 실패')).toBeTruthy();
    expect(screen.getByText('삭제 권한이 없습니다.')).toBeTruthy();
  });
});
