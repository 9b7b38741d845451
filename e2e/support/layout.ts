import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// Issue 12 item 5: the main screens must not overflow the window sideways, and no control or
// label may be cut off: a truncated badge, a table header wrapping a letter a line, a button
// outside the window, or (at desktop width) a table whose actions hide behind a scroll bar.

/** What is wrong with the layout of the page as it is now; empty when nothing is. */
async function layoutProblems(page: Page, options: { desktop: boolean }): Promise<string[]> {
  return page.evaluate(({ desktop }) => {
    const problems: string[] = [];
    const doc = document.documentElement;
    const width = doc.clientWidth;
    if (doc.scrollWidth > width + 1) problems.push(`the page is ${doc.scrollWidth}px wide in a ${width}px window`);
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    // Something that scrolls sideways: controls past its edge are hidden unless it scrolls.
    const scrolledAway = (el: Element) => {
      for (let parent = el.parentElement; parent; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if ((overflowX === 'auto' || overflowX === 'scroll') && parent.scrollWidth > parent.clientWidth + 1) return parent;
      }
      return null;
    };
    for (const el of Array.from(document.querySelectorAll('button, a[href], input, select, [role="tab"]'))) {
      if (!visible(el) || el.closest('[aria-hidden="true"], .mantine-Modal-root, .mantine-Drawer-root')) continue;
      const box = el.getBoundingClientRect();
      if (!scrolledAway(el) && (box.right > width + 1 || box.left < -1)) problems.push(`${name(el)} sticks out of the window`);
    }
    for (const label of Array.from(document.querySelectorAll('.mantine-Badge-label'))) {
      if (visible(label) && label.scrollWidth > label.clientWidth + 1) problems.push(`badge ${name(label)} is cut off`);
    }
    for (const cell of Array.from(document.querySelectorAll('th'))) {
      const text = (cell.textContent ?? '').trim();
      if (!visible(cell) || text.length === 0 || text.length > 6) continue;
      // A short header on more than one line: its text boxes sit at more than one height.
      const range = document.createRange();
      range.selectNodeContents(cell);
      const tops = new Set(
        Array.from(range.getClientRects())
          .filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)),
      );
      if (tops.size > 1) problems.push(`table header ${name(cell)} wraps`);
    }
    if (desktop) {
      for (const table of Array.from(document.querySelectorAll('table'))) {
        const scroller = visible(table) ? scrolledAway(table) : null;
        if (scroller) problems.push(`table ${name(table.querySelector('th') ?? table)} needs a sideways scroll bar at ${width}px`);
      }
    }
    for (const caption of Array.from(document.querySelectorAll('caption'))) {
      if (visible(caption) && getComputedStyle(caption).captionSide !== 'top') problems.push(`caption ${name(caption)} sits below its table`);
    }
    return problems;
  }, options);
}

export async function expectCleanLayout(page: Page, screen: string, options: { desktop: boolean }): Promise<void> {
  // Fonts, lazy chunks and data settle first.
  await page.waitForLoadState('networkidle');
  const problems = await layoutProblems(page, options);
  expect(problems, `${screen}:\n${problems.join('\n')}`).toEqual([]);
}

/**
 * Waits until the app itself draws the screen. Every document starts with index.html's first paint
 * (a `<main>` of its own) and a reading page with the server's drawing; a photograph taken before
 * the app replaced them showed the first paint's top bar where the dashboard's sidebar belongs (a
 * CI run under load, /dashboard/my). The page's skeleton is not the screen either.
 */
export async function waitForAppScreen(page: Page): Promise<void> {
  await page.locator('#root #main-content').waitFor();
  await page.waitForFunction(() => !document.querySelector('.qb-fp, #qbank-paint, [data-testid="page-skeleton"]'));
}

export async function signIn(page: Page, id: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('아이디 또는 이메일').fill(id);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Where the dashboard sidebar's edge line stops short of the bottom of a page photographed whole
 * (issue 12 item 5), or null when it reaches the bottom (or there is no sidebar on screen). The
 * photograph is read back pixel by pixel in a blank page: the line is whatever is not white in
 * the column at the sidebar's right edge.
 */
export async function sidebarEdgeGap(page: Page, photo: Buffer): Promise<string | null> {
  const sidebar = page.locator('#dashboard-sidebar');
  if (!(await sidebar.isVisible()) || (await sidebar.getAttribute('inert')) !== null) return null;
  const box = await sidebar.boundingBox();
  if (!box) return null;
  const x = Math.round(box.x + box.width);
  const top = Math.round(box.y) + 1;
  const reader = await page.context().newPage();
  try {
    return await reader.evaluate(
      async ({ data, x, top }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d');
        if (!context) return 'no canvas';
        context.drawImage(image, 0, 0);
        // The columns either side of the edge: the line may be drawn just inside or just outside it.
        const pixels = context.getImageData(x - 1, 0, 2, image.height).data;
        const white = (i: number) => (pixels[i] ?? 0) > 245 && (pixels[i + 1] ?? 0) > 245 && (pixels[i + 2] ?? 0) > 245;
        for (let y = top; y < image.height; y++) {
          if (white(y * 8) && white(y * 8 + 4)) return `the sidebar's edge line stops at ${y}px of a ${image.height}px page`;
        }
        return null;
      },
      { data: photo.toString('base64'), x, top },
    );
  } finally {
    await reader.close();
  }
}
