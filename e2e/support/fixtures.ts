import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const DEMO_PASSWORD = 'qbank-demo-2026';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Runs axe-core in the page (evaluate is not subject to the app's CSP) and fails on serious issues. */
/** Waits for every finite CSS transition and animation on the page to end (a modal fading in, the shell's padding sliding). */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // A modal or drawer still fading in is half transparent, and axe would measure the contrast of
  // its text mid-fade: wait for every finite transition and animation to end first.
  await settleAnimations(page);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/** Signs in through the API in a separate request context (for an admin acting beside the page). */
export async function apiLogin(request: APIRequestContext, id: string, password = DEMO_PASSWORD): Promise<void> {
  const response = await request.post('/v1/auth/login', { data: { id, email: id, password } });
  expect(response.status(), await response.text()).toBe(200);
}

// Every test fails on a console error or an uncaught page error (docs/architecture.md, quality bars: no console errors).
// A 401 from /v1/auth/me while signed out is the expected answer and the browser logs it; it is allowed.
// A test that provokes another expected answer (a 404 for a missing post) names it with
// `test.use({ allowedConsoleErrors: [/status of 404/] })`.
export const test = base.extend<{ consoleErrors: string[]; allowedConsoleErrors: RegExp[] }>({
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (/Failed to load resource: the server responded with a status of 40[13]/.test(text)) return;
        if (allowedConsoleErrors.some((pattern) => pattern.test(text))) return;
        errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, errors.join('\n')).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
