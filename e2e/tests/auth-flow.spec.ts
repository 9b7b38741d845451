import { request as playwrightRequest } from '@playwright/test';
import { apiLogin, DEMO_PASSWORD, expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { E2E_BASE_URL } from '../support/browser';

test('a new student signs up, waits, is approved by an admin, signs in and lands on their dashboard', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const id = `e2e-${suffix}`;
  const password = 'e2e-password-1';

  await page.goto('/signup?next=/dashboard');
  await expect(page.getByRole('heading', { name: '회원가입' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The form's own checks (packages/shared/src/auth.ts) answer before anything is sent.
  await page.getByRole('button', { name: '회원가입' }).click();
  await expect(page.getByText('이름은 1~32자 이내로 입력하세요.')).toBeVisible();
  await page.getByLabel('이름').fill('김이투');
  await page.getByLabel('아이디').fill(id);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.getByLabel('비밀번호 확인').fill('something-else');
  await page.getByLabel('닉네임').fill('이투이');
  await page.getByLabel('학번').fill(`2026${Date.now() % 1_000_000}`);
  await page.getByLabel('현재 학년').selectOption('1');
  await page.getByRole('button', { name: '회원가입' }).click();
  await expect(page.getByText('비밀번호 확인이 일치하지 않습니다.')).toBeVisible();
  await page.getByLabel('비밀번호 확인').fill(password);
  await page.getByRole('button', { name: '회원가입' }).click();

  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('heading', { name: '관리자 승인 대기 중' })).toBeVisible();
  await expect(page.getByText('관리자 승인 후 이용할 수 있습니다.').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const me = await page.request.get('/v1/auth/me');
  const { user } = await me.json();
  expect(user).toMatchObject({ id, validated: 0 });

  const admin = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  await apiLogin(admin, 'demo-admin');
  const approval = await admin.post(`/v1/member/${user.code}/validate`);
  expect(approval.status()).toBe(200);
  await admin.dispose();

  // Sign out and in again through the login form, by id.
  await page.goto('/home');
  await page.getByRole('button', { name: '로그아웃' }).click();
  await expect(page).toHaveURL(/\/home$|\/$/);
  await expect(page.getByRole('link', { name: '로그인' }).first()).toBeVisible();

  await page.goto('/login?next=/dashboard');
  await page.getByLabel('아이디 또는 이메일').fill(id);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my$/);
  await expect(page.getByText('학생', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(id).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '관리자 승인 대기 중' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

for (const [id, landing, label] of [
  ['demo-admin', '/dashboard/admin/approvals', '관리자'],
  ['demo-lead', '/dashboard/lead/tests', '학습부장'],
  ['demo-super', '/dashboard/admin/approvals', 'Super Admin'],
] as const) {
  test(`${id} lands on ${landing} with the role's menu`, async ({ page }) => {
    await page.goto('/login?next=/dashboard');
    await page.getByLabel('아이디 또는 이메일').fill(id);
    await page.getByLabel('비밀번호').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page).toHaveURL(new RegExp(`${landing}$`));
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: '시험 관리' })).toBeVisible();
    const adminMenus = page.getByRole('link', { name: '가입 승인' });
    await expect(adminMenus).toHaveCount(id === 'demo-lead' ? 0 : 1);
  });
}

test('a student sent to an admin screen is redirected to their own page', async ({ page }) => {
  await page.goto('/login?next=/dashboard/admin/members');
  await page.getByLabel('아이디 또는 이메일').fill('demo-student');
  await page.getByLabel('비밀번호').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my$/);
});

test('a wrong password shows the server message in a red box', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('아이디 또는 이메일').fill('demo-student');
  await page.getByLabel('비밀번호').fill('definitely-wrong');
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByRole('alert')).toContainText('아이디(이메일) 또는 비밀번호가 올바르지 않습니다.');
  await expect(page).toHaveURL(/\/login/);
});

test('the login-required gate carries the current path and query as next', async ({ page }) => {
  await page.goto('/tests/3/problems?view=qa');
  await expect(page.getByRole('heading', { name: '로그인이 필요합니다' })).toBeVisible();
  const loginLink = page.getByRole('main').getByRole('link', { name: '로그인' });
  await expect(loginLink).toHaveAttribute('href', '/login?next=%2Ftests%2F3%2Fproblems%3Fview%3Dqa');
  await expect(page.getByRole('main').getByRole('link', { name: '회원가입' })).toHaveAttribute('href', '/signup?next=%2Ftests%2F3%2Fproblems%3Fview%3Dqa');
  await expectNoSeriousA11yViolations(page);

  await loginLink.click();
  await page.getByLabel('아이디 또는 이메일').fill('demo-student');
  await page.getByLabel('비밀번호').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/tests\/3\/problems\?view=qa$/);
  await expect(page.getByRole('heading', { name: '로그인이 필요합니다' })).toHaveCount(0);
});

test('unknown paths show the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없습니다.' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('home renders in the public shell and passes the accessibility check', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: '시험' }).first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('©');
  await expectNoSeriousA11yViolations(page);
});
