import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderElement } from '../testing/render';
import { NotePanel } from './note-panel';

// The private memo under a problem (issue 26 item 9): opening it puts the caret in the memo.

function showPanel(text: string) {
  const notes = text
    ? [{ problem_uid: 7, text, is_confused: false, update_time: '2026-11-27T00:00:00.000Z', test_code: 3, test_name: '2026 병리학 중간고사', no: 1, question_text: '첫째 문제' }]
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
  it('메모 쓰기 puts the focus in the new memo', async () => {
    showPanel('');
    fireEvent.click(await memoButton('메모 쓰기'));
    expect(document.activeElement).toBe(await screen.findByRole('textbox', { name: '내 메모' }));
  });

  it('메모 고치기 puts the focus after the memo’s text', async () => {
    const text = '좌심실 비대는 고혈압에서';
    showPanel(text);
    fireEvent.click(await memoButton('메모 고치기'));
    const memo = (await screen.findByRole('textbox', { name: '내 메모' })) as HTMLTextAreaElement;
    expect(document.activeElement).toBe(memo);
    expect(memo.selectionStart).toBe(text.length);
  });
});
