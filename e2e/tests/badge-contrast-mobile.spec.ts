import type { Locator } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { openAwaitingVerdict } from '../support/awaiting-verdict';
import { signIn } from '../support/sign-in';

// Issue 26 items 8 and 13 at 375 px: solve mode's top bar keeps "5 / 5" on one line and shows
// 해설 보기 whole; the 채점 대기 and "끝남" badges pass axe's colour contrast.

test.use({ viewport: { width: 375, height: 812 } });

/** How many lines an element's text takes (an inline element broken over two lines has two boxes). */
const lineCount = (locator: Locator) => locator.evaluate((element) => new Set(Array.from(element.getClientRects()).map((rect) => Math.round(rect.top))).size);

test('solve mode on a 375 px phone: the top bar fits and the waiting verdict passes axe', async ({ page }) => {
  await openAwaitingVerdict(page);
  const bar = page.locator('main header').first();
  const position = bar.getByText(/^\d+ \/ \d+$/);
  await expect(position).toBeVisible();
  expect(await lineCount(position)).toBe(1);
  await expect(bar.getByText(/정답률/)).toBeVisible();
  const toggle = bar.getByRole('button', { name: '해설 보기' });
  await expect(toggle).toBeVisible();
  // Whole: its label is not cut, and the button ends inside the bar (and the screen).
  const label = toggle.locator('.mantine-Button-label');
  expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const [toggleBox, barBox] = [await toggle.boundingBox(), await bar.boundingBox()];
  expect(toggleBox!.x + toggleBox!.width).toBeLessThanOrEqual(barBox!.x + barBox!.width);
  expect(barBox!.x + barBox!.width).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page);
});

test('the list of study sessions on a 375 px phone passes axe', async ({ page }) => {
  await signIn(page, 'demo-student', '/study/sessions');
  await expect(page.getByText('끝남').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
