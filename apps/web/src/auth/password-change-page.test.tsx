import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderElement, renderRoutes } from '../testing/render';
import { PasswordChangePage } from './password-change-page';

// The routes load their pages lazily; loading them once up front keeps the first test of the
// file from racing the import.
beforeAll(async () => {
  await Promise.all([import('./password-change-page'), import('../app/dashboard-layout')]);
});

const user = member({ id: 'student01', email: 'student01@example.ac.kr' });

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function openPage() {
  renderRoutes('/dashboard/settings/password');
  expect(await screen.findByRole('heading', { level: 1, name: '비밀번호 변경' })).toBeTruthy();
}

function fillValid() {
  fill('현재 비밀번호', 'old-password-1');
  fill('새 비밀번호', 'new-password-2');
  fill('새 비밀번호 확인', 'new-password-2');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: '인증 메일 보내기' }));

afterEach(() => {
  vi.useRealTimers();
});

describe('password change settings page', () => {
  it('prefills the e-mail, shows the hint and checks the form with the shared rules before sending', async () => {
    const fetch = mockFetch({ 'GET /v1/auth/me': meHandler(user) });
    await openPage();
    expect((screen.getByLabelText('이메일') as HTMLInputElement).value).toBe('student01@example.ac.kr');
    expect(screen.getByText('영문, 숫자, 특수문자를 섞어 8자 이상으로 입력하세요.')).toBeTruthy();

    fill('이메일', '');
    fill('새 비밀번호', 'short');
    fill('새 비밀번호 확인', 'other');
    submit();
    expect(await screen.findByText('이메일을 입력하세요.')).toBeTruthy();
    expect(screen.getByText('현재 비밀번호를 입력하세요.')).toBeTruthy();
    expect(screen.getByText('새 비밀번호는 8~128자로 입력하세요.')).toBeTruthy();
    expect(screen.getByText('새 비밀번호 확인이 일치하지 않습니다.')).toBeTruthy();

    fill('이메일', 'not-an-email');
    submit();
    expect(await screen.findByText('올바른 이메일 형식이 아닙니다.')).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('update-password'))).toBe(false);
  });

  it('sends id, email, old and new password, then shows the mail banner for 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies: unknown[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(user),
      'POST /v1/auth/update-password/request': ({ init }) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(200, { ok: true, expires_at: '2026-11-22T00:00:00.000Z' });
      },
    });
    await openPage();
    fill('이메일', '  Student01@Example.ac.kr ');
    fillValid();
    submit();
    const banner = await screen.findByText('인증 메일을 보냈습니다. 메일의 링크를 눌러 변경을 완료하세요.');
    expect(banner).toBeTruthy();
    expect(bodies).toEqual([{ id: 'student01', email: 'student01@example.ac.kr', old_password: 'old-password-1', new_password: 'new-password-2' }]);
    expect((screen.getByLabelText('현재 비밀번호') as HTMLInputElement).value).toBe('');
    // The fake clock also moves with real time (shouldAdvanceTime, which findByText needs), so on a
    // loaded machine a second can pass between the banner appearing and this line: 3 s leaves room.
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.queryByText('인증 메일을 보냈습니다. 메일의 링크를 눌러 변경을 완료하세요.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(screen.queryByText('인증 메일을 보냈습니다. 메일의 링크를 눌러 변경을 완료하세요.')).toBeNull();
  });

  it("shows the server's message (and marks the field) when the request is refused", async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(user),
      'POST /v1/auth/update-password/request': () =>
        json(400, {
          message: '현재 비밀번호가 올바르지 않습니다.',
          code: 'VALIDATION',
          fields: { old_password: '현재 비밀번호가 올바르지 않습니다.' },
        }),
    });
    await openPage();
    fillValid();
    submit();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getAllByText('현재 비밀번호가 올바르지 않습니다.')).toHaveLength(2);
    const describedBy = screen.getByLabelText('현재 비밀번호').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ')[0] ?? '')?.textContent).toBe('현재 비밀번호가 올바르지 않습니다.');
  });

  it('falls back to its own text when the answer is not an API error', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(user),
      'POST /v1/auth/update-password/request': () => new Response('Bad Gateway', { status: 502 }),
    });
    await openPage();
    fillValid();
    submit();
    expect(await screen.findByText('비밀번호 변경 요청에 실패했습니다. 다시 시도하세요.')).toBeTruthy();
  });

  it('asks to sign in again when there is no session user', async () => {
    const fetch = mockFetch({ 'GET /v1/auth/me': meHandler(null) });
    renderElement('/settings', '/settings', <PasswordChangePage />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    fill('이메일', 'someone@example.ac.kr');
    fillValid();
    submit();
    expect(await screen.findByText('사용자 정보를 찾을 수 없습니다. 다시 로그인해주세요.')).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('update-password'))).toBe(false);
  });
});
