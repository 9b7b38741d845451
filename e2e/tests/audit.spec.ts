import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 32 item 4 (decision 161): an admin approves a sign-up and finds the act in the audit log,
// with who did it and what changed. The sign-up is the test's own (a unique id), so the demo
// members stay as other specs expect them.

test('demo-admin approves a new sign-up and finds the approval in the audit screen', async ({ page, request }) => {
  const id = `audit-${Date.now().toString(36)}`;
  const signup = await request.post('/v1/auth/signup', { data: { name: '감사대상', id, password: 'audit-signup-password', nickname: id, school_no: id } });
  expect(signup.status()).toBe(201);

  await signIn(page, 'demo-admin', '/dashboard/admin/approvals');
  await page.getByRole('button', { name: `감사대상(${id}) 승인` }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: '회원이 승인되었습니다' })).toBeVisible();

  await page.getByRole('link', { name: '감사 기록' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '감사 기록' })).toBeVisible();
  await page.getByRole('combobox', { name: '작업' }).selectOption('member.approve');
  await page.getByLabel('대상').fill(id);
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page).toHaveURL(new RegExp(`target=${id}`));
  const entries = page.getByRole('list', { name: '감사 기록 목록' }).getByRole('listitem');
  await expect(entries).toHaveCount(1);
  const entry = entries.first();
  await expect(entry).toContainText('가입 승인');
  await expect(entry).toContainText(`회원 · 감사대상 (${id})`);
  await expect(entry).toContainText('(demo-admin)');
  await expect(entry).toContainText('대기 → 승인');
  await expectNoSeriousA11yViolations(page);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/audit-desktop.png`, fullPage: true });
});
