import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, meHandler, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
// Loaded up front: the router imports the page lazily, and a cold transform can outlast findBy's wait.
import './role-holders-page';
import { admin, bodyOf, listResponse, paramsOf, person, superadmin } from '../testing/fixtures/members';

afterEach(() => notifications.clean());

const lead = person(10, 'demo-lead', '박준영', { authority: 2, calcGrade: 3 });
const seoyeon = person(11, 'han-seoyeon', '한서연', { calcGrade: 2 });
const yujin = person(12, 'choi-yujin', '최유진', { calcGrade: 1, authority: 0 });
const waiting = person(13, 'newbie-kim', '김도윤', { validated: 0, calcGrade: 1 });
const otherAdmin = person(14, 'admin-two', '관리둘', { authority: 1, calcGrade: null });
const everyone = [superadmin, admin, lead, seoyeon, yujin, waiting, otherAdmin];

function candidateNames(): string[] {
  const group = screen.getByRole('radiogroup', { name: '임명할 사용자' });
  return within(group)
    .getAllByRole('radio')
    .map((radio) => radio.closest('label, .mantine-Radio-root')?.textContent ?? '')
    .map((text) => text.replace(/\(.*$/, ''));
}

describe('lead management', () => {
  it('lists leads, validates the appointment and appoints with a grade', async () => {
    const asked: URLSearchParams[] = [];
    const sent: unknown[] = [];
    const show = vi.spyOn(notifications, 'show');
    mockFetch({
      'GET /v1/auth/me': meHandler(admin),
      'GET /v1/member/members': ({ url }) => {
        asked.push(paramsOf(url));
        return listResponse(everyone);
      },
      'POST /v1/member/11/authority': ({ init }) => {
        sent.push(bodyOf(init));
        return json(200, { member: { ...seoyeon, authority: 2, role: 'lead' } });
      },
    });
    renderRoutes('/dashboard/admin/leads');
    expect(await screen.findByRole('heading', { level: 1, name: '학습부장 관리' })).toBeTruthy();
    const holders = await screen.findByRole('table', { name: '학습부장 목록' });
    expect(
      within(holders)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['demo-lead']);
    expect(within(holders).getByText('3학년')).toBeTruthy();
    expect(asked[0]?.get('limit')).toBe('9999');

    // Candidates: approved members who are not admins (the lead is one, marked as such).
    expect(candidateNames().sort()).toEqual(['박준영', '최유진', '한서연'].sort());

    fireEvent.click(screen.getByRole('button', { name: '임명' }));
    expect(await screen.findByText('임명할 사용자를 선택해주세요.')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /박준영\(demo-lead\)/ }));
    fireEvent.click(screen.getByRole('button', { name: '임명' }));
    expect(await screen.findByText('이미 학습부장입니다.')).toBeTruthy();

    // Case-insensitive search over id, name or nickname.
    fireEvent.change(screen.getByRole('textbox', { name: /사용자 검색/ }), { target: { value: 'HAN-SEO' } });
    expect(candidateNames()).toEqual(['한서연']);
    fireEvent.change(screen.getByRole('textbox', { name: /사용자 검색/ }), { target: { value: '유진 닉' } });
    expect(candidateNames()).toEqual(['최유진']);
    fireEvent.change(screen.getByRole('textbox', { name: /사용자 검색/ }), { target: { value: 'seoyeon' } });
    fireEvent.click(screen.getByRole('radio', { name: /한서연\(han-seoyeon\)/ }));
    fireEvent.change(screen.getByRole('combobox', { name: /학년 \(선택\)/ }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: '임명' }));

    expect(await screen.findByText('한서연님을 학습부장으로 임명했습니다')).toBeTruthy();
    expect(sent).toEqual([{ authority: 2, grade: 3 }]);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: '한서연님을 학습부장으로 임명했습니다', autoClose: 3000 }));
    await waitFor(() => expect(asked.length).toBeGreaterThan(1));
  });

  it('removes a lead and names them in the banner', async () => {
    const sent: unknown[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(admin),
      'GET /v1/member/members': () => listResponse(everyone),
      'POST /v1/member/10/authority': ({ init }) => {
        sent.push(bodyOf(init));
        return json(200, { member: { ...lead, authority: null, role: 'student' } });
      },
    });
    renderRoutes('/dashboard/admin/leads');
    fireEvent.click(await screen.findByRole('button', { name: '박준영(demo-lead) 권한 해제' }));
    // Nothing is sent until the confirmation naming the person is answered.
    const dialog = await screen.findByRole('dialog', { name: '권한 해제' });
    expect(within(dialog).getByText('박준영(demo-lead)의 학습부장 권한을 해제할까요?')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: '권한 해제' }));
    expect(await screen.findByText('박준영님의 학습부장 권한을 해제했습니다')).toBeTruthy();
    expect(sent).toEqual([{ authority: null }]);
  });

  it('says when the user search fails', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(admin), 'GET /v1/member/members': () => json(500, { message: '서버 오류', code: 'INTERNAL' }) });
    renderRoutes('/dashboard/admin/leads');
    expect(await screen.findByText('사용자 검색에 실패했습니다')).toBeTruthy();
  });
});

