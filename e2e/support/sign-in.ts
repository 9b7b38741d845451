import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect } from './fixtures';

/**
 * Signs a demo account in through the login form, as a person would: the login page with
 * `?next=`, then the app lands on `next` (path and query, no other page in between).
 */
export async function signIn(page: Page, id: string, next: string): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('아이디 또는 이메일').fill(id);
  await page.getByLabel('비밀번호').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL((url) => url.pathname + url.search === next);
}
