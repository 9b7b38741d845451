import { notifications } from '@mantine/notifications';
import type { Member } from '@qbank/shared/auth';
import type { LeadProblemRow } from '@qbank/shared/lead-problems';
import { currentKoreanYear, gradYearForGrade } from '@qbank/shared/member-admin';
import type { TestSummary } from '@qbank/shared/exams';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, meHandler, member, mockFetch, type FetchHandler } from '../testing/fetch-mock';
import { renderElement } from '../testing/render';
import { AssignPage } from './assign-page';
import { leadRow } from '../testing/fixtures/authoring';

afterEach(() => notifications.clean());

const PATH = '/dashboard/lead/assign';
const EXAM_URL = `${PATH}?year=2026&subject=3&test=41&grade=2`;
const lead = member({ code: 10, id: 'demo-lead', name: '박준영', role: 'lead', authority: 2 });

const exam = (test_code: number, test_name: string, subject_code: number, subject_name: string, year = 2026): TestSummary => ({
  test_code,
  test_name,
  year,
  subject_code,
  subject_name,
  problem_count: 0,
});
const exams2026 = [
  exam(42, '2026 순환기내과학 중간고사', 3, '순환기내과학'),
  exam(51, '2026 해부학 기말고사', 4, '해부학'),
  exam(41, '2026 순환기내과학 형성평가 2차', 3, '순환기내과학'),
];
const exams2025 = [exam(31, '2025 순환기내과학 기말고사', 3, '순환기내과학', 2025)];

function problem(uid: number, no: number, type: number, overrides: Partial<LeadProblemRow> = {}): LeadProblemRow {
  return leadRow(uid, { no, type, choice_type: type === 1 ? 5 : null, update_time: '2026-11-20T09:00:00.000Z', ...overrides });
}
const problems = [problem(501, 1, 1), problem(502, 2, 1), problem(503, 1, 2, { is_vacant: 0, question_text: '급성 폐부종의 초기 치료를 쓰시오.' })];

const YEAR = currentKoreanYear();
const student = (code: number, id: string, name: string, grade = 2): Member =>
  member({ code, id, name, grade, grad_year: gradYearForGrade(grade, YEAR), role: 'student', authority: null });
const jimin = student(20, 'demo-student', '김지민');
const seoyeon = student(21, 'han-seoyeon', '한서연');
const minsu = student(25, 'park-minsu', '박민수');
// Given out of order: the screen sorts by Korean name (김지민, 박민수, 한서연).
const grade2 = [seoyeon, jimin, minsu];

const savedMap = { '501': [20], '502': [24], '503': [22] };
const savedMembers = [
  { member_code: 20, id: 'demo-student', name: '김지민', grade: 2, validated: 1 },
  { member_code: 22, id: 'choi-yujin', name: '최유진', grade: 1, validated: 1 },
  { member_code: 24, id: 'left-soon', name: '이탈자', grade: 2, validated: 0 },
];

const paramsOf = (url: string) => new URL(url, 'http://x').searchParams;
const bodyOf = (init: RequestInit | undefined): unknown => JSON.parse(String(init?.body));

function server(overrides: Record<string, FetchHandler> = {}, state = { map: savedMap as Record<string, number[]>, members: savedMembers }) {
  return {
    'GET /v1/auth/me': meHandler(lead),
    'GET /v1/test/years': () => json(200, { years: [2025, 2026, 1800] }),
    'GET /v1/test/tests': ({ url }: { url: string }) => {
      const params = paramsOf(url);
      const tests = params.get('year') === '2025' ? exams2025 : exams2026;
      return json(200, { tests, total: tests.length, count: tests.length, page: 1, limit: Number(params.get('limit')) });
    },
    'GET /v1/problem/lead': ({ url }: { url: string }) => {
      const params = paramsOf(url);
      expect(params.get('include_vacant')).toBe('1');
      expect(params.get('limit')).toBe('100');
      return json(200, {
        problem: problems,
        problem_count: problems.length,
        page: 1,
        limit: 100,
        test: { ...exams2026[2], grades: [24, 30] },
      });
    },
    'GET /v1/problem/assignments': () => json(200, { assignments: state.map, members: state.members }),
    'GET /v1/member/members': ({ url }: { url: string }) => {
      const params = paramsOf(url);
      const members = params.get('grade') === '2' ? grade2 : [];
      return json(200, { members, total: members.length, page: 1, limit: 9999, size: members.length });
    },
    ...overrides,
  } satisfies Record<string, FetchHandler>;
}

