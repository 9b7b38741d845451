import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TestSummary } from '@qbank/shared/exams';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, meHandler, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import { dedupeTests } from './exams-page';

function exam(code: number, overrides: Partial<TestSummary> = {}): TestSummary {
  return {
    test_code: code,
    test_name: `2025 해부학 시험 ${code}`,
    year: 2025,
    subject_code: 1,
    subject_name: '해부학',
    problem_count: 10 + code,
    ...overrides,
  };
}

const commonHandlers = {
  'GET /v1/auth/me': meHandler(null),
  'GET /v1/test/years': () => json(200, { years: [2024, 1899, 2026, 2025] }),
  'GET /v1/subject/names': () =>
    json(200, {
      subject_names: [
        { subject_code: 1, subject_name: '해부학' },
        { subject_code: 2, subject_name: '생리학' },
      ],
    }),
};

/** A server of `all` exams in pages; records the query of every list call. */
function listServer(all: TestSummary[], calls: URLSearchParams[]) {
  return ({ url }: { url: string }) => {
    const params = new URL(url, 'http://x').searchParams;
    calls.push(params);
    const page = Number(params.get('page'));
    const limit = Number(params.get('limit'));
    const rows = all.slice((page - 1) * limit, page * limit);
    return json(200, { tests: rows, total: all.length, count: rows.length, page, limit });
  };
}

