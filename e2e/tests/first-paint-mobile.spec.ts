import { expect, test, type Browser } from '@playwright/test';
import { E2E_BASE_URL } from '../support/browser';

// Decision 059: a signed-out visitor of /home or /exams gets index.html with the page's heading
// already drawn, before any script. It has to sit exactly where the page draws its own, so nothing
// moves when React replaces it, and say the same thing.

const PAGES = [
  { path: '/home', texts: ['main h1', 'main h1 + p'] },
  { path: '/exams', texts: ['main h1'] },
];

async function boxesOf(browser: Browser, path: string, selectors: string[], width: number, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled, locale: 'ko-KR' });
  try {
    const page = await context.newPage();
    await page.goto(`${E2E_BASE_URL}${path}`);
    // With the script, wait for the page's own heading (Mantine's Title), not the static one.
    await expect(page.locator(javaScriptEnabled ? 'main h1.mantine-Title-root' : 'main h1.qb-fp-h1')).toBeVisible();
    const boxes = [];
    for (const selector of selectors) {
      const element = page.locator(selector);
      boxes.push({ text: await element.textContent(), box: await element.boundingBox() });
    }
    return boxes;
  } finally {
    await context.close();
  }
}

for (const { path, texts } of PAGES) {
  test(`the first paint of ${path} draws the page's heading where the page draws it`, async ({ browser }) => {
    for (const width of [375, 412, 1280]) {
      const painted = await boxesOf(browser, path, texts, width, false);
      const rendered = await boxesOf(browser, path, texts, width, true);
      expect(painted[0]?.text, `${path} at ${width} px`).toBeTruthy();
      expect(painted, `${path} at ${width} px`).toEqual(rendered);
    }
  });
}
