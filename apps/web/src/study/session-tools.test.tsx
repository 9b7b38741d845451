import type { Annotation } from '@qbank/shared/annotations';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerStore } from '../lib/offline-data';
import { problemRow } from '../testing/fixtures/problems';
import { answered as sessionAnswer, detail as sessionDetail } from '../testing/fixtures/study-sessions';
import { json, meHandler, member, mockFetch, type FetchHandler } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

// The session screen's own tools (issue 30 items 3 and 7): the M and L keys, the shortcut help,
// marks in the grid, and pausing a tutor session.

const mc1 = problemRow({ uid: 11, no: 1, question: '<p>첫째 문제</p>', illustration: '① 하나\n② 둘\n③ 셋', answer: '②', comments: '' });
const mc2 = problemRow({ uid: 12, no: 2, question: '<p>둘째 문제</p>', illustration: '① 하나\n② 둘\n③ 셋', answer: '③', comments: '' });

const annotation = (uid: number, marked: boolean): Annotation => ({
  problem_uid: uid,
  struck: [],
  highlights: [],
  marked,
  update_time: '2026-11-24T09:00:00.000Z',
});

/** A session of mc1 and mc2 whose GET /v1/annotations says `markedUids` are marked; PUT …/mark bodies are collected. */
function serve(mode: 'tutor' | 'timed', markedUids: number[] = [], extra: Record<string, FetchHandler> = {}) {
  const marks: { uid: number; marked: boolean }[] = [];
  const endsAt = new Date(Date.now() + 5 * 60_000).toISOString();
  mockFetch({
    'GET /v1/auth/me': meHandler(member()),
    'GET /v1/study/sessions/5': () => json(200, sessionDetail(mode === 'timed' ? { mode, minutes: 5, ends_at: endsAt } : {}, [mc1, mc2])),
    'GET /v1/annotations': () => json(200, { annotations: markedUids.map((uid) => annotation(uid, true)) }),
    'PUT /v1/problem/11/mark': ({ init }) => {
      const { marked } = JSON.parse(String(init?.body)) as { marked: boolean };
      marks.push({ uid: 11, marked });
      return json(200, { annotation: annotation(11, marked) });
    },
    'POST /v1/study/sessions/5/answers': ({ init }) => {
      const body = JSON.parse(String(init?.body)) as { problem_uid: number; answer: string };
      return json(201, { answer: sessionAnswer(body.problem_uid, body.answer, body.answer === '②') });
    },
    ...extra,
  });
  return marks;
}

const grid = () => screen.getByRole('navigation', { name: '문제 번호' });

afterEach(async () => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  await answerStore.clear();
});

