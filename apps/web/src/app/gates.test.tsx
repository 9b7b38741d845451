import { act, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderElement } from '../testing/render';
import { RequireLogin, RequireRole } from './gates';

const secret = <p>비공개 내용</p>;

describe('RequireLogin', () => {
  it('renders nothing while the session is being checked', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler('pending') });
    renderElement(
      '/tests/7/problems',
      '/tests/:testCode/problems',
      <div data-testid="gate">
        <RequireLogin>{secret}</RequireLogin>
      </div>,
    );
    await act(async () => {});
    expect(screen.getByTestId('gate').innerHTML).toBe('');
  });

  it('shows the login-required card to a visitor, with links carrying the encoded next', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null) });
    renderElement('/tests/7/problems?q=%EC%8B%AC%EC%9E%A5&view=qa', '/tests/:testCode/problems', <RequireLogin>{secret}</RequireLogin>);

    expect(await screen.findByRole('heading', { level: 1, name: '로그인이 필요합니다' })).toBeTruthy();
    const next = '%2Ftests%2F7%2Fproblems%3Fq%3D%25EC%258B%25AC%25EC%259E%25A5%26view%3Dqa';
    expect(screen.getByRole('link', { name: '로그인' }).getAttribute('href')).toBe(`/login?next=${next}`);
    expect(screen.getByRole('link', { name: '회원가입' }).getAttribute('href')).toBe(`/signup?next=${next}`);
    expect(screen.queryByText('비공개 내용')).toBeNull();
  });

  it('shows the waiting state to an unapproved member', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(member({ id: 'newbie', validated: 0 })) });
    renderElement('/tests/7/solve', '/tests/:testCode/solve', <RequireLogin>{secret}</RequireLogin>);

    expect(await screen.findByRole('heading', { level: 1, name: '관리자 승인 대기 중' })).toBeTruthy();
    expect(screen.getByText('관리자 승인 후 이용할 수 있습니다.')).toBeTruthy();
    expect(screen.getByText('가입한 아이디: newbie')).toBeTruthy();
    expect(screen.getByRole('button', { name: '로그아웃' })).toBeTruthy();
    expect(screen.queryByText('비공개 내용')).toBeNull();
  });

  it('shows the content to an approved member', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(member()) });
    renderElement('/tests/7/solve', '/tests/:testCode/solve', <RequireLogin>{secret}</RequireLogin>);
    expect(await screen.findByText('비공개 내용')).toBeTruthy();
  });
});

describe('RequireRole', () => {
  const adminOnly = (
    <RequireRole roles={['admin', 'superadmin']} redirectTo="/dashboard/my">
      {secret}
    </RequireRole>
  );

  it('renders nothing while the session is being checked', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler('pending') });
    renderElement('/dashboard/admin/members', '/dashboard/admin/members', <div data-testid="gate">{adminOnly}</div>);
    await act(async () => {});
    expect(screen.getByTestId('gate').innerHTML).toBe('');
  });

  it('sends a visitor to /login with next', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null) });
    renderElement('/dashboard/admin/members?page=2', '/dashboard/admin/members', adminOnly);
    expect((await screen.findByTestId('location')).textContent).toBe(`/login?next=${encodeURIComponent('/dashboard/admin/members?page=2')}`);
  });

  it('redirects a role outside the list to redirectTo, telling the member why', async () => {
    const show = vi.spyOn(notifications, 'show');
    mockFetch({ 'GET /v1/auth/me': meHandler(member({ role: 'lead', authority: 2 })) });
    renderElement('/dashboard/admin/members', '/dashboard/admin/members', adminOnly);
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard/my');
    expect(screen.queryByText('비공개 내용')).toBeNull();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: '이 화면은 관리자, Super Admin만 이용할 수 있어 내 대시보드로 이동했습니다.' }));
    show.mockRestore();
  });

  it('redirects to /dashboard by default', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(member()) });
    renderElement('/dashboard/lead/tests', '/dashboard/lead/tests', <RequireRole roles={['lead']}>{secret}</RequireRole>);
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
  });

  it('lets an allowed role in', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(member({ role: 'superadmin', authority: 3 })) });
    renderElement('/dashboard/admin/members', '/dashboard/admin/members', adminOnly);
    await waitFor(() => expect(screen.getByText('비공개 내용')).toBeTruthy());
  });
});
