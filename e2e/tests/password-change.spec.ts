import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_BASE_URL } from '../support/browser';
import { DEMO_PASSWORD, expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { confirmLinkOf, mailMark, waitForMail } from '../support/mail';

// Password change through a real mail round trip (issue 6): the API server under test sends
// through SMTP_URL to the SMTP server of support/global-setup.ts, and this test reads the mail.
// The tests of a run share one database, so demo-student gets the demo password back at the end.

const MEMBER = 'demo-student';
const EMAIL = 'demo-student@example.ac.kr';
const NEW_PASSWORD = 'e2e-new-password-7';

async function signIn(page: Page, password: string, next = '/home'): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('아이디 또는 이메일').fill(MEMBER);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인' }).click();
}

async function apiLoginStatus(password: string): Promise<number> {
  const context = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  try {
    const response = await context.post('/v1/auth/login', { data: { id: MEMBER, email: MEMBER, password } });
    return response.status();
  } finally {
    await context.dispose();
  }
}

/** The same round trip through the API only: request, read the mail, confirm. */
async function changeThroughApi(api: APIRequestContext, from: string, to: string): Promise<void> {
  const login = await api.post('/v1/auth/login', { data: { id: MEMBER, email: MEMBER, password: from } });
  expect(login.status(), await login.text()).toBe(200);
  const seen = mailMark();
  const requested = await api.post('/v1/auth/update-password/request', {
    data: { id: MEMBER, email: EMAIL, old_password: from, new_password: to },
  });
  expect(requested.status(), await requested.text()).toBe(200);
  const token = confirmLinkOf(await waitForMail(EMAIL, seen)).searchParams.get('token');
  const confirmed = await api.post('/v1/auth/update-password/confirm', { data: { token } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

test.afterAll(async () => {
  // Whatever happened above, leave demo-student with the demo password for the other tests.
  if ((await apiLoginStatus(DEMO_PASSWORD)) === 200) return;
  const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  try {
    await changeThroughApi(api, NEW_PASSWORD, DEMO_PASSWORD);
  } finally {
    await api.dispose();
  }
});

test('demo-student changes the password through the mailed link; the old one stops working', async ({ page }) => {
  await signIn(page, DEMO_PASSWORD, '/dashboard/settings/password');
  await expect(page).toHaveURL(/\/dashboard\/settings\/password$/);
  await expect(page.getByRole('heading', { level: 1, name: '비밀번호 변경' })).toBeVisible();
  await expect(page.getByLabel('이메일')).toHaveValue(EMAIL);
  await expect(page.getByText('영문, 숫자, 특수문자를 섞어 8자 이상으로 입력하세요.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The form's own rules come first.
  await page.getByLabel('새 비밀번호', { exact: true }).fill('short');
  await page.getByLabel('새 비밀번호 확인').fill('different');
  await page.getByRole('button', { name: '인증 메일 보내기' }).click();
  await expect(page.getByText('현재 비밀번호를 입력하세요.')).toBeVisible();
  await expect(page.getByText('새 비밀번호는 8~128자로 입력하세요.')).toBeVisible();
  await expect(page.getByText('새 비밀번호 확인이 일치하지 않습니다.')).toBeVisible();

  const seen = mailMark();
  await page.getByLabel('현재 비밀번호').fill(DEMO_PASSWORD);
  await page.getByLabel('새 비밀번호', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('새 비밀번호 확인').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: '인증 메일 보내기' }).click();
  await expect(page.getByText('인증 메일을 보냈습니다. 메일의 링크를 눌러 변경을 완료하세요.')).toBeVisible();

  // The mail arrived over SMTP, addressed to the member, with the single-use link.
  const mail = await waitForMail(EMAIL, seen);
  expect(mail.subject).toBe('[qbank] 비밀번호 변경 확인');
  const link = confirmLinkOf(mail);
  expect(link.origin).toBe(E2E_BASE_URL);

  // Until the link is opened, the old password still works.
  expect(await apiLoginStatus(DEMO_PASSWORD)).toBe(200);

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: '비밀번호 변경 확인' })).toBeVisible();
  await expect(page.getByText('비밀번호가 변경되었습니다. 3초 후 로그인 화면으로 이동합니다.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The change ended this browser's session too (older tokens are revoked).
  await expect(page.getByRole('link', { name: '로그인' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password fails, the new one works.
  await signIn(page, DEMO_PASSWORD);
  await expect(page.getByText('아이디(이메일) 또는 비밀번호가 올바르지 않습니다.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: '로그아웃' })).toBeVisible();

  // The link was single-use.
  const replay = await page.request.post('/v1/auth/update-password/confirm', { data: { token: link.searchParams.get('token') } });
  expect(replay.status()).toBe(400);

  // Back to the demo password, by the same round trip, for the tests that follow.
  await changeThroughApi(page.request, NEW_PASSWORD, DEMO_PASSWORD);
  expect(await apiLoginStatus(DEMO_PASSWORD)).toBe(200);
});

test('the confirmation page without a token says the link is invalid', async ({ page }) => {
  await page.goto('/change-password');
  await expect(page.getByText('유효하지 않은 링크입니다. 토큰이 없습니다.')).toBeVisible();
  await page.getByRole('link', { name: '로그인 화면으로' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('with an unknown token', () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });
  test('the confirmation page shows the error and a way to log in', async ({ page }) => {
    await page.goto('/change-password?token=not-a-real-token');
    await expect(page.getByText('비밀번호 변경에 실패했습니다. 토큰이 만료되었거나 유효하지 않습니다.')).toBeVisible();
    await expect(page.getByRole('link', { name: '로그인 화면으로' })).toHaveAttribute('href', '/login');
  });
});