describe('study session tools', () => {
  it('M marks the problem on screen 다시 보기 and again unmarks it, with the Korean layout on too; the grid shows it', async () => {
    const marks = serve('timed');
    renderRoutes('/study/sessions/5');
    const button = await screen.findByRole('button', { name: '나중에 다시 보기' });
    expect(button.getAttribute('aria-keyshortcuts')).toBe('M');
    expect(within(grid()).getByRole('button', { name: /^1 ?번 문제, 답하지 않음$/ })).toBeTruthy();

    fireEvent.keyDown(document.body, { key: 'm', code: 'KeyM' });
    expect(await screen.findByRole('button', { name: '다시 보기 표시됨' })).toBeTruthy();
    await waitFor(() => expect(marks).toEqual([{ uid: 11, marked: true }]));
    const item = within(grid()).getByRole('button', { name: /^1 ?번 문제, 답하지 않음, 다시 보기$/ });
    expect(item.getAttribute('data-marked')).toBe('true');

    // ㅡ is what the M key types with the Korean layout on.
    fireEvent.keyDown(document.body, { key: 'ㅡ', code: 'KeyM' });
    expect(await screen.findByRole('button', { name: '나중에 다시 보기' })).toBeTruthy();
    await waitFor(() =>
      expect(marks).toEqual([
        { uid: 11, marked: true },
        { uid: 11, marked: false },
      ]),
    );
    expect(
      within(grid())
        .getByRole('button', { name: /^1 ?번 문제, 답하지 않음$/ })
        .getAttribute('data-marked'),
    ).toBeNull();
  });

  it('M does nothing with a modifier, held down, or while typing', async () => {
    const marks = serve('tutor');
    renderRoutes('/study/sessions/5');
    await screen.findByRole('button', { name: '나중에 다시 보기' });
    fireEvent.keyDown(document.body, { key: 'm', code: 'KeyM', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'm', code: 'KeyM', repeat: true });
    const field = document.createElement('textarea');
    document.body.append(field);
    fireEvent.keyDown(field, { key: 'm', code: 'KeyM' });
    field.remove();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(marks).toEqual([]);
    expect(screen.getByRole('button', { name: '나중에 다시 보기' })).toBeTruthy();
  });

  it('shows a problem marked earlier in the grid, by its name and its bookmark', async () => {
    serve('timed', [12]);
    renderRoutes('/study/sessions/5');
    const item = await within(await screen.findByRole('navigation', { name: '문제 번호' })).findByRole('button', {
      name: /^2 ?번 문제, 답하지 않음, 다시 보기$/,
    });
    expect(item.querySelector('.qbank-solve-grid-mark')).toBeTruthy();
    expect(
      within(grid())
        .getByRole('button', { name: /^1 ?번 문제, 답하지 않음$/ })
        .querySelector('.qbank-solve-grid-mark'),
    ).toBeNull();
  });

  it('? and its button open the shortcut help with Shift+number, M and L, and without solve mode’s H', async () => {
    serve('tutor');
    renderRoutes('/study/sessions/5');
    await screen.findByRole('button', { name: '나중에 다시 보기' });
    fireEvent.keyDown(document.body, { key: '?', code: 'Slash', shiftKey: true });
    const help = await screen.findByRole('dialog', { name: '단축키 안내' });
    expect(within(help).getByText('학습 세션 단축키')).toBeTruthy();
    for (const text of ['보기 지우기 / 되살리기 (객관식)', '나중에 다시 보기 표시 / 해제', '참고치 표 열기', '이전 문제 / 다음 문제']) {
      expect(within(help).getByText(text)).toBeTruthy();
    }
    expect(within(help).queryByText('해설 보기 켜기 / 끄기')).toBeNull();
    const strikeRow = within(help).getByText('보기 지우기 / 되살리기 (객관식)').closest('tr')!;
    expect(Array.from(strikeRow.querySelectorAll('kbd')).map((key) => key.textContent)).toEqual(['Shift', '1', '9']);
    // Keys rest while the help is open: M does not mark behind it.
    fireEvent.keyDown(document.body, { key: 'm', code: 'KeyM' });
    fireEvent.keyDown(help, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '단축키 안내' })).toBeNull());
    expect(screen.getByRole('button', { name: '나중에 다시 보기' })).toBeTruthy();

    const helpButton = screen.getByRole('button', { name: '단축키 안내' });
    expect(helpButton.getAttribute('aria-keyshortcuts')).toBe('?');
    fireEvent.click(helpButton);
    expect(await screen.findByRole('dialog', { name: '단축키 안내' })).toBeTruthy();
  });

  it('L opens 참고치 by the physical key as well (ㅣ with the Korean layout on)', async () => {
    serve('tutor', [], {
      'GET /v1/reference-values': () =>
        json(200, { source: '예시 출처', values: [{ category: '전해질', name: '나트륨', abbr: 'Na', range: '135–145', unit: 'mmol/L' }], edited: null }),
    });
    renderRoutes('/study/sessions/5');
    await screen.findByRole('button', { name: '나중에 다시 보기' });
    // Not over another dialog: the shortcut help has the keys while it is open.
    fireEvent.click(screen.getByRole('button', { name: '단축키 안내' }));
    await screen.findByRole('dialog', { name: '단축키 안내' });
    fireEvent.keyDown(document.body, { key: 'l', code: 'KeyL' });
    await new Promise((resolve) => setTimeout(resolve, 1500)); // the panel's chunk is lazy: time to arrive if it were asked for
    expect(screen.queryByRole('dialog', { name: '참고치' })).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '단축키 안내' })).toBeNull());
    fireEvent.keyDown(document.body, { key: 'ㅣ', code: 'KeyL' });
    expect(await screen.findByRole('dialog', { name: '참고치' })).toBeTruthy();
  });

  it('a tutor session pauses: the problem leaves the page, keys rest, a reload stays paused, 다시 시작 brings it back', async () => {
    serve('tutor');
    const first = renderRoutes('/study/sessions/5');
    expect(await screen.findByText('첫째 문제')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '일시정지' }));

    const card = await screen.findByRole('region', { name: '일시정지됨' });
    expect(screen.queryByText('첫째 문제')).toBeNull();
    expect(screen.queryByRole('group', { name: '보기' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: '문제 번호' })).toBeNull();
    const resume = within(card).getByRole('button', { name: '다시 시작' });
    await waitFor(() => expect(document.activeElement).toBe(resume));
    // A number key answers nothing it cannot see.
    fireEvent.keyDown(document.body, { key: '2', code: 'Digit2' });
    expect(window.sessionStorage.getItem('qbank.study.paused.5')).toBe('1');

    first.unmount();
    renderRoutes('/study/sessions/5');
    const again = await screen.findByRole('region', { name: '일시정지됨' });
    expect(screen.queryByText('첫째 문제')).toBeNull();
    fireEvent.click(within(again).getByRole('button', { name: '다시 시작' }));
    expect(await screen.findByText('첫째 문제')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: '1번' })));
    expect(screen.queryByTestId('session-verdict')).toBeNull();
    expect(window.sessionStorage.getItem('qbank.study.paused.5')).toBeNull();
  });

  it('a timed session has no pause: its clock is the server’s', async () => {
    window.sessionStorage.setItem('qbank.study.paused.5', '1');
    serve('timed');
    renderRoutes('/study/sessions/5');
    expect(await screen.findByText('첫째 문제')).toBeTruthy();
    expect(screen.getByRole('timer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '일시정지' })).toBeNull();
    expect(screen.queryByRole('region', { name: '일시정지됨' })).toBeNull();
  });
});
