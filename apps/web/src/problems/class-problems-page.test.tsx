import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, meHandler, member, mockFetch, type FetchHandler } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import { classMetaRow, problemRow, problemsPage } from '../testing/fixtures/problems';

const newer = { test_code: 8, test_name: '2026 순환기내과학 기말고사', year: 2026 };
const older = { test_code: 5, test_name: '2025 순환기내과학 중간고사', year: 2025 };
const rows = [
  problemRow({ uid: 51, no: 3, ...newer }),
  problemRow({ uid: 52, no: 7, ...newer, answer: '' }),
  problemRow({ uid: 53, no: 2, ...older, type: 2, choice_type: null, illustration: '', answer: '이뇨제' }),
];

function setup(handlers: Record<string, FetchHandler> = {}) {
  const fetch = mockFetch({
    'GET /v1/auth/me': meHandler(member()),
    'GET /v1/class/41/meta': () => json(200, { meta: classMetaRow() }),
    'GET /v1/problem': () => json(200, problemsPage(rows, { limit: 5 })),
    ...handlers,
  });
  return { fetch, ...renderRoutes('/classes/41/problems') };
}

describe('class problem list', () => {
  it('shows the class name, its info card and the problems grouped by exam, newest first', async () => {
    const { fetch } = setup();
    // The first test also loads the lazy page's code: give it time.
    expect(await screen.findByRole('heading', { level: 1, name: '허혈성 심질환' })).toBeTruthy();
    const info = screen.getByRole('region', { name: '수업 정보' });
    for (const text of ['2026-10-05', '3교시', '강태호 교수', '7문항', '순환기내과학']) expect(within(info).getByText(text)).toBeTruthy();

    await screen.findByText('Q07');
    // The cards are drawn a few at a time (use-progressive-count): the second exam's group comes
    // with its first card, a step or more after Q07 on a loaded machine.
    const headings = () => screen.getAllByRole('heading', { level: 2 });
    await waitFor(() => expect(headings().map((h) => h.textContent)).toEqual(['2026년2026 순환기내과학 기말고사', '2025년2025 순환기내과학 중간고사']));
    const groups = headings();
    const first = screen.getByRole('region', { name: /2026 순환기내과학 기말고사/ });
    expect(within(first).getAllByRole('article')).toHaveLength(2);
    expect(within(first).getByRole('heading', { level: 4, name: 'Q03' })).toBeTruthy();
    // Each type is a section headed by its name and count (issue 12 item 4).
    expect(
      within(first)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['객관식 · 2문항']);
    const link = within(groups[0] as HTMLElement).getByRole('link');
    expect(link.getAttribute('href')).toBe('/tests/8/problems');

    const call = fetch.mock.calls.map(([input]) => new URL(String(input), 'http://test')).find((u) => u.pathname === '/v1/problem');
    expect(Object.fromEntries(call?.searchParams ?? [])).toEqual({ class_heritage_code: '41', page: '1', limit: '5' });
  });

  it('opens an exam group with this page as the way back', async () => {
    const { router } = setup({ 'GET /v1/test/8': () => json(404, { message: '없음', code: 'NOT_FOUND' }) });
    await screen.findByText('Q07');
    fireEvent.click(screen.getByRole('link', { name: /2026 순환기내과학 기말고사/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tests/8/problems'));
    expect(router.state.location.state).toEqual({ fromPath: '/classes/41/problems' });
    expect(await screen.findByRole('link', { name: '수업 문제(으)로 돌아가기' })).toBeTruthy();
  });

  it('goes back to the subject classes of the class when no state says otherwise', async () => {
    setup();
    const back = await screen.findByRole('link', { name: '수업 목록(으)로 돌아가기' });
    expect(back.getAttribute('href')).toBe('/subjects/5/classes');
  });

  it('goes back to the subject classes named in navigation state', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      'GET /v1/class/41/meta': () => json(200, { meta: classMetaRow() }),
      'GET /v1/problem': () => json(200, problemsPage(rows, { limit: 5 })),
    });
    const { router } = renderRoutes('/nowhere');
    await screen.findByRole('heading', { level: 1, name: '페이지를 찾을 수 없습니다.' });
    await act(() => router.navigate('/classes/41/problems', { state: { subject_id: 12 } }));
    await screen.findByText('Q07');
    const links = screen.getAllByRole('link', { name: /수업 목록/ }).map((l) => l.getAttribute('href'));
    expect(links).toEqual(['/subjects/12/classes', '/subjects/12/classes']);
  });

  it('shows the exam column in the answers tab', async () => {
    setup();
    await screen.findByText('Q07');
    fireEvent.click(screen.getByRole('tab', { name: '정답' }));
    const table = await screen.findByRole('table');
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      ['2026 순환기내과학 기말고사', 'Q03', '객', '②'],
      ['2026 순환기내과학 기말고사', 'Q07', '객', '—'],
      ['2025 순환기내과학 중간고사', 'Q02', '주', '이뇨제'],
    ]);
  });

  it('says 수업 정보를 찾을 수 없습니다. with a way back for an unknown class', async () => {
    setup({
      'GET /v1/class/41/meta': () => json(404, { message: '수업을 찾을 수 없습니다.', code: 'NOT_FOUND' }),
      'GET /v1/problem': () => json(200, problemsPage([], { limit: 5 })),
    });
    expect(await screen.findByText('수업 정보를 찾을 수 없습니다.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /과목 목록/ }).every((l) => l.getAttribute('href') === '/subjects')).toBe(true);
  });

  it('shows a dash for a class without period or professor', async () => {
    setup({ 'GET /v1/class/41/meta': () => json(200, { meta: classMetaRow({ class_time: null, professor: null }) }) });
    const info = await screen.findByRole('region', { name: '수업 정보' });
    expect(within(info).getAllByText('—')).toHaveLength(2);
  });
});
