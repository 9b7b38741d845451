import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

// The builder: the number of matching problems follows every choice, the request carries what was
// chosen, and an empty match cannot be started.

const exam = { test_code: 31, test_name: '2025 해부학 중간고사', year: 2025, subject_code: 1, subject_name: '해부학', problem_count: 40 };

function server(counts: (query: URLSearchParams) => number, created: unknown[]) {
  return mockFetch({
    'GET /v1/auth/me': meHandler(member()),
    'GET /v1/subject/names': () => json(200, { subject_names: [{ subject_code: 1, subject_name: '해부학' }] }),
    'GET /v1/test/years': () => json(200, { years: [2025] }),
    'GET /v1/test/tests': () => json(200, { tests: [exam], total: 1, count: 1, page: 1, limit: 1000 }),
    'GET /v1/box': () =>
      json(200, { boxes: [{ code: 4, box_name: '시험 전날', precidence: 0, solve_slot: null, problem_count: 3, creation_time: '2026-11-01T00:00:00.000Z' }] }),
    'GET /v1/study/sessions/count': ({ url }) => json(200, { count: counts(new URL(url, 'http://x').searchParams) }),
    'POST /v1/study/sessions': ({ init }) => {
      created.push(JSON.parse(String(init?.body)));
      return json(201, { session: { code: 77, mode: 'timed', problem_uids: [1, 2, 3], ends_at: new Date(Date.now() + 600_000).toISOString() } });
    },
    'GET /v1/study/sessions/77': () => json(404, { message: '학습 세션을 찾을 수 없습니다.', code: 'NOT_FOUND' }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('session builder', () => {
  it('counts live and starts a timed session with what was chosen', async () => {
    const created: unknown[] = [];
    const fetch = server((query) => (query.get('filter') === 'wrong' ? 3 : query.get('filter') === 'box' ? 0 : 250), created);
    const { router } = renderRoutes('/study/new');
    expect((await screen.findByTestId('matching-count')).textContent).toMatch(/조건에 맞는 문제 250개|맞는 문제를 세는 중/);
    await waitFor(() => expect(screen.getByTestId('matching-count').textContent).toBe('조건에 맞는 문제 250개'));

    fireEvent.click(screen.getByText('틀린 문제'));
    await waitFor(() => expect(screen.getByTestId('matching-count').textContent).toBe('조건에 맞는 문제 3개'));
    expect(screen.getByText('맞는 문제가 3개뿐이라 3문제로 시작합니다.')).toBeTruthy();
    fireEvent.click(screen.getByText('시험 모드'));
    fireEvent.click(screen.getByText('빈출 우선'));
    expect(screen.getByText('여러 해에 걸쳐 다시 나온 문제(계열)부터 가져옵니다.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('한 계열에 한 문제'));
    // 3 problems × 1.2 minutes, rounded up.
    expect((screen.getByLabelText('시험 시간(분)') as HTMLInputElement).value).toBe('4');
    fireEvent.click(screen.getByRole('button', { name: '3문제 풀기 시작' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/study/sessions/77'));
    expect(created).toEqual([{ scope: {}, filter: 'wrong', count: 20, order: 'frequency', one_per_lineage: true, mode: 'timed', minutes: 4 }]);
    const countCalls = fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/count'));
    expect(countCalls.some((url) => url.includes('filter=wrong'))).toBe(true);
  });

  it('counts each lineage once with 한 계열에 한 문제', async () => {
    const fetch = server((query) => (query.get('one_per_lineage') === 'true' ? 180 : 250), []);
    renderRoutes('/study/new');
    await waitFor(() => expect(screen.getByTestId('matching-count').textContent).toBe('조건에 맞는 문제 250개'));
    fireEvent.click(screen.getByLabelText('한 계열에 한 문제'));
    await waitFor(() => expect(screen.getByTestId('matching-count').textContent).toBe('조건에 맞는 문제 180개'));
    const countCalls = fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/count'));
    expect(countCalls.filter((url) => url.includes('one_per_lineage=true'))).toHaveLength(1);
  });

  it('asks for a box with the box filter, and refuses to start an empty match', async () => {
    server((query) => (query.get('filter') === 'unseen' ? 0 : 10), []);
    renderRoutes('/study/new');
    await waitFor(() => expect(screen.getByTestId('matching-count').textContent).toBe('조건에 맞는 문제 10개'));
    fireEvent.click(screen.getByText('내 박스'));
    expect(screen.getByTestId('matching-count').textContent).toBe('박스를 고르세요');
    expect((screen.getByRole('button', { name: /문제 풀기 시작/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByText('안 푼 문제'));
    await waitFor(() => expect(screen.getByTestId('matching-count').textContent).toBe('조건에 맞는 문제가 없습니다. 범위나 조건을 바꿔 보세요.'));
    expect((screen.getByRole('button', { name: /문제 풀기 시작/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('filters by 체감 난이도: the chips chosen go to the count and to the new session', async () => {
    const created: unknown[] = [];
    const fetch = server((query) => (query.get('difficulties') === 'normal,hard' ? 4 : query.get('difficulties') === 'hard' ? 2 : 250), created);
    renderRoutes('/study/new');
    await waitFor(() => expect(screen.getByTestId('matching-count').textContent).toBe('조건에 맞는 문제 250개'));
    const felt = screen.getByRole('group', { name: '체감 난이도' });
    expect(felt.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(within(felt).getByLabelText('어려움'));
    await waitFor(() => expect(screen.getByTestId('matching-count').textContent).toBe('조건에 맞는 문제 2개'));
    fireEvent.click(within(felt).getByLabelText('보통'));
    await waitFor(() => expect(screen.getByTestId('matching-count').textContent).toBe('조건에 맞는 문제 4개'));
    // None chosen: the count's scope says nothing of difficulty.
    fireEvent.click(within(felt).getByLabelText('보통'));
    fireEvent.click(within(felt).getByLabelText('어려움'));
    await waitFor(() => expect(screen.getByTestId('matching-count').textContent).toBe('조건에 맞는 문제 250개'));
    const counts = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((url) => url.pathname.endsWith('/count'));
    expect(counts.at(-1)!.searchParams.has('difficulties')).toBe(false);
    // Chosen again, they go to the new session (the screen moves on to it: this comes last).
    fireEvent.click(within(felt).getByLabelText('어려움'));
    fireEvent.click(within(felt).getByLabelText('보통'));
    await waitFor(() => expect(screen.getByTestId('matching-count').textContent).toBe('조건에 맞는 문제 4개'));
    fireEvent.click(screen.getByRole('button', { name: '4문제 풀기 시작' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ scope: { difficulties: ['normal', 'hard'] }, filter: 'all' });
  });
});
