import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderElement } from '../testing/render';
import { NotePanel } from './note-panel';

// The private memo under a problem (issue 26 item 9): opening it puts the caret in the memo.

function showPanel(text: string) {
  const notes = text
    ? [
        {
          problem_uid: 7,
          text,
          is_confused: false,
          update_time: '2026-11-27T00:00:00.000Z',
          test_code: 3,
          test_name: '2026 병리학 중간고사',
          no: 1,
          question_text: '첫째 문제',
        },
      ]
    : [];
  mockFetch({
    'GET /v1/auth/me': meHandler(member()),
    'GET /v1/notes': () => json(200, { notes, total: notes.length, page: 1, limit: 100 }),
  });
  renderElement('/p', '/p', <NotePanel problemUid={7} />);
}

/** The memo's button, once the note is read (it waits for it). */
async function memoButton(name: string) {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  return button;
}

describe('note panel', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('메모 쓰기 puts the focus in the new memo', async () => {
    showPanel('');
    fireEvent.click(await memoButton('메모 쓰기'));
    expect(document.activeElement).toBe(await screen.findByRole('textbox', { name: '내 메모' }));
  });

  it('Esc leaves the memo (the answering shortcuts work again) and keeps what was typed', async () => {
    showPanel('');
    fireEvent.click(await memoButton('메모 쓰기'));
    const memo = await screen.findByRole('textbox', { name: '내 메모' });
    fireEvent.change(memo, { target: { value: '다시 볼 것' } });
    fireEvent.keyDown(memo, { key: 'Escape' });
    expect(document.activeElement).not.toBe(memo);
    expect((memo as HTMLTextAreaElement).value).toBe('다시 볼 것');
  });

  it('메모 고치기 puts the focus after the memo’s text', async () => {
    const text = '좌심실 비대는 고혈압에서';
    showPanel(text);
    fireEvent.click(await memoButton('메모 고치기'));
    const memo = (await screen.findByRole('textbox', { name: '내 메모' })) as HTMLTextAreaElement;
    expect(document.activeElement).toBe(memo);
    expect(memo.selectionStart).toBe(text.length);
  });

  // Issue 26 item 19: offline, the memo panel says it is offline instead of failing to load or save.
  it('says it is offline, keeps the memo it has, and takes no edits until the connection returns', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      'GET /v1/notes': () =>
        json(200, {
          notes: [
            {
              problem_uid: 5,
              text: '좌심실 비대',
              is_confused: false,
              update_time: '2026-11-27T00:00:00.000Z',
              test_code: 7,
              test_name: '순환기 중간고사',
              no: 4,
              question_text: '질문',
            },
          ],
          total: 1,
          page: 1,
          limit: 200,
        }),
    });
    renderElement('/p', '/p', <NotePanel problemUid={5} />);
    expect((await screen.findByTestId('note-text')).textContent).toBe('좌심실 비대');
    expect(screen.queryByTestId('note-offline')).toBeNull();

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('note-offline').textContent).toBe('오프라인입니다. 메모와 헷갈림 표시는 인터넷에 연결되면 보고 고칠 수 있습니다.');
    expect(screen.getByTestId('note-text').textContent).toBe('좌심실 비대');
    expect(screen.getByRole('button', { name: '메모 고치기' }).hasAttribute('disabled')).toBe(true);

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByTestId('note-offline')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '메모 고치기' }));
    expect(screen.getByRole('textbox', { name: '내 메모' })).toBeTruthy();
  });
});
