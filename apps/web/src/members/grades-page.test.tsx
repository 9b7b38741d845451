import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, meHandler, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
// Loaded up front: the router imports the page lazily, and a cold transform can outlast findBy's wait.
import { groupByCalculatedGrade } from './grades-page';
import { admin, bodyOf, listResponse, paramsOf, person, YEAR } from '../testing/fixtures/members';

afterEach(() => notifications.clean());

const lead = person(10, 'demo-lead', '박준영', { authority: 2, calcGrade: 3 });
const jimin = person(20, 'demo-student', '김지민', { calcGrade: 2 });
const seoyeon = person(21, 'han-seoyeon', '한서연', { calcGrade: 2 });
const yujin = person(22, 'choi-yujin', '최유진', { calcGrade: 1 });
const hyunwoo = person(23, 'jung-hyunwoo', '정현우', { calcGrade: 4 });
const graduate = person(24, 'old-grad', '졸업생', { calcGrade: 5 });
const everyone = [admin, lead, jimin, seoyeon, yujin, hyunwoo, graduate];

describe('calculated grade grouping', () => {
  it('puts members under 5 − (grad_year − current year), graduates apart, and counts the rest', () => {
    const { groups, unknown } = groupByCalculatedGrade([...everyone, person(25, 'future', '미래', { grad_year: YEAR + 9 })], YEAR);
    expect(groups['1'].map((m) => m.id)).toEqual(['choi-yujin']);
    expect(groups['2'].map((m) => m.id)).toEqual(['demo-student', 'han-seoyeon']);
    expect(groups['3'].map((m) => m.id)).toEqual(['demo-lead']);
    expect(groups['4'].map((m) => m.id)).toEqual(['jung-hyunwoo']);
    expect(groups.graduated.map((m) => m.id)).toEqual(['old-grad']);
    // The admin has no graduation year; grad_year + 9 is no grade 1–4.
    expect(unknown.map((m) => m.id).sort()).toEqual([admin.id, 'future'].sort());
  });
});

describe('grade retention page', () => {
  it('shows students by calculated grade in tabs', async () => {
    const asked: URLSearchParams[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(lead),
      'GET /v1/member/members': ({ url }) => {
        asked.push(paramsOf(url));
        return listResponse(everyone);
      },
    });
    const { router } = renderRoutes('/dashboard/lead/grades');
    expect(await screen.findByRole('heading', { level: 1, name: '유급 관리' })).toBeTruthy();
    const tabs = await screen.findByRole('tablist', { name: '학년 선택' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['1학년 (1)', '2학년 (2)', '3학년 (1)', '4학년 (1)', '졸업 (1)']);
    expect(asked[0]?.get('validated')).toBe('1');
    expect(asked[0]?.get('limit')).toBe('9999');
    expect(
      within(screen.getByRole('table', { name: '1학년 학생 목록' }))
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['choi-yujin']);

    fireEvent.click(within(tabs).getByRole('tab', { name: '2학년 (2)' }));
    const table = await screen.findByRole('table', { name: '2학년 학생 목록' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['demo-student', 'han-seoyeon']);
    expect(router.state.location.search).toBe('?grade=2');

    fireEvent.click(within(tabs).getByRole('tab', { name: '졸업 (1)' }));
    expect(within(await screen.findByRole('table', { name: '졸업 학생 목록' })).getByText('old-grad')).toBeTruthy();
    // Who is left out for want of a grade is named, not only counted.
    expect(screen.getByTestId('missing-grade-warning').textContent).toContain(`학년이 없어 목록에 없는 회원: ${admin.name}(${admin.id})`);
  });

  it('asks for a selection, confirms and retains the selected students', async () => {
    const sent: unknown[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(lead),
      'GET /v1/member/members': () => listResponse(everyone),
      'POST /v1/member/retain-grade': ({ init }) => {
        sent.push(bodyOf(init));
        return json(200, { count: 2, members: [jimin, seoyeon] });
      },
    });
    renderRoutes('/dashboard/lead/grades?grade=2');
    await screen.findByRole('table', { name: '2학년 학생 목록' });

    fireEvent.click(screen.getByRole('button', { name: '유급 처리' }));
    expect(await screen.findByText('유급 처리할 학생을 선택해주세요.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    const all = screen.getByRole('checkbox', { name: '전체 선택' }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('checkbox', { name: '김지민(demo-student) 선택' }));
    expect(all.checked).toBe(false);
    expect(screen.getByText('1명 선택됨')).toBeTruthy();
    expect(screen.queryByText('유급 처리할 학생을 선택해주세요.')).toBeNull();
    fireEvent.click(all);
    expect(all.checked).toBe(true);
    expect(screen.getByText('2명 선택됨')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '유급 처리' }));
    const dialog = await screen.findByRole('dialog', { name: '유급 처리' });
    expect(within(dialog).getByText(/선택한 2명을 유급 처리할까요\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: '유급 처리' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '유급 처리' })).getByRole('button', { name: '유급 처리' }));
    expect(await screen.findByText('2명이 유급 처리되었습니다')).toBeTruthy();
    expect(sent).toEqual([{ member_codes: [20, 21] }]);
    await waitFor(() => expect(screen.getByText('0명 선택됨')).toBeTruthy());
  });

  it('says when retention fails and when the list cannot be loaded', async () => {
    let listFails = false;
    mockFetch({
      'GET /v1/auth/me': meHandler(admin),
      'GET /v1/member/members': () => (listFails ? json(500, { message: '서버 오류', code: 'INTERNAL' }) : listResponse(everyone)),
      'POST /v1/member/retain-grade': () => json(409, { message: '졸업 예정 연도가 없는 회원이 있습니다.', code: 'CONFLICT' }),
    });
    const { unmount } = renderRoutes('/dashboard/lead/grades?grade=4');
    fireEvent.click(await screen.findByRole('checkbox', { name: '정현우(jung-hyunwoo) 선택' }));
    fireEvent.click(screen.getByRole('button', { name: '유급 처리' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '유급 처리' })).getByRole('button', { name: '유급 처리' }));
    expect(await screen.findByText('유급 처리에 실패했습니다')).toBeTruthy();
    unmount();

    listFails = true;
    renderRoutes('/dashboard/lead/grades');
    expect(await screen.findByText('학생 목록 로드에 실패했습니다')).toBeTruthy();
  });
});