/** Captures IntersectionObserver instances so a test can scroll the sentinel into view. */
function stubIntersectionObserver() {
  const observers: Array<{ callback: IntersectionObserverCallback; options: IntersectionObserverInit | undefined; active: boolean }> = [];
  class Stub {
    private readonly entry;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, options, active: true };
      observers.push(this.entry);
    }
    observe() {}
    unobserve() {}
    disconnect() {
      this.entry.active = false;
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', Stub);
  // The sentinel starts observing in an effect, which React may run a moment after the cards'
  // deferred render has committed: wait for it rather than assume it.
  const activeObserver = () =>
    waitFor(() => {
      const live = observers.filter((o) => o.active).at(-1);
      if (!live) throw new Error('no active observer');
      return live;
    });
  const scrollIntoView = async () => {
    const live = await activeObserver();
    act(() => live.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
  };
  return { observers, activeObserver, scrollIntoView };
}

async function openExams() {
  const view = renderRoutes('/exams');
  await screen.findByRole('heading', { level: 1, name: '시험 목록' });
  return view;
}

beforeEach(() => window.sessionStorage.clear());

describe('dedupeTests', () => {
  it('keeps the first of each test_code across pages', () => {
    expect(dedupeTests([{ tests: [exam(1), exam(2)] }, { tests: [exam(2, { test_name: 'again' }), exam(3)] }]).map((t) => t.test_code)).toEqual([1, 2, 3]);
  });
});

describe('exams page', () => {
  it('loads 20 at a time when the sentinel comes within 100 px, removes duplicates and ends with the end text', async () => {
    const io = stubIntersectionObserver();
    const calls: URLSearchParams[] = [];
    // 45 exams; the second page repeats the last exam of the first (the list shifted).
    const all = Array.from({ length: 45 }, (_, i) => exam(i + 1));
    const pages = [all.slice(0, 20), [all[19] as TestSummary, ...all.slice(20, 39)], all.slice(39)];
    mockFetch({
      ...commonHandlers,
      'GET /v1/test/tests': ({ url }) => {
        const params = new URL(url, 'http://x').searchParams;
        calls.push(params);
        const page = Number(params.get('page'));
        const rows = pages[page - 1] ?? [];
        return json(200, { tests: rows, total: 45, count: rows.length, page, limit: 20 });
      },
    });
    await openExams();
    expect(await screen.findByText('총 45개 시험 · 20개 불러옴')).toBeTruthy();
    expect(calls[0]?.get('limit')).toBe('20');
    expect(calls[0]?.get('page')).toBe('1');
    expect((await io.activeObserver()).options).toEqual({ rootMargin: '100px', threshold: 0.1 });

    await io.scrollIntoView();
    expect(await screen.findByText('총 45개 시험 · 39개 불러옴')).toBeTruthy();
    await io.scrollIntoView();
    expect(await screen.findByText('총 45개 시험 · 45개 불러옴')).toBeTruthy();
    expect(screen.getByText('모든 시험을 불러왔습니다.')).toBeTruthy();
    expect(calls.map((c) => c.get('page'))).toEqual(['1', '2', '3']);
    const list = screen.getByRole('list', { name: '시험 목록' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(45);
    expect(within(list).getAllByText('2025 해부학 시험 20')).toHaveLength(1);
  });

  it('never starts a second load while one is in flight', async () => {
    const io = stubIntersectionObserver();
    const calls: URLSearchParams[] = [];
    const all = Array.from({ length: 30 }, (_, i) => exam(i + 1));
    let release: () => void = () => {};
    const serve = listServer(all, []);
    mockFetch({
      ...commonHandlers,
      'GET /v1/test/tests': (request) => {
        const params = new URL(request.url, 'http://x').searchParams;
        calls.push(params);
        if (params.get('page') === '1') return serve(request);
        return new Promise<Response>((resolve) => {
          release = () => resolve(serve(request));
        });
      },
    });
    await openExams();
    await screen.findByText('총 30개 시험 · 20개 불러옴');
    const first = await io.activeObserver();
    await io.scrollIntoView();
    // The same observer firing again (a second intersection) must not start another load.
    act(() => first.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    await screen.findByRole('status', { name: '더 불러오는 중…' });
    expect(calls).toHaveLength(2);
    await act(async () => release());
    expect(await screen.findByText('모든 시험을 불러왔습니다.')).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('shows the empty text', async () => {
    mockFetch({ ...commonHandlers, 'GET /v1/test/tests': listServer([], []) });
    await openExams();
    expect(await screen.findByText('검색 조건에 맞는 시험이 없습니다.')).toBeTruthy();
    expect(screen.getByText('총 0개 시험 · 0개 불러옴')).toBeTruthy();
    expect(screen.queryByText('모든 시험을 불러왔습니다.')).toBeNull();
  });

  it('offers years ≥ 1900 newest first, filters, keeps the filters in sessionStorage and resets them', async () => {
    const calls: URLSearchParams[] = [];
    mockFetch({ ...commonHandlers, 'GET /v1/test/tests': listServer([exam(1)], calls) });
    await openExams();
    await screen.findByText('총 1개 시험 · 1개 불러옴');
    const year = screen.getByLabelText('연도') as HTMLSelectElement;
    await waitFor(() => expect([...year.options].map((o) => o.textContent)).toEqual(['전체 연도', '2026년', '2025년', '2024년']));
    const subject = screen.getByLabelText('과목') as HTMLSelectElement;
    await waitFor(() => expect(subject.options).toHaveLength(3));

    fireEvent.change(year, { target: { value: '2025' } });
    fireEvent.change(subject, { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('검색어'), { target: { value: ' 중간 ' } });
    fireEvent.submit(screen.getByRole('search', { name: '시험 검색 조건' }));
    await waitFor(() => expect(calls.at(-1)?.get('search')).toBe('중간'));
    expect(calls.at(-1)?.get('year')).toBe('2025');
    expect(calls.at(-1)?.get('subject_code')).toBe('2');
    expect(JSON.parse(window.sessionStorage.getItem('qbank.exams.filters') ?? 'null')).toEqual({ year: '2025', subject: '2', search: '중간' });

    fireEvent.click(screen.getByRole('button', { name: '초기화' }));
    await waitFor(() => expect(calls.at(-1)?.has('year')).toBe(false));
    expect(calls.at(-1)?.has('subject_code')).toBe(false);
    expect(calls.at(-1)?.has('search')).toBe(false);
    expect(window.sessionStorage.getItem('qbank.exams.filters')).toBeNull();
    expect((screen.getByLabelText('검색어') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('연도') as HTMLSelectElement).value).toBe('');
  });

  it('starts from the filters kept in sessionStorage', async () => {
    window.sessionStorage.setItem('qbank.exams.filters', JSON.stringify({ year: '2024', subject: '1', search: '기말' }));
    const calls: URLSearchParams[] = [];
    mockFetch({ ...commonHandlers, 'GET /v1/test/tests': listServer([], calls) });
    await openExams();
    await screen.findByText('검색 조건에 맞는 시험이 없습니다.');
    expect(calls[0]?.get('year')).toBe('2024');
    expect(calls[0]?.get('subject_code')).toBe('1');
    expect(calls[0]?.get('search')).toBe('기말');
    expect((screen.getByLabelText('검색어') as HTMLInputElement).value).toBe('기말');
  });

  it('links each exam to its problems with the exam and fromPath in navigation state', async () => {
    mockFetch({ ...commonHandlers, 'GET /v1/test/tests': listServer([exam(7)], []) });
    const { router } = await openExams();
    const item = (await screen.findByText('2025 해부학 시험 7')).closest('li') as HTMLElement;
    expect(within(item).getByText('2025년')).toBeTruthy();
    expect(within(item).getByText('해부학')).toBeTruthy();
    expect(within(item).getByText('문제 17개')).toBeTruthy();
    const link = within(item).getByRole('link', { name: '2025 해부학 시험 7 문제 보기' });
    expect(link.getAttribute('href')).toBe('/tests/7/problems');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tests/7/problems'));
    expect(router.state.location.state).toEqual({ test: exam(7), fromPath: '/exams' });
  });

  it('logs a failed load and says so', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ ...commonHandlers, 'GET /v1/test/tests': () => json(500, { message: '오류', code: 'INTERNAL' }) });
    await openExams();
    expect(await screen.findByText('시험 목록 로드 실패')).toBeTruthy();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
