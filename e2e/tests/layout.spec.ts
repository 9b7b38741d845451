import { expect, test } from '../support/fixtures';
import { layoutTests } from '../support/layout-screens';

// Issue 12 item 5 at desktop width, and item 1: a page opens at its top.
layoutTests(1280, '1280');

test('a page opened from far down a list opens at its top; back returns to the offset', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/exams');
  await page.locator('main a[href^="/tests/"]').first().waitFor();
  await page.mouse.wheel(0, 800);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const offset = await page.evaluate(() => window.scrollY);
  const links = page.locator('main a[href^="/tests/"]');
  const count = await links.count();
  // A link in view after the scroll.
  let clicked = false;
  for (let i = 0; i < count && !clicked; i++) {
    const box = await links.nth(i).boundingBox();
    if (box && box.y > 0 && box.y < 700) {
      await links.nth(i).click();
      clicked = true;
    }
  }
  expect(clicked).toBe(true);
  await expect(page).toHaveURL(/\/tests\/\d+\/problems/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/exams$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(offset - 50);
});
