import { DEMO_PASSWORD, expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';

test('the public shell menu slides out on a phone', async ({ page }) => {
  await page.goto('/home');
  const burger = page.getByRole('button', { name: '메뉴 열기' });
  await expect(burger).toBeVisible();
  await burger.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  for (const name of ['시험', '과목', '게시판']) {
    await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await drawer.getByRole('link', { name: '과목', exact: true }).click();
  await expect(page).toHaveURL(/\/subjects$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the dashboard drawer works on a phone', async ({ page }) => {
  await page.goto('/login?next=/dashboard');
  await page.getByLabel('아이디 또는 이메일').fill('demo-lead');
  await page.getByLabel('비밀번호').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/dashboard\/lead\/tests$/);
  // Open the menu once the lazily loaded page has rendered, not while it is still arriving.
  await expect(page.getByRole('heading', { level: 1, name: '시험 관리' })).toBeVisible();
  await page.getByRole('button', { name: '메뉴 열기' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('link', { name: '내 보관함' }).click();
  await expect(page).toHaveURL(/\/dashboard\/library$/);
  await expectNoSeriousA11yViolations(page);
});
