import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// Checks for the phone-sized specs: nothing wider than the screen, and every control in the main
// area at least 44 px tall (a thumb's target).

export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

export async function expectTouchTargets(page: Page): Promise<void> {
  const small = await page.getByRole('main').locator('button:visible, a[href]:visible').evaluateAll((elements) =>
    elements
      .map((el) => ({ name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '', height: el.getBoundingClientRect().height }))
      .filter((target) => target.height < 44),
  );
  expect(small).toEqual([]);
}
