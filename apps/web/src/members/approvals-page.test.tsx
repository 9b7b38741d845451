import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, meHandler, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
// Loaded up front: the router imports the page lazily, and a cold transform can outlast findBy's wait.
import './approvals-page';
import { admin, listResponse, paramsOf, person } from '../testing/fixtures/members';

afterEach(() => notifications.clean());

const older = person(21, 'newbie-kim', '김도윤', { validated: 0, calcGrade: 1, creation_time: '2026-03-01T09:00:00.000Z' });
const newer = person(22, 'newbie-lee', '이하은', { validated: 0, calcGrade: 1, creation_time: '2026-03-02T09:00:00.000Z' });

describe('approvals page', () => {
  it('lists pending members newest first and approves one with a 3-second banner', async () => {
    const asked: URLSearchParams[] = [];
    let pending = [older, newer];
    const show = vi.spyOn(notifications, 'show');
    const fetch = mockFetch({
      'GET /v1/auth/me': meHandler(admin),
      'GET /v1/member/members': ({ url }) => {
        asked.push(paramsOf(url));
        return listResponse(pending);
      },
      'POST /v1/member/21/validate': () => {
        pending = [newer];
        return json(200, { member: { ...older, validated: 1 } });
      },
    });
    renderRoutes('/dashboard/admin/approvals');
    expect(await screen.findByRole('heading', { level: 1, name: '가입 승인' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: '승인 대기 중인 회원 목록' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['newbie-lee', 'newbie-kim']);
    expect(within(rows[1]!).getByText('김도윤')).toBeTruthy();
    expect(within(rows[1]!).getByText('김도윤 닉')).toBeTruthy();
    expect(within(rows[1]!).getByText('2021')).toBeTruthy();
    expect(within(rows[1]!).getByText(/2026\.03\.01 18:00/)).toBeTruthy();
    expect(asked[0]?.get('validated')).toBe('0');
    expect(asked[0]?.get('limit')).toBe('9999');

    fireEvent.click(screen.getByRole('button', { name: '김도윤(newbie-kim) 승인' }));
    expect(await screen.findByText('회원이 승인되었습니다')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: '회원이 승인되었습니다', autoClose: 3000 }));
    expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('/v1/member/21/validate') && init?.method === 'POST')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: '김도윤(newbie-kim) 승인' })).toBeNull());
    expect(screen.getByRole('button', { name: '이하은(newbie-lee) 승인' })).toBeTruthy();
  });

  it('shows each grade, warns about members without one and lets the admin set it before approving', async () => {
    let pending = [older, person(23, 'self-signup', '박자가', { validated: 0, calcGrade: null })];
    const patches: unknown[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(admin),
      'GET /v1/member/members': () => listResponse(pending),
      'PATCH /v1/member/23': ({ init }) => {
        const body = JSON.parse(String(init?.body)) as { grade: number };
        patches.push(body);
        const updated = person(23, 'self-signup', '박자가', { validated: 0, calcGrade: body.grade });
        pending = [older, updated];
        return json(200, { member: updated });
      },
    });
    renderRoutes('/dashboard/admin/approvals');
    const known = (await screen.findByRole('combobox', { name: '김도윤(newbie-kim)의 학년' })) as HTMLSelectElement;
    expect(known.value).toBe('1');
    const missing = screen.getByRole('combobox', { name: '박자가(self-signup)의 학년' }) as HTMLSelectElement;
    expect(missing.value).toBe('');
    expect(screen.getByText(/학년이 없는 회원이 1명 있습니다/)).toBeTruthy();

    fireEvent.change(missing, { target: { value: '3' } });
    await waitFor(() => expect(patches).toEqual([{ grade: 3 }]));
    expect(await screen.findByText('박자가(self-signup)의 학년을 3학년(으)로 바꿨습니다.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('combobox', { name: '박자가(self-signup)의 학년' }) as HTMLSelectElement).value).toBe('3'));
    expect(screen.queryByText(/학년이 없는 회원이/)).toBeNull();
  });

  it('shows the empty text when nobody waits', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(admin), 'GET /v1/member/members': () => listResponse([]) });
    renderRoutes('/dashboard/admin/approvals');
    expect(await screen.findByText('승인 대기 중인 회원이 없습니다')).toBeTruthy();
  });

  it('says when approving fails, with the server reason', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(admin),
      'GET /v1/member/members': () => listResponse([older]),
      'POST /v1/member/21/validate': () => json(404, { message: '회원을 찾을 수 없습니다.', code: 'NOT_FOUND' }),
    });
    renderRoutes('/dashboard/admin/approvals');
    fireEvent.click(await screen.findByRole('button', { name: '김도윤(newbie-kim) 승인' }));
    expect(await screen.findByText('회원 승인에 실패했습니다')).toBeTruthy();
    expect(screen.getByText('회원을 찾을 수 없습니다.')).toBeTruthy();
  });

  it('says when the list cannot be loaded, and retries', async () => {
    let fail = true;
    mockFetch({
      'GET /v1/auth/me': meHandler(admin),
      'GET /v1/member/members': () => (fail ? json(500, { message: '서버 오류가 발생했습니다.', code: 'INTERNAL' }) : listResponse([older])),
    });
    renderRoutes('/dashboard/admin/approvals');
    expect(await screen.findByText('대기 중인 회원 목록 로드에 실패했습니다')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('button', { name: '김도윤(newbie-kim) 승인' })).toBeTruthy();
  });
});
