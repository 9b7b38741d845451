import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

async function openLogin(path = '/login') {
  const view = renderRoutes(path);
  await screen.findByRole('heading', { level: 1, name: '로그인' });
  return view;
}

function fillAndSubmit(identifier: string, password: string) {
  fireEvent.change(screen.getByLabelText('아이디 또는 이메일'), { target: { value: identifier } });
  fireEvent.change(screen.getByLabelText('비밀번호'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: '로그인' }));
}

describe('login page', () => {
  it('requires both fields with the shared messages', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null) });
    await openLogin();
    fillAndSubmit('   ', '');
    expect(await screen.findByText('아이디 또는 이메일을 입력하세요.')).toBeTruthy();
    expect(screen.getByText('비밀번호를 입력하세요.')).toBeTruthy();
  });

  it('sends the trimmed identifier as id and email, then goes to next', async () => {
    let sent: unknown;
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'POST /v1/auth/login': ({ init }) => {
        sent = JSON.parse(String(init?.body));
        return json(200, { token: 'jwt', user: member() });
      },
    });
    const { router } = await openLogin('/login?next=%2Ftests%2F3%2Fproblems%3Fq%3Dx');
    fillAndSubmit('  student01 ', 'pw-123456');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/tests/3/problems?q=x'));
    expect(sent).toEqual({ id: 'student01', email: 'student01', password: 'pw-123456' });
  });

  it('ignores a next that leaves the site', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null), 'POST /v1/auth/login': () => json(200, { token: 'jwt', user: member() }) });
    const { router } = await openLogin('/login?next=%2F%2Fevil.example');
    fillAndSubmit('student01', 'pw-123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('shows the server message in a red alert', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'POST /v1/auth/login': () => json(401, { message: '아이디 또는 비밀번호가 올바르지 않습니다.', code: 'INVALID_CREDENTIALS' }),
    });
    await openLogin();
    fillAndSubmit('student01', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toContain('아이디 또는 비밀번호가 올바르지 않습니다.');
  });

  it('shows 로그인 실패 when the failure carries no server message', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null), 'POST /v1/auth/login': () => new Response('', { status: 502 }) });
    await openLogin();
    fillAndSubmit('student01', 'pw-123456');
    expect((await screen.findByRole('alert')).textContent).toContain('로그인 실패');
  });

  it('shows 사용자 정보를 가져올 수 없습니다. when the answer has no user', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null), 'POST /v1/auth/login': () => json(200, { token: 'jwt' }) });
    await openLogin();
    fillAndSubmit('student01', 'pw-123456');
    expect((await screen.findByRole('alert')).textContent).toContain('사용자 정보를 가져올 수 없습니다.');
  });

  it('redirects a signed-in member to next at once', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(member()) });
    const { router } = renderRoutes('/login?next=%2Fsubjects');
    await waitFor(() => expect(router.state.location.pathname).toBe('/subjects'));
  });

  it('keeps next on the signup link', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null) });
    await openLogin('/login?next=%2Fboard');
    for (const link of screen.getAllByRole('link', { name: '회원가입' })) {
      expect(link.getAttribute('href')).toBe('/signup?next=%2Fboard');
    }
    expect(within(screen.getByRole('main')).getByRole('link', { name: '회원가입' })).toBeTruthy();
  });
});
