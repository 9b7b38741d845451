import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, meHandler, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
// Loaded up front: the router imports the page lazily, and a cold transform can outlast findBy's wait.
import './members-page';
import './users-page';
import { admin, bodyOf, listResponse, paramsOf, person, superadmin } from '../testing/fixtures/members';

afterEach(() => notifications.clean());

const seoyeon = person(11, 'han-seoyeon', '한서연', { calcGrade: 2 });
const waiting = person(13, 'newbie-kim', '김도윤', { validated: 0, calcGrade: 1 });
const graduate = person(15, 'old-grad', '졸업생', { calcGrade: 5 });
const lead = person(10, 'demo-lead', '박준영', { authority: 2, calcGrade: 3 });
const page1 = [superadmin, admin, lead, seoyeon, waiting, graduate];

describe('member management', () => {
  it('sends the filters and the page as query parameters, 20 a page', async () => {
    const asked: URLSearchParams[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(admin),
      'GET /v1/member/members': ({ url }) => {
        const params = paramsOf(url);
        asked.push(params);
        return listResponse(page1, { page: Number(params.get('page')), limit: 20, total: 45 });
      },
    });
    const { router } = renderRoutes('/dashboard/admin/members');
    expect(await screen.findByRole('heading', { level: 1, name: '회원 관리' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: '회원 목록' });
    expect(screen.getByText('총 45명')).toBeTruthy();
    expect(Object.fromEntries(asked[0]!)).toEqual({ page: '1', limit: '20' });

    // Calculated grade, role labels of the one mapping, e-mail and school number.
    const row = (id: string) => within(table).getByRole('rowheader', { name: id }).closest('tr')!;
    expect(within(row('han-seoyeon')).getByText('2학년')).toBeTruthy();
    expect(within(row('han-seoyeon')).getByText('학생')).toBeTruthy();
    expect(within(row('han-seoyeon')).getByText('han-seoyeon@example.ac.kr')).toBeTruthy();
    expect(within(row('han-seoyeon')).getByText('2011')).toBeTruthy();
    expect(within(row('old-grad')).getByText('졸업')).toBeTruthy();
    expect(within(row('demo-lead')).getByText('학습부장')).toBeTruthy();
    expect(within(row('demo-admin')).getByText('관리자')).toBeTruthy();
    expect(within(row('demo-super')).getByText('Super Admin')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: '승인 상태' }), { target: { value: '0' } });
    await waitFor(() => expect(asked.at(-1)?.get('validated')).toBe('0'));
    fireEvent.change(screen.getByRole('combobox', { name: '권한' }), { target: { value: 'none' } });
    await waitFor(() => expect(asked.at(-1)?.get('authority')).toBe('none'));
    fireEvent.change(screen.getByRole('combobox', { name: '학년' }), { target: { value: '6' } });
    await waitFor(() => expect(asked.at(-1)?.get('grade')).toBe('6'));

    // Texts are sent on Enter (the form's submit), not while typing.
    const calls = asked.length;
    fireEvent.change(screen.getByRole('textbox', { name: '이름' }), { target: { value: '김' } });
    fireEvent.change(screen.getByRole('searchbox', { name: '이메일' }), { target: { value: 'example' } });
    fireEvent.change(screen.getByRole('textbox', { name: '검색어' }), { target: { value: ' newbie ' } });
    expect(asked.length).toBe(calls);
    fireEvent.submit(screen.getByRole('search', { name: '회원 검색 조건' }));
    await waitFor(() =>
      expect(Object.fromEntries(asked.at(-1)!)).toEqual({
        validated: '0',
        authority: 'none',
        grade: '6',
        name: '김',
        email: 'example',
        q: 'newbie',
        page: '1',
        limit: '20',
      }),
    );

    const pages = await screen.findByRole('navigation', { name: '회원 목록 페이지' });
    fireEvent.click(within(pages).getByRole('button', { name: '3 페이지' }));
    await waitFor(() => expect(asked.at(-1)?.get('page')).toBe('3'));
    expect(asked.at(-1)?.get('q')).toBe('newbie');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3');

    fireEvent.click(screen.getByRole('button', { name: '초기화' }));
    await waitFor(() => expect(Object.fromEntries(asked.at(-1)!)).toEqual({ page: '1', limit: '20' }));
  });

  it('toggles approval with the banners of each direction, and protects superadmins and oneself', async () => {
    const sent: Array<{ code: string; body: unknown }> = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(admin),
      'GET /v1/member/members': () => listResponse(page1, { limit: 20 }),
      'PATCH /v1/member/11': ({ init }) => {
        sent.push({ code: '11', body: bodyOf(init) });
        return json(200, { member: { ...seoyeon, validated: 0 } });
      },
      'PATCH /v1/member/13': ({ init }) => {
        sent.push({ code: '13', body: bodyOf(init) });
        return json(200, { member: { ...waiting, validated: 1 } });
      },
      'PATCH /v1/member/15': () => json(500, { message: '서버 오류가 발생했습니다.', code: 'INTERNAL' }),
    });
    renderRoutes('/dashboard/admin/members');
    const seoyeonSwitch = await screen.findByRole('switch', { name: '한서연(han-seoyeon) 승인' });
    expect((seoyeonSwitch as HTMLInputElement).checked).toBe(true);
    fireEvent.click(seoyeonSwitch);
    expect(await screen.findByText('승인이 취소되었습니다')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: '김도윤(newbie-kim) 승인' }));
    expect(await screen.findByText('회원이 승인되었습니다')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: '졸업생(old-grad) 승인' }));
    expect(await screen.findByText('승인 상태 변경에 실패했습니다')).toBeTruthy();
    expect(sent).toEqual([
      { code: '11', body: { validated: 0 } },
      { code: '13', body: { validated: 1 } },
    ]);

    expect((screen.getByRole('switch', { name: '윤성호(demo-super) 승인' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: '이서진(demo-admin) 승인' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: '윤성호(demo-super) 삭제' }).getAttribute('aria-disabled')).toBe('true');
    const self = screen.getByRole('button', { name: '이서진(demo-admin) 삭제' });
    expect(self.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(self.getAttribute('aria-describedby')!)?.textContent).toBe('자기 자신은 변경하거나 삭제할 수 없습니다.');
    fireEvent.click(self);
    expect(screen.queryByRole('dialog', { name: '회원 삭제' })).toBeNull();
  });

  it('deletes a member after confirmation', async () => {
    let deleted = 0;
    mockFetch({
      'GET /v1/auth/me': meHandler(admin),
      'GET /v1/member/members': () => listResponse(page1, { limit: 20 }),
      'DELETE /v1/member/11': () => {
        deleted += 1;
        return json(200, { ok: true, code: 11 });
      },
      'DELETE /v1/member/13': () => json(403, { message: '권한이 없습니다.', code: 'FORBIDDEN' }),
    });
    renderRoutes('/dashboard/admin/members');
    fireEvent.click(await screen.findByRole('button', { name: '한서연(han-seoyeon) 삭제' }));
    const dialog = await screen.findByRole('dialog', { name: '회원 삭제' });
    expect(within(dialog).getByText(/한서연\(han-seoyeon\) 회원을 삭제할까요\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '회원 삭제' })).toBeNull());
    expect(deleted).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: '한서연(han-seoyeon) 삭제' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '회원 삭제' })).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('회원이 삭제되었습니다')).toBeTruthy();
    expect(deleted).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: '김도윤(newbie-kim) 삭제' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '회원 삭제' })).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('회원 삭제에 실패했습니다')).toBeTruthy();
    expect(screen.getByText('권한이 없습니다.')).toBeTruthy();
  });

  it('adds a member with the shared rules and shows the one-time password once', async () => {
    const sent: unknown[] = [];
    let attempt = 0;
    mockFetch({
      'GET /v1/auth/me': meHandler(admin),
      'GET /v1/member/members': () => listResponse(page1, { limit: 20 }),
      'POST /v1/member': ({ init }) => {
        attempt += 1;
        sent.push(bodyOf(init));
        if (attempt === 1) {
          return json(409, { message: '이미 사용 중인 아이디입니다.', code: 'CONFLICT', fields: { id: '이미 사용 중인 아이디입니다.' } });
        }
        return json(201, {
          member: person(30, 'new-member', '새회원', { calcGrade: 1 }),
          one_time_password: 'abcd-efgh-jkmn',
        });
      },
    });
    renderRoutes('/dashboard/admin/members');
    fireEvent.click(await screen.findByRole('button', { name: '회원 추가' }));
    const dialog = await screen.findByRole('dialog', { name: '회원 추가' });
    fireEvent.click(within(dialog).getByRole('button', { name: '추가' }));
    expect(await within(dialog).findByText('이름은 1~32자 이내로 입력하세요.')).toBeTruthy();
    expect(within(dialog).getByText('이메일을 입력하세요.')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: '이름' }), { target: { value: ' 새회원 ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '아이디' }), { target: { value: 'demo-student' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '닉네임' }), { target: { value: '새내기' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '학번' }), { target: { value: '2026190099' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '이메일' }), { target: { value: 'not-an-email' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: '학년' }), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '추가' }));
    expect(await within(dialog).findByText('올바른 이메일 형식이 아닙니다.')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: '이메일' }), { target: { value: 'New@Example.ac.kr' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '추가' }));
    expect(await within(dialog).findByText('이미 사용 중인 아이디입니다.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: '아이디' }), { target: { value: 'new-member' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '추가' }));

    const passwordDialog = await screen.findByRole('dialog', { name: '임시 비밀번호' });
    expect(within(passwordDialog).getByText('abcd-efgh-jkmn')).toBeTruthy();
    expect(within(passwordDialog).getByText('새회원(new-member) 회원을 추가했습니다.')).toBeTruthy();
    expect(within(passwordDialog).getByText(/지금 한 번만 표시됩니다/)).toBeTruthy();
    expect(within(passwordDialog).getByRole('button', { name: '비밀번호 복사' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: '회원 추가' })).toBeNull();
    expect(sent.at(-1)).toEqual({ name: '새회원', id: 'new-member', nickname: '새내기', school_no: '2026190099', email: 'new@example.ac.kr', grade: 1 });

    fireEvent.click(within(passwordDialog).getByRole('button', { name: '확인했습니다' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '임시 비밀번호' })).toBeNull());
    expect(screen.queryByText('abcd-efgh-jkmn')).toBeNull();

    // Opening the form again shows an empty form, never the old password.
    fireEvent.click(screen.getByRole('button', { name: '회원 추가' }));
    const again = await screen.findByRole('dialog', { name: '회원 추가' });
    expect((within(again).getByRole('textbox', { name: '아이디' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('abcd-efgh-jkmn')).toBeNull();
  });
});

describe('user list', () => {
  it('pages by 20 with role labels and says when loading fails', async () => {
    let fail = false;
    const asked: URLSearchParams[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(superadmin),
      'GET /v1/member/members': ({ url }) => {
        asked.push(paramsOf(url));
        return fail ? json(500, { message: '서버 오류', code: 'INTERNAL' }) : listResponse(page1, { limit: 20, total: 6 });
      },
    });
    renderRoutes('/dashboard/admin/users?authority=2&q=demo');
    const table = await screen.findByRole('table', { name: '사용자 목록' });
    expect(Object.fromEntries(asked[0]!)).toEqual({ authority: '2', q: 'demo', page: '1', limit: '20' });
    expect((screen.getByRole('combobox', { name: '권한' }) as HTMLSelectElement).value).toBe('2');
    const row = within(table).getByRole('rowheader', { name: 'newbie-kim' }).closest('tr')!;
    expect(within(row).getByText('승인 대기')).toBeTruthy();
    expect(within(row).getByText('학생')).toBeTruthy();
    expect(within(table).getByText('Super Admin')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '사용자 목록 페이지' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();

    fail = true;
    fireEvent.change(screen.getByRole('combobox', { name: '승인 상태' }), { target: { value: '1' } });
    expect(await screen.findByText('사용자 목록 로드에 실패했습니다')).toBeTruthy();
  });
});
