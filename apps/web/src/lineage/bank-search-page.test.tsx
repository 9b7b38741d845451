import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BankSearchPage } from './bank-search-page';

// Issue 28 item 5: the whole bank's search page, its matches grouped by lineage.

const answer = {
  groups: [
    {
      lineage_code: 7,
      lineage_size: 3,
      years: [2019, 2021, 2024],
      problems: [
        {
          uid: 9,
          test_code: 30,
          test_name: '2024 순환기학 중간고사',
          year: 2024,
          no: 2,
          subject_name: '순환기학',
          question_text: '급성 심근경색의 가장 적절한 치료는?',
        },
        {
          uid: 7,
          test_code: 10,
          test_name: '2019 순환기학 중간고사',
          year: 2019,
          no: 1,
          subject_name: '순환기학',
          question_text: '급성 심근경색의 가장 적절한 치료는?',
        },
      ],
    },
    {
      lineage_code: null,
      lineage_size: 1,
      years: [2024],
      problems: [
        { uid: 12, test_code: 30, test_name: '2024 순환기학 중간고사', year: 2024, no: 9, subject_name: '순환기학', question_text: '심근경색 후 심낭염은?' },
      ],
    },
  ],
  total_problems: 3,
  total_groups: 2,
  capped: false,
  page: 1,
  limit: 20,
};

const searchCalls = (fetch: { mock: { calls: unknown[][] } }) => fetch.mock.calls.map((call) => String(call[0])).filter((url) => url.includes('/v1/search'));

function setup(url: string) {
  const subjects = { subject_names: [{ subject_code: 4, subject_name: '순환기학' }] };
  const fetch = vi.fn(
    async (url: string | URL) =>
      new Response(JSON.stringify(String(url).includes('/v1/subject/names') ? subjects : answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter(
    [
      { path: '/search', element: <BankSearchPage /> },
      { path: '/tests/:code/problems', element: <p>exam</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { fetch, router };
}

describe('the whole-bank search page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads ?q=, shows the groups with their 출제 이력, and opens a problem in its exam', async () => {
    const { fetch, router } = setup('/search?q=%EC%8B%AC%EA%B7%BC%EA%B2%BD%EC%83%89');
    expect(await screen.findByRole('heading', { name: '심근경색: 2개 계열, 3문항' })).toBeTruthy();
    expect(searchCalls(fetch)[0]).toContain('/v1/search?q=%EC%8B%AC%EA%B7%BC%EA%B2%BD%EC%83%89&page=1&limit=20');
    const [first, second] = screen.getAllByTestId('bank-search-group');
    expect(within(first!).getByText('출제 3회 · 2019·2021·2024')).toBeTruthy();
    expect(within(second!).getByText('2024년 1회')).toBeTruthy();
    fireEvent.click(within(first!).getByRole('link', { name: '2019 순환기학 중간고사 1번' }));
    expect(router.state.location.pathname).toBe('/tests/10/problems');
    expect(router.state.location.state).toEqual({ highlightUid: 7 });
  });

  it('asks nothing without a term, and puts a new term, subject, year and exam type in the address', async () => {
    const { fetch, router } = setup('/search');
    expect(searchCalls(fetch)).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: '검색어' }), { target: { value: 'ㅅㄱㄱㅅ' } });
    fireEvent.click(screen.getByRole('button', { name: '검색' }));
    await screen.findByRole('heading', { name: 'ㅅㄱㄱㅅ: 2개 계열, 3문항' });
    await screen.findByRole('option', { name: '순환기학' });
    fireEvent.change(screen.getByRole('combobox', { name: '과목' }), { target: { value: '4' } });
    fireEvent.change(screen.getByRole('combobox', { name: '연도' }), { target: { value: String(new Date().getFullYear() - 2) } });
    const year = new Date().getFullYear() - 2;
    expect(router.state.location.search).toBe(`?q=%E3%85%85%E3%84%B1%E3%84%B1%E3%85%85&subject=4&year=${year}`);
    await waitFor(() => expect(searchCalls(fetch).at(-1)).toContain(`subject_code=4&year=${year}`));
    // The exam type keeps the other filters; 모든 종류 leaves it out again.
    fireEvent.change(screen.getByRole('combobox', { name: '시험 종류' }), { target: { value: 'formative' } });
    expect(router.state.location.search).toBe(`?q=%E3%85%85%E3%84%B1%E3%84%B1%E3%85%85&subject=4&year=${year}&type=formative`);
    await waitFor(() => expect(searchCalls(fetch).at(-1)).toContain(`subject_code=4&year=${year}&exam_type=formative`));
    fireEvent.change(screen.getByRole('combobox', { name: '연도' }), { target: { value: '' } });
    expect(router.state.location.search).toBe('?q=%E3%85%85%E3%84%B1%E3%84%B1%E3%85%85&subject=4&type=formative');
    fireEvent.change(screen.getByRole('combobox', { name: '시험 종류' }), { target: { value: '' } });
    expect(router.state.location.search).toBe('?q=%E3%85%85%E3%84%B1%E3%84%B1%E3%85%85&subject=4');
    await waitFor(() => expect(searchCalls(fetch).at(-1)).not.toContain('exam_type'));
  });

  it('offers every exam type in Korean and reads it from the address, ignoring an unknown one', async () => {
    const { fetch } = setup('/search?q=%EC%8B%AC&type=retake');
    await screen.findByRole('heading', { name: '심: 2개 계열, 3문항' });
    expect(searchCalls(fetch)[0]).toContain('&exam_type=retake');
    const select = screen.getByRole('combobox', { name: '시험 종류' }) as HTMLSelectElement;
    expect(select.value).toBe('retake');
    expect([...select.options].map((option) => option.text)).toEqual([
      '모든 종류',
      '중간고사',
      '기말고사',
      '형성평가',
      '모의고사',
      '재시험',
      '쪽지시험',
      '기타',
    ]);
    const unknown = setup('/search?q=%EC%8B%AC&type=weekly');
    await waitFor(() => expect(searchCalls(unknown.fetch)).toHaveLength(1));
    expect(searchCalls(unknown.fetch)[0]).not.toContain('exam_type');
  });

  it('reads the filters from the address and offers a year outside the usual range', async () => {
    const { fetch } = setup('/search?q=%EC%8B%AC&subject=4&year=1999');
    await screen.findByRole('heading', { name: '심: 2개 계열, 3문항' });
    expect(searchCalls(fetch)[0]).toContain('subject_code=4&year=1999');
    expect((screen.getByRole('combobox', { name: '연도' }) as HTMLSelectElement).value).toBe('1999');
    await waitFor(() => expect((screen.getByRole('combobox', { name: '과목' }) as HTMLSelectElement).value).toBe('4'));
  });
});