function render(path: string, handlers: Record<string, FetchHandler> = server()) {
  const fetch = mockFetch(handlers);
  return { ...renderElement(path, PATH, <AssignPage />), fetch };
}

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const optionLabels = (el: HTMLSelectElement) => [...el.options].map((o) => o.textContent);
const chip = (name: string) => screen.getByRole('button', { name });
const problemList = () => screen.getByRole('list', { name: '문제 목록' });

describe('assignment picks', () => {
  it('cascades year → subject → exam; a change resets what follows', async () => {
    const { router } = render(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: '문제 배정' })).toBeTruthy();
    await waitFor(() => expect(optionLabels(select('연도'))).toEqual(['선택하세요', '2026년', '2025년']));
    expect(select('과목').disabled).toBe(true);
    expect(screen.getByText('시험을 고르면 문제 목록이 나타납니다.')).toBeTruthy();
    expect(optionLabels(select('대상 학년'))).toEqual(['선택하세요', '1학년', '2학년', '3학년', '4학년']);

    fireEvent.change(select('연도'), { target: { value: '2026' } });
    await waitFor(() => expect(optionLabels(select('과목'))).toEqual(['선택하세요', '순환기내과학', '해부학']));
    fireEvent.change(select('과목'), { target: { value: '3' } });
    await waitFor(() => expect(optionLabels(select('시험'))).toEqual(['선택하세요', '2026 순환기내과학 중간고사', '2026 순환기내과학 형성평가 2차']));
    fireEvent.change(select('시험'), { target: { value: '41' } });
    fireEvent.change(select('대상 학년'), { target: { value: '2' } });
    await waitFor(() => expect(router.state.location.search).toBe('?year=2026&subject=3&test=41&grade=2'));
    expect(await screen.findByRole('checkbox', { name: '객관식 1번 선택' })).toBeTruthy();

    // Another subject: the exam goes.
    fireEvent.change(select('과목'), { target: { value: '4' } });
    await waitFor(() => expect(router.state.location.search).toBe('?year=2026&subject=4&grade=2'));
    expect(select('시험').value).toBe('');
    expect(optionLabels(select('시험'))).toEqual(['선택하세요', '2026 해부학 기말고사']);
    expect(screen.queryByRole('list', { name: '문제 목록' })).toBeNull();

    // Another year: subject and exam go; the target grade stays.
    fireEvent.change(select('과목'), { target: { value: '3' } });
    fireEvent.change(select('시험'), { target: { value: '42' } });
    fireEvent.change(select('연도'), { target: { value: '2025' } });
    await waitFor(() => expect(router.state.location.search).toBe('?year=2025&grade=2'));
    expect(select('과목').value).toBe('');
    expect(select('시험').value).toBe('');
    await waitFor(() => expect(optionLabels(select('과목'))).toEqual(['선택하세요', '순환기내과학']));
  });
});

