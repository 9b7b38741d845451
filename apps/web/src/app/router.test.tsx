import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../lib/api-client';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

const student = member();
const lead = member({ id: 'lead01', role: 'lead', authority: 2 });
const admin = member({ id: 'admin01', role: 'admin', authority: 1 });

describe('public shell', () => {
  it('redirects / to /home, the home page with landmarks and footer', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null), 'GET /boards': () => json(200, { rows: [], total: 0 }) });
    const { router } = renderRoutes('/');
    expect(await screen.findByRole('heading', { level: 1, name: '의과대학 기출문제 학습 포털' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'qbank-help@example.ac.kr' }).getAttribute('href')).toBe('mailto:qbank-help@example.ac.kr');
    expect(within(footer).getByText('© 2026 qbank')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '주 메뉴' });
    expect(within(nav).getByRole('link', { name: '시험' }).getAttribute('href')).toBe('/exams');
    expect(within(nav).getByRole('link', { name: '과목' }).getAttribute('href')).toBe('/subjects');
    expect(within(nav).getByRole('link', { name: '게시판' }).getAttribute('href')).toBe('/board');
  });

  it('shows 로그인 and 회원가입 to a visitor, carrying the current page as next', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null) });
    renderRoutes('/exams');
    const login = await screen.findByRole('link', { name: '로그인' });
    expect(login.getAttribute('href')).toBe('/login?next=%2Fexams');
    expect(screen.getByRole('link', { name: '회원가입' }).getAttribute('href')).toBe('/signup?next=%2Fexams');
    expect(screen.queryByRole('button', { name: '로그아웃' })).toBeNull();
  });

  it('shows the dashboard icon and 로그아웃 to a member; logout goes to / (then /home)', async () => {
    let loggedOut = false;
    mockFetch({
      'GET /v1/auth/me': () => (loggedOut ? meHandler(null) : meHandler(student))({ url: '', init: undefined }),
      'POST /v1/auth/logout': () => {
        loggedOut = true;
        return json(200, { ok: true });
      },
    });
    const { router } = renderRoutes('/subjects');
    expect((await screen.findByRole('link', { name: '대시보드' })).getAttribute('href')).toBe('/dashboard');
    fireEvent.click(screen.getByRole('button', { name: '로그아웃' }));
    expect(await screen.findByRole('link', { name: '로그인' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('opens the mobile menu from the burger', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null) });
    renderRoutes('/home');
    fireEvent.click(await screen.findByRole('button', { name: '메뉴 열기' }));
    const drawerNav = await screen.findByRole('navigation', { name: '모바일 메뉴' });
    expect(within(drawerNav).getByRole('link', { name: '시험' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '메뉴 닫기' })).toBeTruthy();
  });

  it('shows a notice bar to an unapproved member on public pages', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(member({ validated: 0 })), 'GET /boards': () => json(200, { rows: [], total: 0 }) });
    renderRoutes('/board');
    expect(await screen.findByText(/관리자 승인 대기 중입니다/)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: '게시판' })).toBeTruthy();
  });

  it('shows the not-found page for an unknown path', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null) });
    renderRoutes('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: '페이지를 찾을 수 없습니다.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '홈으로 이동' }).getAttribute('href')).toBe('/home');
  });

  it('puts the problem pages behind the login gate', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null) });
    renderRoutes('/classes/15/problems');
    expect(await screen.findByRole('heading', { level: 1, name: '로그인이 필요합니다' })).toBeTruthy();
  });

  it('forgets the session when an authenticated call answers 401', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(student),
      'GET /v1/box': () => json(401, { message: '로그인이 필요합니다.', code: 'UNAUTHENTICATED' }),
    });
    renderRoutes('/home');
    await screen.findByRole('button', { name: '로그아웃' });
    await act(async () => {
      await expect(apiRequest('/v1/box')).rejects.toMatchObject({ message: '인증이 필요합니다' });
    });
    expect(await screen.findByRole('link', { name: '로그인' })).toBeTruthy();
  });
});

