import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClassRow } from '@qbank/shared/subjects';
import type { TestSummary } from '@qbank/shared/exams';
import { describe, expect, it } from 'vitest';
import { json, meHandler, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import { subjectRow } from '../testing/fixtures/subjects';

const anatomy = subjectRow(3, { cliexam_type: 1, positions: [{ grade: 12 }, { grade: 11 }] });

function classRow(uid: number, overrides: Partial<ClassRow> = {}): ClassRow {
  return {
    uid,
    subject_code: 3,
    class_name: `수업 ${uid}`,
    class_date: '2026-03-09',
    class_time: 3,
    professor: '김민수 교수',
    problem_count: 4,
    ...overrides,
  };
}

function test(code: number): TestSummary {
  return { test_code: code, test_name: `2025 해부학 시험 ${code}`, year: 2025, subject_code: 3, subject_name: '해부학', problem_count: 5 };
}

const notFound = () => json(404, { message: '과목을 찾을 수 없습니다.', code: 'NOT_FOUND' });

describe('subject classes page', () => {
  function classesServer(rows: ClassRow[], total: number, calls: URLSearchParams[]) {
    return ({ url }: { url: string }) => {
      const params = new URL(url, 'http://x').searchParams;
      calls.push(params);
      return json(200, { classes: rows, subject: anatomy, total, page: Number(params.get('page')), limit: 20 });
    };
  }

  it('defaults to the latest year, shows N교시, and a row opens the class with subject_id in state', async () => {
    const calls: URLSearchParams[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'GET /v1/subject/years': ({ url }) => {
        expect(new URL(url, 'http://x').searchParams.get('subject_code')).toBe('3');
        return json(200, { years: [2024, 2026, 2025] });
      },
      'GET /v1/subject/3/classes': classesServer([classRow(15), classRow(16, { class_time: null, professor: null })], 2, calls),
    });
    const { router } = renderRoutes('/subjects/3/classes');
    expect(await screen.findByRole('heading', { level: 1, name: '해부학 수업 목록' })).toBeTruthy();
    expect(calls[0]?.get('year')).toBe('2026');
    expect(calls[0]?.get('limit')).toBe('20');
    expect((screen.getByLabelText('연도') as HTMLSelectElement).value).toBe('2026');
    const row = screen.getByRole('rowheader', { name: '수업 15' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('3교시')).toBeTruthy();
    expect(within(row).getByText('2026-03-09')).toBeTruthy();
    expect(within(row).getByText('김민수 교수')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '수업 목록 페이지' })).toBeNull();

    fireEvent.click(within(row).getByText('3교시'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/classes/15/problems'));
    expect(router.state.location.state).toEqual({ subject_id: 3 });
  });

  it('changes year, searches on Enter, and pages when the total exceeds 20', async () => {
    const calls: URLSearchParams[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'GET /v1/subject/years': () => json(200, { years: [2025, 2026] }),
      'GET /v1/subject/3/classes': classesServer([classRow(1)], 41, calls),
    });
    const { router } = renderRoutes('/subjects/3/classes');
    await screen.findByRole('rowheader', { name: '수업 1' });
    fireEvent.change(screen.getByLabelText('연도'), { target: { value: 'all' } });
    await waitFor(() => expect(calls.at(-1)?.has('year')).toBe(false));
    fireEvent.change(screen.getByLabelText('수업 검색'), { target: { value: '김민수' } });
    fireEvent.submit(screen.getByRole('search', { name: '수업 검색 조건' }));
    await waitFor(() => expect(calls.at(-1)?.get('search')).toBe('김민수'));
    const pages = await screen.findByRole('navigation', { name: '수업 목록 페이지' });
    fireEvent.click(within(pages).getByRole('button', { name: '3 페이지' }));
    await waitFor(() => expect(calls.at(-1)?.get('page')).toBe('3'));
    expect(router.state.location.search).toBe('?year=all&q=%EA%B9%80%EB%AF%BC%EC%88%98&page=3');
  });

  it('shows 등록된 수업이 없습니다 and the failure text', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'GET /v1/subject/years': () => json(200, { years: [] }),
      'GET /v1/subject/3/classes': classesServer([], 0, []),
    });
    renderRoutes('/subjects/3/classes');
    expect(await screen.findByText('등록된 수업이 없습니다')).toBeTruthy();
  });

  it('shows 수업 목록 로드 실패 when the list fails', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'GET /v1/subject/years': () => json(200, { years: [2026] }),
      'GET /v1/subject/3/classes': () => json(500, { message: '오류', code: 'INTERNAL' }),
    });
    renderRoutes('/subjects/3/classes');
    expect(await screen.findByText('수업 목록 로드 실패')).toBeTruthy();
  });

  it('says 과목을 찾을 수 없습니다. for an unknown subject', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null), 'GET /v1/subject/years': notFound, 'GET /v1/subject/999/classes': notFound });
    renderRoutes('/subjects/999/classes');
    expect(await screen.findByRole('heading', { level: 1, name: '과목을 찾을 수 없습니다.' })).toBeTruthy();
  });
});

