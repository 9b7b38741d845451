import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, settleAnimations, test } from './fixtures';
import { expectCleanLayout, sidebarEdgeGap, signIn, waitForAppScreen } from './layout';

// The main screens of each role, walked by layout.spec.ts (1280 px) and layout-mobile.spec.ts
// (Pixel 7, 412 px; and 375 px), each screen checked and photographed.

interface Walk {
  role: string;
  account: string | null;
  screens: string[];
}

const WALKS: Walk[] = [
  { role: 'visitor', account: null, screens: ['/home', '/exams', '/subjects', '/board', '/login', '/signup'] },
  {
    role: 'student',
    account: 'demo-student',
    screens: ['/exams', '/search?q=%EC%9E%A1%EC%9D%8C', '/dashboard/library', '/dashboard/my', '/dashboard/profile'],
  },
  {
    role: 'lead',
    account: 'demo-lead',
    screens: ['/dashboard/lead/tests', '/dashboard/lead/subjects', '/dashboard/lead/grades', '/dashboard/lead/assign', '/dashboard/lead/lineage'],
  },
  {
    role: 'admin',
    account: 'demo-admin',
    screens: ['/dashboard/admin/approvals', '/dashboard/admin/leads', '/dashboard/admin/members', '/dashboard/admin/users'],
  },
];

/** The first exam of the list, its problems and its solve screen (they need an exam code). */
async function firstExamScreens(page: Page): Promise<string[]> {
  const response = await page.request.get('/v1/test/tests?page=1&limit=1');
  const { tests } = (await response.json()) as { tests: Array<{ test_code: number }> };
  const code = tests[0]?.test_code;
  return code === undefined ? [] : [`/tests/${code}/problems`, `/tests/${code}/solve`];
}

export function layoutTests(width: number | null, label: string): void {
  for (const walk of WALKS) {
    test(`${walk.role}'s main screens fit ${label} without overflow or clipped controls`, async ({ page }) => {
      if (width !== null) await page.setViewportSize({ width, height: 800 });
      if (walk.account) await signIn(page, walk.account, DEMO_PASSWORD);
      const screens = walk.role === 'student' ? [...walk.screens, ...(await firstExamScreens(page))] : walk.screens;
      for (const path of screens) {
        await page.goto(path);
        await waitForAppScreen(page);
        await page.waitForTimeout(300);
        // A whole-page photograph taken while the shell still slides (its main area's padding follows
        // the sidebar with a transition) shows the content under the sidebar: wait until it rests,
        // and photograph with transitions finished at once, as the whole-page capture resizes the
        // window and a transition it starts was caught half way on a slow CI run (the content 30 px
        // under the sidebar, the edge line short).
        await page.waitForLoadState('networkidle');
        await settleAnimations(page);
        const photo = await page.screenshot({
          path: `test-results/layout/${label}-${walk.role}${path.replace(/\//g, '_')}.png`,
          fullPage: true,
          scale: 'css',
          animations: 'disabled',
        });
        await expectCleanLayout(page, `${walk.role} ${path} at ${label}`, { desktop: (width ?? 412) >= 1024 });
        expect(await sidebarEdgeGap(page, photo), `${walk.role} ${path} at ${label}`).toBeNull();
      }
    });
  }
}
