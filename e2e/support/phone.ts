import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

// Checks for the phone-sized specs: nothing wider than the screen, and every control in the main
// area at least 44 px tall (a thumb's target).

/** Polled: right after a navigation or a resize the page may still measure its previous layout. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await expect.poll(overflow, { message: `${page.url()} scrolls sideways` }).toBeLessThanOrEqual(0);
}

/**
 * The same check from a desktop-sized test: the page at a phone's width (390 px) does not scroll
 * sideways (polled, as the layout settles after the resize); the desktop size comes back after.
 */
export async function expectNoHorizontalScrollOnAPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Every control of the page's main area is at least 44 px tall. On a page the server drew, once
 * the app has taken the drawing's place (apps/web/src/lib/server-paint.ts): the drawing's controls
 * look the same, but found just before it is released they measure 0 px, detached.
 */
export async function expectTouchTargets(page: Page): Promise<void> {
  await expect(page.locator('#qbank-paint')).toHaveCount(0);
  await expectTargetsAtLeast44(page.getByRole('main').locator('button:visible, a[href]:visible'));
}

/** The same for an open dialog's buttons; its own × is Mantine's, as on every dialog of the app. */
export async function expectDialogTouchTargets(dialog: Locator): Promise<void> {
  await expectTargetsAtLeast44(dialog.locator('button:visible:not(.mantine-Modal-close)'));
}

async function expectTargetsAtLeast44(targets: Locator): Promise<void> {
  const small = await targets.evaluateAll((elements) =>
    elements
      .map((el) => ({ name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '', height: el.getBoundingClientRect().height }))
      .filter((target) => target.height < 44),
  );
  expect(small).toEqual([]);
}
