import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import { classMetaRow, problemRow, problemsPage } from '../testing/fixtures/problems';

// 빈출 on the lists (issue 28 item 3, decision 190): 빈출순 and 반복 출제만 go to the server as
// `sort=frequency` and `recurring=1` and stay in the URL; a class says how much of it recurs.

const exam = { test_code: 8, test_name: '2026 순환기내과학 기말고사', year: 2026 };
const rows = [problemRow({ uid: 51, no: 3, ...exam }), problemRow({ uid: 52, no: 7, ...exam })];

function setup(path: string) {
  const fetch = mockFetch({
    'GET /v1/auth/me': meHandler(member()),
    'GET /v1/class/41/meta': () => json(200, { meta: classMetaRow() }),
    'GET /v1/lineages/class/41': () => json(200, { class_code: 41, problem_count: 42, recurring_count: 17 }),
    'GET /v1/problem': ({ url }) => {
      const query = new URL(url, 'http://test').searchParams;
      if (query.get('recurring') === '1') return json(200, problemsPage([], { limit: 5 }));
      return json(200, problemsPage(query.get('sort') === 'frequency' ? [rows[1]!, rows[0]!] : rows, { limit: 5 }));
    },
  });
  const listCalls = () =>
    fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://test'))
      .filter((u) => u.pathname === '/v1/problem')
      .map((u) => Object.fromEntries(u.searchParams));
  return { listCalls, ...renderRoutes(path) };
}

const cardTitles = () => screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);

describe('the 빈출 control on a class list', () => {
  it('sorts 빈출순 through the server and keeps the choice in the URL; the usual list asks for no order', async () => {
    const { listCalls, router } = setup('/classes/41/problems');
    await screen.findByText('Q07');
    expect(listCalls()[0]).toEqual({ class_heritage_code: '41', page: '1', limit: '5' });
    const usual = screen.getByRole('radio', { name: '기본순' }) as HTMLInputElement;
    expect(usual.checked).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: '빈출순' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=frequency'));
    await waitFor(() => expect(cardTitles()).toEqual(['Q07', 'Q03']));
    expect(listCalls().at(-1)).toEqual({ class_heritage_code: '41', page: '1', limit: '5', sort: 'frequency' });

    fireEvent.click(screen.getByRole('radio', { name: '기본순' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(cardTitles()).toEqual(['Q03', 'Q07']));
  });

  it('반복 출제만 asks for recurring=1 and says so when nothing recurs, the control staying to turn it off', async () => {
    const { listCalls, router } = setup('/classes/41/problems?sort=frequency');
    await screen.findByText('Q07');
    fireEvent.click(screen.getByRole('switch', { name: '반복 출제만' }));
    expect(await screen.findByText('반복 출제된 문제가 없습니다.')).toBeTruthy();
    expect(router.state.location.search).toBe('?sort=frequency&recurring=1');
    expect(listCalls().at(-1)).toMatchObject({ sort: 'frequency', recurring: '1' });
    fireEvent.click(screen.getByRole('switch', { name: '반복 출제만' }));
    expect(await screen.findByText('Q07')).toBeTruthy();
  });

  it('says how much of the class recurs under its header', async () => {
    setup('/classes/41/problems');
    expect(await screen.findByText('이 수업 문제 42개 중 17개(40%)가 반복 출제')).toBeTruthy();
  });
});
