import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

async function openSignup(path = '/signup') {
  const view = renderRoutes(path);
  await screen.findByRole('heading', { level: 1, name: '회원가입' });
  return view;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValid() {
  fill('이름', ' 김학생 ');
  fill('아이디', ' student01 ');
  fill('비밀번호', 'correct-horse');
  fill('비밀번호 확인', 'correct-horse');
  fill('닉네임', '학생일');
  fill('학번', '2024001');
  fireEvent.change(screen.getByLabelText(/^현재 학년/), { target: { value: '2' } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: '회원가입' }));

describe('signup page', () => {
  it('labels every field and limits the text fields to 32 characters', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null) });
    await openSignup();
    for (const label of ['이름', '아이디', '닉네임', '학번']) {
      expect(screen.getByLabelText(label).getAttribute('maxlength')).toBe('32');
    }
    for (const label of ['비밀번호', '비밀번호 확인']) {
      expect(screen.getByLabelText(label).getAttribute('maxlength')).toBeNull();
    }
    expect(screen.getByText('아이디는 다른 회원과 중복될 수 없습니다.')).toBeTruthy();
    expect(screen.getByText('학번은 다른 회원과 중복될 수 없습니다.')).toBeTruthy();
  });

  it('shows the shared validation messages under empty fields and sends nothing', async () => {
    const fetchMock = mockFetch({ 'GET /v1/auth/me': meHandler(null) });
    await openSignup();
    submit();

    expect(await screen.findByText('이름은 1~32자 이내로 입력하세요.')).toBeTruthy();
    expect(screen.getByText('아이디는 1~32자 이내로 입력하세요.')).toBeTruthy();
    expect(screen.getByText('닉네임은 1~32자 이내로 입력하세요.')).toBeTruthy();
    expect(screen.getByText('학번은 1~32자 이내로 입력하세요.')).toBeTruthy();
    expect(screen.getByText('비밀번호는 8~128자로 입력하세요.')).toBeTruthy();
    expect(screen.getByText('현재 학년(1~4학년)을 선택하세요.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/signup'))).toHaveLength(0);
  });

  it('counts only non-blank text: spaces alone are not a name', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null) });
    await openSignup();
    fillValid();
    fill('이름', '   ');
    submit();
    expect(await screen.findByText('이름은 1~32자 이내로 입력하세요.')).toBeTruthy();
  });

  it('shows 비밀번호 확인이 일치하지 않습니다. when the passwords differ', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null) });
    await openSignup();
    fillValid();
    fill('비밀번호 확인', 'correct-horse!');
    submit();
    expect(await screen.findByText('비밀번호 확인이 일치하지 않습니다.')).toBeTruthy();
  });

  it('sends the trimmed request without the confirmation, then goes to next', async () => {
    let sent: unknown;
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'POST /v1/auth/signup': ({ init }) => {
        sent = JSON.parse(String(init?.body));
        return json(201, { token: 'jwt', user: member({ validated: 0 }) });
      },
    });
    const { router } = await openSignup('/signup?next=%2Fexams');
    fillValid();
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/exams'));
    expect(sent).toEqual({ name: '김학생', id: 'student01', password: 'correct-horse', nickname: '학생일', school_no: '2024001', grade: 2 });
  });

  it('shows server field errors on their fields', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'POST /v1/auth/signup': () => json(409, { message: '이미 사용 중인 학번입니다.', code: 'CONFLICT', fields: { school_no: '이미 사용 중인 학번입니다.' } }),
    });
    await openSignup();
    fillValid();
    submit();
    const error = await screen.findByText('이미 사용 중인 학번입니다.');
    expect(screen.getByLabelText('학번').getAttribute('aria-invalid')).toBe('true');
    expect(error.closest('[role="alert"]')).toBeNull();
  });

  it('shows other failures in an alert: the server message, or 회원가입 실패', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(null),
      'POST /v1/auth/signup': () => new Response('oops', { status: 500, statusText: '' }),
    });
    await openSignup();
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('회원가입 실패');
  });
});
