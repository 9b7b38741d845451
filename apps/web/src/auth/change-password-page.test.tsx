import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders, connectApiClient, createAppQueryClient } from '../app/providers';
import { routes } from '../app/router';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

// The routes load their pages lazily; loading them once up front keeps the first test of the
// file from racing the import.
beforeAll(async () => {
  await Promise.all([import('./change-password-page'), import('./login-page')]);
});

afterEach(() => {
  vi.useRealTimers();
});

const confirmCalls = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.filter(([url]) => String(url).includes('/v1/auth/update-password/confirm'));

describe('password change confirmation page', () => {
  it('says the link is invalid without a token, with a way to the login page, and sends nothing', async () => {
    const fetch = mockFetch({ 'GET /v1/auth/me': meHandler(null) });
    renderRoutes('/change-password');
    expect(await screen.findByRole('heading', { level: 1, name: '비밀번호 변경 확인' })).toBeTruthy();
    expect(screen.getByText('유효하지 않은 링크입니다. 토큰이 없습니다.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '로그인 화면으로' }).getAttribute('href')).toBe('/login');
    expect(confirmCalls(fetch)).toHaveLength(0);
  });

  it('shows 확인 중…, then success, ends the session and goes to /login after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let changed = false;
    const bodies: unknown[] = [];
    let answer: (() => void) | undefined;
    const fetch = mockFetch({
      // The server clears this browser's cookie when the change was its member's.
      'GET /v1/auth/me': () => (changed ? json(401, { message: '로그인이 필요합니다.', code: 'UNAUTHENTICATED' }) : json(200, { user: member() })),
      'POST /v1/auth/update-password/confirm': ({ init }) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Promise<Response>((resolve) => {
          answer = () => {
            changed = true;
            resolve(json(200, { ok: true }));
          };
        });
      },
    });
    const { router, queryClient } = renderRoutes('/change-password?token=%20abc123%20');
    expect(await screen.findByText('확인 중…')).toBeTruthy();
    await waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer?.());
    expect(await screen.findByText('비밀번호가 변경되었습니다. 3초 후 로그인 화면으로 이동합니다.')).toBeTruthy();
    expect(bodies).toEqual([{ token: 'abc123' }]);
    await waitFor(() => expect(queryClient.getQueryData(['auth', 'me'])).toBeNull());

    // The fake clock also moves with real time (shouldAdvanceTime, which findByText needs): on a
    // loaded machine a second can pass before this line, so the check stays well short of 3 s.
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(router.state.location.pathname).toBe('/change-password');
    await act(() => vi.advanceTimersByTimeAsync(1600));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(confirmCalls(fetch)).toHaveLength(1);
  });

  it('shows the spec error text and a login button when the token is refused', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'POST /v1/auth/update-password/confirm': () =>
        json(400, { message: '비밀번호 변경에 실패했습니다. 토큰이 만료되었거나 유효하지 않습니다.', code: 'VALIDATION' }),
    });
    const { router } = renderRoutes('/change-password?token=used-token');
    expect(await screen.findByText('비밀번호 변경에 실패했습니다. 토큰이 만료되었거나 유효하지 않습니다.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '로그인 화면으로' }).getAttribute('href')).toBe('/login');
    expect(router.state.location.pathname).toBe('/change-password');
  });

  it('shows the same text when the server cannot be understood', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'POST /v1/auth/update-password/confirm': () => new Response('oops', { status: 500 }),
    });
    renderRoutes('/change-password?token=t');
    expect(await screen.findByText('비밀번호 변경에 실패했습니다. 토큰이 만료되었거나 유효하지 않습니다.')).toBeTruthy();
  });

  it('sends the single-use token once under StrictMode', async () => {
    const fetch = mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'POST /v1/auth/update-password/confirm': () => json(200, { ok: true }),
    });
    const queryClient = createAppQueryClient();
    connectApiClient(queryClient);
    const router = createMemoryRouter(routes, { initialEntries: ['/change-password?token=once'] });
    render(
      <StrictMode>
        <AppProviders queryClient={queryClient} env="test">
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    expect(await screen.findByText('비밀번호가 변경되었습니다. 3초 후 로그인 화면으로 이동합니다.')).toBeTruthy();
    expect(confirmCalls(fetch)).toHaveLength(1);
  });
});