describe('dashboard', () => {
  it.each([
    ['student', student, '/dashboard/my', '내 문제'],
    ['lead', lead, '/dashboard/lead/tests', '시험 관리'],
    ['admin', admin, '/dashboard/admin/approvals', '가입 승인'],
    ['superadmin', member({ role: 'superadmin', authority: 3 }), '/dashboard/admin/approvals', '가입 승인'],
  ])('sends a %s from /dashboard to its home', async (_role, user, target, title) => {
    mockFetch({ 'GET /v1/auth/me': meHandler(user) });
    const { router } = renderRoutes('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(router.state.location.pathname).toBe(target);
  });

  it('shows the id, the role label, the menus of the role and the back link', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(lead) });
    renderRoutes('/dashboard/lead/subjects');
    expect(await screen.findByRole('heading', { level: 1, name: '과목 관리' })).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('lead01')).toBeTruthy();
    expect(within(header).getByText('학습부장')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '대시보드 메뉴' });
    for (const label of ['시험 관리', '과목 관리', '유급 관리', '문제 배정', '내 보관함', '내 문제', '비밀번호 변경']) {
      expect(within(nav).getByRole('link', { name: label })).toBeTruthy();
    }
    expect(within(nav).queryByRole('link', { name: '가입 승인' })).toBeNull();
    expect(within(nav).getByRole('link', { name: '시험 목록으로' }).getAttribute('href')).toBe('/exams');
  });

  it('gives admins the admin menu', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(admin) });
    renderRoutes('/dashboard/admin/members');
    const nav = await screen.findByRole('navigation', { name: '대시보드 메뉴' });
    for (const label of ['가입 승인', '학습부장 관리', '관리자 관리', '회원 관리', '사용자 목록', '시험 관리']) {
      expect(within(nav).getByRole('link', { name: label })).toBeTruthy();
    }
    expect(within(screen.getByRole('banner')).getByText('관리자')).toBeTruthy();
  });

  it('sends a student away from the admin and lead groups to /dashboard/my', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(student) });
    const { router } = renderRoutes('/dashboard/admin/approvals');
    expect(await screen.findByRole('heading', { level: 1, name: '내 문제' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/my');
    await act(() => router.navigate('/dashboard/lead/assign'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my'));
  });

  it('sends a lead away from the admin group', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(lead) });
    const { router } = renderRoutes('/dashboard/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my'));
  });

  it.each([
    ['/dashboard/settings', '/dashboard/settings/password'],
    ['/dashboard/admin', '/dashboard/admin/approvals'],
    ['/dashboard/lead', '/dashboard/lead/tests'],
  ])('redirects %s to %s', async (from, to) => {
    mockFetch({ 'GET /v1/auth/me': meHandler(member({ role: 'superadmin', authority: 3 })) });
    const { router } = renderRoutes(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('shows the login-required card to a visitor', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null) });
    renderRoutes('/dashboard/library');
    expect(await screen.findByRole('heading', { level: 1, name: '로그인이 필요합니다' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: '로그인' }).map((a) => a.getAttribute('href'))).toContain('/login?next=%2Fdashboard%2Flibrary');
  });

  it('shows the waiting state to an unapproved member', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(member({ id: 'newbie', validated: 0 })) });
    renderRoutes('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: '관리자 승인 대기 중' })).toBeTruthy();
    expect(screen.getByText('가입한 아이디: newbie')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '대시보드 메뉴' })).toBeNull();
  });

  it('remembers the collapsed sidebar in localStorage', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(student) });
    renderRoutes('/dashboard/my');
    fireEvent.click(await screen.findByRole('button', { name: '사이드바 접기' }));
    expect(window.localStorage.getItem('qbank.dashboard.sidebarCollapsed')).toBe('true');
    expect(screen.getByRole('button', { name: '사이드바 펼치기' })).toBeTruthy();
  });

  it('starts collapsed when that was remembered', async () => {
    window.localStorage.setItem('qbank.dashboard.sidebarCollapsed', 'true');
    mockFetch({ 'GET /v1/auth/me': meHandler(student) });
    renderRoutes('/dashboard/my');
    expect(await screen.findByRole('button', { name: '사이드바 펼치기' })).toBeTruthy();
  });

  it('has a mobile menu behind the burger', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(student) });
    renderRoutes('/dashboard/my');
    fireEvent.click(await screen.findByRole('button', { name: '메뉴 열기' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: '내 보관함' })).toBeTruthy();
  });

  it('has a demo profile form that saves nothing', async () => {
    const fetchMock = mockFetch({ 'GET /v1/auth/me': meHandler(student) });
    renderRoutes('/dashboard/profile');
    expect(await screen.findByRole('heading', { level: 1, name: '내 정보' })).toBeTruthy();
    expect((screen.getByLabelText('이름') as HTMLInputElement).value).toBe('김학생');
    expect((screen.getByLabelText('닉네임') as HTMLInputElement).value).toBe('학생일');
    expect((screen.getByLabelText('이메일') as HTMLInputElement).value).toBe('student01@example.ac.kr');
    const callsBefore = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('데모 화면입니다. 저장되지 않습니다.')).toBeTruthy();
    expect(fetchMock.mock.calls.length).toBe(callsBefore);
  });
});

describe('scroll position across navigations', () => {
  it('opens a new page at its top and gives back/forward the offset the page had', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null), 'GET /boards': () => json(200, { rows: [], total: 0 }) });
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    let offset = 0;
    const scrollY = Object.getOwnPropertyDescriptor(window, 'scrollY');
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => offset });
    try {
      const { router } = renderRoutes('/home');
      await screen.findByRole('heading', { level: 1, name: '의과대학 기출문제 학습 포털' });
      offset = 800; // the reader scrolled far down the list
      scrollTo.mockClear();
      await act(() => router.navigate('/login'));
      await screen.findByRole('button', { name: '로그인' });
      await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
      offset = 0;
      scrollTo.mockClear();
      await act(() => router.navigate(-1));
      await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 800));
    } finally {
      if (scrollY) Object.defineProperty(window, 'scrollY', scrollY);
      else Reflect.deleteProperty(window, 'scrollY');
    }
  });
});

describe('session restore (decision 005)', () => {
  it('asks the server for the session only when this browser was signed in', async () => {
    window.localStorage.removeItem('qbank.signedIn');
    const fetch = mockFetch({ 'GET /v1/auth/me': meHandler(student), 'GET /boards': () => json(200, { rows: [], total: 0 }) });
    renderRoutes('/home');
    expect(await screen.findByRole('link', { name: '로그인' })).toBeTruthy();
    const asked = fetch.mock.calls.filter(([input]) => String(input).includes('/v1/auth/me'));
    expect(asked).toHaveLength(0);
  });

  it('forgets the flag when the server says the session is gone', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null), 'GET /boards': () => json(200, { rows: [], total: 0 }) });
    renderRoutes('/home');
    expect(await screen.findByRole('link', { name: '로그인' })).toBeTruthy();
    expect(window.localStorage.getItem('qbank.signedIn')).toBeNull();
  });
});