describe('subject tests page', () => {
  it('lists exams with the subject panel; a row opens the problems with the exam and fromPath', async () => {
    const calls: URLSearchParams[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'GET /v1/subject/3/tests': ({ url }) => {
        const params = new URL(url, 'http://x').searchParams;
        calls.push(params);
        return json(200, { tests: [test(8), test(9)], subject: anatomy, total: 2, page: 1, limit: 20 });
      },
    });
    const { router } = renderRoutes('/subjects/3/tests');
    expect(await screen.findByRole('heading', { level: 1, name: '해부학 시험 목록' })).toBeTruthy();
    expect(calls[0]?.get('limit')).toBe('20');
    const info = screen.getByRole('region', { name: '과목 정보' });
    expect(within(info).getByText('ANAT')).toBeTruthy();
    expect(within(info).getByText('기초·기타')).toBeTruthy();
    expect(within(info).getByText('임상종합평가 포함')).toBeTruthy();
    expect(
      within(info)
        .getAllByText(/학년 \d쿼터/)
        .map((e) => e.textContent),
    ).toEqual(['1학년 1쿼터', '1학년 2쿼터']);

    fireEvent.change(screen.getByLabelText('시험 검색'), { target: { value: '중간' } });
    fireEvent.submit(screen.getByRole('search', { name: '시험 검색 조건' }));
    await waitFor(() => expect(calls.at(-1)?.get('search')).toBe('중간'));

    const row = screen.getByRole('rowheader', { name: '2025 해부학 시험 9' }).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('2025년'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tests/9/problems'));
    expect(router.state.location.state).toEqual({ test: test(9), fromPath: '/subjects/3/tests' });
  });

  it('shows 연결된 시험이 없습니다, paging above 20, and 과목을 찾을 수 없습니다. on 404', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'GET /v1/subject/3/tests': () => json(200, { tests: [], subject: anatomy, total: 0, page: 1, limit: 20 }),
      'GET /v1/subject/4/tests': () => json(200, { tests: [test(1)], subject: anatomy, total: 21, page: 1, limit: 20 }),
      'GET /v1/subject/5/tests': notFound,
    });
    const { router } = renderRoutes('/subjects/3/tests');
    expect(await screen.findByText('연결된 시험이 없습니다')).toBeTruthy();
    await router.navigate('/subjects/4/tests');
    expect(await screen.findByRole('navigation', { name: '시험 목록 페이지' })).toBeTruthy();
    await router.navigate('/subjects/5/tests');
    expect(await screen.findByRole('heading', { level: 1, name: '과목을 찾을 수 없습니다.' })).toBeTruthy();
  });

  it('shows 시험 목록 로드 실패', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null), 'GET /v1/subject/3/tests': () => json(500, { message: '오류', code: 'INTERNAL' }) });
    renderRoutes('/subjects/3/tests');
    expect(await screen.findByText('시험 목록 로드 실패')).toBeTruthy();
  });
});