describe('admin management', () => {
  it('lets a superadmin appoint and remove admins, but never act on a superadmin or themselves', async () => {
    const sent: Array<{ code: string; body: unknown }> = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(superadmin),
      'GET /v1/member/members': () => listResponse(everyone),
      'POST /v1/member/14/authority': ({ init }) => {
        sent.push({ code: '14', body: bodyOf(init) });
        return json(200, { member: { ...otherAdmin, authority: null, role: 'student' } });
      },
      'POST /v1/member/12/authority': () => json(409, { message: '이미 관리자입니다.', code: 'CONFLICT' }),
    });
    renderRoutes('/dashboard/admin/admins');
    const holders = await screen.findByRole('table', { name: '관리자 목록' });
    expect(
      within(holders)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['demo-super', 'admin-two', 'demo-admin']);

    const selfButton = screen.getByRole('button', { name: '윤성호(demo-super) 권한 해제' });
    expect(selfButton.getAttribute('aria-disabled')).toBe('true');
    expect(selfButton.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(selfButton.getAttribute('aria-describedby')!)?.textContent).toBe('Super Admin은 변경하거나 삭제할 수 없습니다.');
    fireEvent.click(selfButton);
    expect(sent).toEqual([]);

    // Admin candidates: approved members whose authority is none or 0 (no leads, no admins).
    expect(candidateNames().sort()).toEqual(['최유진', '한서연'].sort());
    fireEvent.click(screen.getByRole('radio', { name: /최유진/ }));
    expect(screen.queryByRole('combobox', { name: /학년/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '임명' }));
    expect(await screen.findByText('이미 관리자입니다.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '관리둘(admin-two) 권한 해제' }));
    const dialog = await screen.findByRole('dialog', { name: '권한 해제' });
    expect(within(dialog).getByText('관리둘(admin-two)의 관리자 권한을 해제할까요?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '권한 해제' }));
    expect(await screen.findByText('관리둘님의 관리자 권한을 해제했습니다')).toBeTruthy();
    expect(sent).toEqual([{ code: '14', body: { authority: null } }]);
  });

  it('shows an admin the list read-only, with the reason', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(admin), 'GET /v1/member/members': () => listResponse(everyone) });
    renderRoutes('/dashboard/admin/admins');
    expect(await screen.findByRole('table', { name: '관리자 목록' })).toBeTruthy();
    expect(screen.getByText(/관리자 임명과 해제는 Super Admin만 할 수 있습니다/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '임명' })).toBeNull();
    expect(screen.queryByRole('button', { name: /권한 해제/ })).toBeNull();
  });

  it('disables the looking superadmin’s own row and keeps other admins removable', async () => {
    const me = person(14, 'admin-two', '관리둘', { authority: 1, calcGrade: null });
    mockFetch({
      'GET /v1/auth/me': meHandler({ ...superadmin, code: 99, id: 'root' }),
      'GET /v1/member/members': () => listResponse([{ ...superadmin, code: 99, id: 'root' }, me]),
    });
    renderRoutes('/dashboard/admin/admins');
    const button = await screen.findByRole('button', { name: '윤성호(root) 권한 해제' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: '관리둘(admin-two) 권한 해제' }).getAttribute('aria-disabled')).toBeNull();
  });
});