describe('assignment lists', () => {
  it('shows the problems with counts and chips, and the grade students by Korean name', async () => {
    render(EXAM_URL);
    const list = await screen.findByRole('list', { name: '문제 목록' });
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['객관식 1번 선택', '객관식 2번 선택', '주관식 1번 선택']);
    expect(within(list).getAllByText('배정 1명')).toHaveLength(3);
    expect(within(list).getByText('급성 폐부종의 초기 치료를 쓰시오.')).toBeTruthy();

    // Existing blue; a student of another grade tagged; an unapproved member grey.
    expect(chip('김지민 배정 해제').dataset.chipState).toBe('existing');
    expect(chip('최유진 (다른 학년) 배정 해제').dataset.chipState).toBe('existing');
    expect(chip('이탈자 (미승인) 배정 해제').dataset.chipState).toBe('unknown');
    expect(screen.getByText('알 수 없거나 승인되지 않은 회원의 배정 1건은 저장하면 해제됩니다.')).toBeTruthy();

    const students = await screen.findByRole('list', { name: '2학년 학생 목록' });
    expect(
      within(students)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^1김지민demo-student1문제/),
      expect.stringMatching(/^2박민수park-minsu0문제/),
      expect.stringMatching(/^3한서연han-seoyeon0문제/),
    ]);
  });

  it('assigns the selected problems to a clicked student (green), and a chip click removes an assignee', async () => {
    render(EXAM_URL);
    fireEvent.click(await screen.findByRole('checkbox', { name: '주관식 1번 선택' }));
    fireEvent.click(await screen.findByRole('button', { name: '한서연에게 선택한 문제 배정' }));
    expect(chip('한서연 (저장 전) 배정 해제').dataset.chipState).toBe('new');
    expect(within(problemList()).getAllByText('배정 2명')).toHaveLength(1);
    // The selection is used up.
    expect((screen.getByRole('checkbox', { name: '주관식 1번 선택' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('저장하지 않은 변경 1건')).toBeTruthy();

    fireEvent.click(chip('김지민 배정 해제'));
    expect(screen.queryByRole('button', { name: '김지민 배정 해제' })).toBeNull();
    expect(screen.getByText('저장하지 않은 변경 2건')).toBeTruthy();
    fireEvent.click(chip('한서연 (저장 전) 배정 해제'));
    expect(screen.getByText('저장하지 않은 변경 1건')).toBeTruthy();

    // With no problem chosen a student click asks for one.
    fireEvent.click(screen.getByRole('button', { name: '김지민에게 선택한 문제 배정' }));
    expect(
      screen
        .getAllByRole('alert')
        .map((a) => a.textContent)
        .join(' | '),
    ).toContain('배정할 문제를 선택하세요');
  });

  it('auto-assigns round robin from the start number and saves the whole exam', async () => {
    const sent: unknown[] = [];
    const state = { map: savedMap as Record<string, number[]>, members: savedMembers };
    render(
      EXAM_URL,
      server(
        {
          'POST /v1/problem/assign': ({ init }) => {
            const body = bodyOf(init) as { assignments: Array<{ problem_code: number; assignee_code: number }> };
            sent.push(body);
            state.map = {};
            for (const pair of body.assignments) (state.map[String(pair.problem_code)] ??= []).push(pair.assignee_code);
            state.members = grade2.map((s) => ({ member_code: s.code, id: s.id, name: s.name, grade: 2, validated: 1 }));
            return json(200, { assignments: state.map });
          },
        },
        state,
      ),
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: '전체 선택' }));
    await screen.findByRole('list', { name: '2학년 학생 목록' });
    fireEvent.change(screen.getByRole('textbox', { name: /시작 번호/ }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: '자동 배정' }));
    // 2 박민수, 3 한서연, then around to 1 김지민.
    expect(chip('박민수 (저장 전) 배정 해제').dataset.chipState).toBe('new');
    expect(chip('한서연 (저장 전) 배정 해제').dataset.chipState).toBe('new');
    expect(chip('김지민 (저장 전) 배정 해제').dataset.chipState).toBe('new');
    expect(screen.queryByRole('button', { name: /최유진/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          test_code: 41,
          assignments: [
            { problem_code: 501, assignee_code: 25 },
            { problem_code: 502, assignee_code: 21 },
            { problem_code: 503, assignee_code: 20 },
          ],
        },
      ]),
    );
    expect(await screen.findByText('배정을 저장했습니다')).toBeTruthy();
    // Re-read from the server: the chips are blue now.
    await waitFor(() => expect(chip('박민수 배정 해제').dataset.chipState).toBe('existing'));
    expect(chip('김지민 배정 해제').dataset.chipState).toBe('existing');
    expect(screen.queryByText(/저장하지 않은 변경/)).toBeNull();
  });

  it('validates auto-assign and save, and shows a save failure with the server message', async () => {
    const { router } = render(
      EXAM_URL,
      server({ 'POST /v1/problem/assign': () => json(400, { message: '승인되지 않은 회원에게는 배정할 수 없습니다.', code: 'VALIDATION' }) }),
    );
    await screen.findByRole('list', { name: '2학년 학생 목록' });
    const alertText = () =>
      screen
        .getAllByRole('alert')
        .map((a) => a.textContent)
        .join(' | ');

    fireEvent.click(await screen.findByRole('button', { name: '자동 배정' }));
    expect(alertText()).toContain('배정할 문제를 선택하세요');
    fireEvent.click(screen.getByRole('checkbox', { name: '객관식 1번 선택' }));
    fireEvent.change(screen.getByRole('textbox', { name: /시작 번호/ }), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: '자동 배정' }));
    expect(alertText()).toContain('시작 번호는 1부터 3까지입니다');
    fireEvent.change(screen.getByRole('textbox', { name: /시작 번호/ }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '자동 배정' }));
    expect(alertText()).toContain('시작 번호는 1부터 3까지입니다');

    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('배정 저장에 실패했습니다')).toBeTruthy();
    expect(screen.getByText('승인되지 않은 회원에게는 배정할 수 없습니다.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '모두 해제' }));
    expect(screen.queryByRole('button', { name: /배정 해제/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(alertText()).toContain('배정된 문제가 없습니다. 한 문제 이상 배정하세요');

    // A grade without students.
    fireEvent.change(select('대상 학년'), { target: { value: '4' } });
    expect(await screen.findByText('이 학년에 승인된 학생이 없습니다.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '객관식 2번 선택' }));
    fireEvent.click(screen.getByRole('button', { name: '자동 배정' }));
    expect(alertText()).toContain('배정할 학생이 없습니다');

    // No exam chosen.
    await act(() => router.navigate(`${PATH}?year=2026&grade=2`));
    await waitFor(() => expect(screen.queryByRole('list', { name: '문제 목록' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(alertText()).toContain('시험을 선택하세요');
  });

  it('reads every batch of 100 problems', async () => {
    const many = Array.from({ length: 102 }, (_, i) => problem(1000 + i, i + 1, 1));
    const pages: string[] = [];
    render(
      EXAM_URL,
      server({
        'GET /v1/problem/lead': ({ url }) => {
          const page = Number(paramsOf(url).get('page'));
          pages.push(String(page));
          return json(200, { problem: many.slice((page - 1) * 100, page * 100), problem_count: 102, page, limit: 100, test: { ...exams2026[2], grades: [] } });
        },
        'GET /v1/problem/assignments': () => json(200, { assignments: {}, members: [] }),
      }),
    );
    await waitFor(() => expect(within(problemList()).getAllByRole('checkbox')).toHaveLength(102));
    expect(pages).toEqual(['1', '2']);
    expect(screen.getByText(/문제 102개/)).toBeTruthy();
  });

  it('says so when the problems or the students cannot be read', async () => {
    render(
      EXAM_URL,
      server({
        'GET /v1/problem/lead': () => json(500, { message: '서버 오류', code: 'INTERNAL' }),
        'GET /v1/member/members': () => json(403, { message: '권한이 없습니다.', code: 'FORBIDDEN' }),
      }),
    );
    expect(await screen.findByText('문제 목록을 불러오지 못했습니다')).toBeTruthy();
    expect(await screen.findByText('학생 목록을 불러오지 못했습니다')).toBeTruthy();
    expect(screen.getByText('권한이 없습니다.')).toBeTruthy();
  });
});

describe('members without a grade (issue 12 item 3)', () => {
  const ungraded = member({ code: 30, id: 'new-signup', name: '오하늘', grade: null, grad_year: null, role: 'student', authority: null });
  const withUngraded = (me: Member) =>
    server({
      'GET /v1/auth/me': meHandler(me),
      'GET /v1/member/members': ({ url }: { url: string }) => {
        const params = paramsOf(url);
        const members = params.get('grade') === '2' ? grade2 : params.get('grade') === null ? [...grade2, ungraded] : [];
        return json(200, { members, total: members.length, page: 1, limit: 9999, size: members.length });
      },
    });

  it('names them beside the grade list, with the way to member management for an admin', async () => {
    render(EXAM_URL, withUngraded(member({ code: 1, id: 'demo-admin', name: '관리자', role: 'admin', authority: 1 })));
    const students = await screen.findByRole('region', { name: '2학년 학생' });
    const warning = await within(students).findByText(/학년이 없어 목록에 없는 회원: 오하늘/);
    expect(warning.textContent).not.toContain('김지민');
    expect(within(students).getByRole('link', { name: '회원 관리에서 학년 지정' }).getAttribute('href')).toBe('/dashboard/admin/members');
  });

  it('names them to a lead, who cannot set grades, without the link', async () => {
    render(EXAM_URL, withUngraded(lead));
    expect(await screen.findByText(/학년이 없어 목록에 없는 회원: 오하늘/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '회원 관리에서 학년 지정' })).toBeNull();
  });
});
