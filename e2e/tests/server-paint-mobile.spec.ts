import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_BASE_URL } from '../support/browser';
import { DEMO_PASSWORD } from '../support/fixtures';
import { offlineShotsDir } from '../support/offline';

// Decision 067: a member who opens an exam's problem list or its solve mode gets the page drawn by
// the server, the first problem on screen before any script. The drawing is the app's own markup;
// when the app takes over, nothing may move: the heading and the first question sit where the
// app draws them, at a phone's widths and a desktop's. Without a session, nothing is drawn.

async function examCode(browser: Browser): Promise<number> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  try {
    const { tests } = (await (await context.request.get('/v1/test/tests?limit=100')).json()) as {
      tests: Array<{ test_code: number; test_name: string; year: number }>;
    };
    // The newest 순환기내과학 중간고사: a common passage with its picture, 4-choice problems.
    const exam = tests.filter((candidate) => candidate.test_name.includes('순환기내과학 중간고사')).sort((a, b) => b.year - a.year)[0];
    if (!exam) throw new Error('the demo data has no 순환기내과학 중간고사');
    return exam.test_code;
  } finally {
    await context.close();
  }
}

/** A browser context of the signed-in demo student, with or without scripts. */
async function memberPage(browser: Browser, width: number, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width, height: 800 }, javaScriptEnabled, locale: 'ko-KR' });
  const login = await context.request.post('/v1/auth/login', { data: { id: 'demo-student', email: 'demo-student', password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  // The app asks for the session only on a device where a member signed in (lib/login-session.ts).
  await context.addInitScript(() => window.localStorage.setItem('qbank.signedIn', '1'));
  return context.newPage();
}

async function boxes(page: Page, selectors: string[]) {
  const found = [];
  for (const selector of selectors) {
    const element = page.locator(selector).first();
    await expect(element).toBeVisible();
    found.push({ text: (await element.textContent())?.trim(), box: await element.boundingBox() });
  }
  return found;
}

const PAGES = [
  { name: 'list', path: (code: number) => `/tests/${code}/problems?view=all`, texts: ['main h1', 'main article .qbank-safe-html'] },
  { name: 'solve', path: (code: number) => `/tests/${code}/solve`, texts: ['main h1', 'main .qbank-safe-html'] },
];

for (const { name, path, texts } of PAGES) {
  test(`the server draws the ${name} page's first problem where the app draws it`, async ({ browser }) => {
    const code = await examCode(browser);
    const shots = offlineShotsDir();
    for (const width of [375, 412, 1280]) {
      const drawnPage = await memberPage(browser, width, false);
      // A fresh run: with earlier answers solve mode asks whether to continue instead.
      expect((await drawnPage.request.post(`/v1/solve/tests/${code}/restart`)).ok()).toBe(true);
      await drawnPage.goto(path(code));
      // No script ran: all there is on screen is the server's drawing.
      await expect(drawnPage.locator('#qbank-paint')).toBeVisible();
      const drawn = await boxes(drawnPage, texts);
      await drawnPage.screenshot({ path: `${shots}/server-paint-${name}-${width}.png` });
      await drawnPage.context().close();

      const appPage = await memberPage(browser, width, true);
      await appPage.goto(path(code));
      // The app's copy has taken the drawing's place.
      await expect(appPage.locator('#qbank-paint')).toHaveCount(0);
      await expect(appPage.locator('#root main h1')).toBeVisible();
      const rendered = await boxes(appPage, texts);
      await appPage.context().close();

      expect(drawn[1]?.text, `${name} at ${width} px`).toBeTruthy();
      expect(drawn, `${name} at ${width} px`).toEqual(rendered);
    }
  });
}

test('the first question never moves while the app takes over, not even while the bookmark star is loading', async ({ browser }) => {
  const code = await examCode(browser);
  for (const width of [375, 412]) {
    const page = await memberPage(browser, width, true);
    // The star is a chunk of its own (app/providers.tsx): held back, so that the app's first
    // frames are drawn without it.
    await page.route(/\/assets\/bookmark-button-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    // Where the first question is drawn in every frame, the server's drawing's and the app's.
    await page.addInitScript(() => {
      const seen: Array<{ top: number; painted: boolean }> = [];
      (window as unknown as { questionTops: typeof seen }).questionTops = seen;
      const sample = () => {
        const question = document.querySelector('main article .qbank-safe-html');
        if (question) seen.push({ top: question.getBoundingClientRect().top, painted: question.closest('#qbank-paint') !== null });
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await page.goto(`/tests/${code}/problems?view=all`);
    await expect(page.locator('#qbank-paint')).toHaveCount(0);
    await expect(page.locator('main article').first().getByRole('button', { name: '북마크' })).toBeVisible();
    await page.waitForTimeout(300);
    const tops = await page.evaluate(() => (window as unknown as { questionTops: Array<{ top: number; painted: boolean }> }).questionTops);
    await page.context().close();
    expect(
      tops.some((sample) => sample.painted),
      `the server's drawing was on screen at ${width} px`,
    ).toBe(true);
    expect(
      tops.some((sample) => !sample.painted),
      `the app's copy was on screen at ${width} px`,
    ).toBe(true);
    const final = tops[tops.length - 1]!.top;
    expect(
      tops.filter((sample) => Math.abs(sample.top - final) > 0.25),
      `frames where the question sat elsewhere at ${width} px`,
    ).toEqual([]);
  }
});

test('without a session nothing is drawn: the login gate comes from the app', async ({ browser }) => {
  const code = await examCode(browser);
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const response = await page.goto(`/tests/${code}/problems`);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await expect(page.locator('#qbank-paint')).toHaveCount(0);
    await expect(page.locator('.qbank-safe-html')).toHaveCount(0);
  } finally {
    await context.close();
  }
});
