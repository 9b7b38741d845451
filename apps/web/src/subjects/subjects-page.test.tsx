import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Subject } from '@qbank/shared/subjects';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, meHandler, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import { subjectRow } from '../testing/fixtures/subjects';

function subjectsServer(rows: Subject[], calls: URLSearchParams[]) {
  return ({ url }: { url: string }) => {
    const params = new URL(url, 'http://x').searchParams;
    calls.push(params);
    return json(200, { subjects: rows, total: rows.length, page: 1, limit: 200 });
  };
}

async function openSubjects() {
  const view = renderRoutes('/subjects');
  await screen.findByRole('heading', { level: 1, name: '과목 목록' });
  return view;
}

beforeEach(() => window.sessionStorage.clear());

describe('subjects page', () => {
  it('asks for 200 and lists name, abbr, grade chips and the classes and tests buttons', async () => {
    const calls: URLSearchParams[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'GET /v1/subject/subjects': subjectsServer([subjectRow(3), subjectRow(4, { subject_name: '순환기내과학', abbr: null, type: 1, grades: [30] })], calls),
    });
    await openSubjects();
    const row = (await screen.findByRole('rowheader', { name: '해부학' })).closest('tr') as HTMLElement;
    expect(calls[0]?.get('limit')).toBe('200');
    expect(within(row).getByText('ANAT')).toBeTruthy();
    expect(within(row).getByText('1학년 1쿼터')).toBeTruthy();
    expect(within(row).getByText('1학년 2쿼터')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '해부학 수업' }).getAttribute('href')).toBe('/subjects/3/classes');
    expect(within(row).getByRole('link', { name: '해부학 시험' }).getAttribute('href')).toBe('/subjects/3/tests');
    const other = screen.getByRole('rowheader', { name: '순환기내과학' }).closest('tr') as HTMLElement;
    expect(within(other).getByText('3학년')).toBeTruthy();
    expect(screen.getByText('총 2개 과목')).toBeTruthy();
  });

  it('filters by type, grade and search (on Enter), and keeps the filters in sessionStorage', async () => {
    const calls: URLSearchParams[] = [];
    mockFetch({ 'GET /v1/auth/me': meHandler(null), 'GET /v1/subject/subjects': subjectsServer([subjectRow(3)], calls) });
    await openSubjects();
    await screen.findByRole('rowheader', { name: '해부학' });

    fireEvent.click(screen.getByRole('radio', { name: '임상' }));
    await waitFor(() => expect(calls.at(-1)?.get('subject_type')).toBe('1'));
    const grade = screen.getByLabelText('학년·쿼터') as HTMLSelectElement;
    expect([...grade.options].map((o) => o.value)).toEqual(['', '11', '12', '13', '14', '21', '22', '23', '24', '30', '40']);
    expect(grade.options[10]?.textContent).toBe('4학년');
    fireEvent.change(grade, { target: { value: '21' } });
    await waitFor(() => expect(calls.at(-1)?.get('grade')).toBe('21'));

    const search = screen.getByLabelText('과목 검색');
    fireEvent.change(search, { target: { value: '순환' } });
    expect(calls.at(-1)?.has('search')).toBe(false); // not before Enter
    fireEvent.submit(screen.getByRole('search', { name: '과목 검색 조건' }));
    await waitFor(() => expect(calls.at(-1)?.get('search')).toBe('순환'));
    expect(JSON.parse(window.sessionStorage.getItem('qbank.subjects.filters') ?? 'null')).toEqual({ type: '1', grade: '21', search: '순환' });
  });

  it('starts from stored filters; 검색 결과가 없습니다 with filters, 등록된 과목이 없습니다 without', async () => {
    window.sessionStorage.setItem('qbank.subjects.filters', JSON.stringify({ type: '0', grade: '', search: '' }));
    const calls: URLSearchParams[] = [];
    mockFetch({ 'GET /v1/auth/me': meHandler(null), 'GET /v1/subject/subjects': subjectsServer([], calls) });
    await openSubjects();
    expect(await screen.findByText('검색 결과가 없습니다')).toBeTruthy();
    expect(calls[0]?.get('subject_type')).toBe('0');
    fireEvent.click(screen.getByRole('radio', { name: '전체' }));
    expect(await screen.findByText('등록된 과목이 없습니다')).toBeTruthy();
  });

  it('shows 과목 목록 로드 실패 with the message', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'GET /v1/subject/subjects': () => json(400, { message: '입력값이 올바르지 않습니다.', code: 'VALIDATION' }),
    });
    await openSubjects();
    expect(await screen.findByText('과목 목록 로드 실패: 입력값이 올바르지 않습니다.')).toBeTruthy();
  });
});

describe('subjects page on a phone', () => {
  it('shows cards with the buttons instead of a table', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
    try {
      mockFetch({ 'GET /v1/auth/me': meHandler(null), 'GET /v1/subject/subjects': subjectsServer([subjectRow(3)], []) });
      await openSubjects();
      const list = await screen.findByRole('list', { name: '과목 목록' });
      const card = within(list).getByRole('listitem');
      expect(within(card).getByText('1학년 1쿼터')).toBeTruthy();
      expect(within(card).getByRole('link', { name: '해부학 수업' }).getAttribute('href')).toBe('/subjects/3/classes');
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      window.matchMedia = original;
    }
  });
});
