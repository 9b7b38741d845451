import type { Browser, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { expectNoHorizontalScrollOnAPhone } from '../support/phone';
import { signIn } from '../support/sign-in';

// Issue 28 item 6 (decision 187): demo-student reconstructs an exam question in an assigned slot;
// the editor shows the past problems most like the stem being typed, and "이 문제에서 시작" fills the
// form from one of them; the save links the two (the lead sees the link in the slot's lineage).

// The demo's 순환기내과학 pool asks this question in three years (apps/server/src/seed/demo-lineage.ts).
const REMEMBERED = '75세 남자가 운동할 때 실신과 가슴 통증, 호흡곤란이 있다.';

async function signedInPage(browser: Browser, id: string, next: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, id, next);
  return page;
}

test('demo-student filling a slot starts from a suggested past problem; the save links them', async ({ page, browser }) => {
  // The lead makes a 순환기내과학 exam with one slot and assigns it to demo-student.
  const lead = await signedInPage(browser, 'demo-lead', '/dashboard/lead/tests');
  const names = await (await lead.request.get('/v1/subject/names')).json();
  const cardio = names.subject_names.find((s: { subject_name: string }) => s.subject_name === '순환기내과학').subject_code as number;
  const exam = await lead.request.post('/v1/test', { data: { test_name: `e2e 재구성 ${Date.now().toString(36)}`, subject_code: cardio, year: 2026 } });
  const testCode = (await exam.json()).test_info.test_code as number;
  const slot = (await (await lead.request.post('/v1/problem/create-empty', { data: { test_code: testCode, count: 1 } })).json()).created[0].uid as number;
  const members = await (await lead.request.get('/v1/member/members?validated=1&grade=2&page=1&limit=100')).json();
  const student = members.members.find((m: { id: string }) => m.id === 'demo-student');
  expect((await lead.request.post('/v1/problem/assign', { data: { assignments: [{ problem_code: slot, assignee_code: student.code }] } })).status()).toBe(200);
  // The past problems the editor will offer (the worker may still be detecting the new install's bank).
  const similar = async () =>
    (await (await lead.request.get(`/v1/problem/similar?text=${encodeURIComponent(REMEMBERED)}&subject_code=${cardio}`)).json()).problems;
  await expect.poll(async () => (await similar()).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const suggested = { problems: await similar() };
  const best = suggested.problems[0] as { uid: number; test_name: string; year: number; no: number };

  // demo-student types the start of the question she remembers.
  await signIn(page, 'demo-student', '/dashboard/my');
  await page.getByRole('table', { name: '배정된 문제 목록' }).getByRole('row').filter({ hasText: 'e2e 재구성' }).getByRole('button', { name: /등록$/ }).click();
  const form = page.getByRole('region', { name: /e2e 재구성/ });
  const panel = form.getByRole('region', { name: /비슷한 기출문제/ });
  await expect(panel).toContainText('10자 이상');
  await form.getByRole('textbox', { name: '문제', exact: true }).click();
  await page.keyboard.type(REMEMBERED);
  const item = panel.getByRole('listitem').filter({ hasText: `${best.test_name} · ${best.year}년 · ${best.no}번` });
  await expect(item).toContainText('% 비슷함');
  await expect(item).toContainText('오른쪽 둘째 갈비사이');
  await expect(panel.getByRole('listitem')).toHaveCount(Math.min(5, suggested.problems.length));
  await page.screenshot({ path: 'test-results/lineage-editor-suggestions-1280.png', fullPage: true });

  // Starting from it asks first (she had typed something), then fills the whole form.
  await item.getByRole('button', { name: `이 문제에서 시작: ${best.test_name} ${best.no}번` }).click();
  const dialog = page.getByRole('dialog', { name: '이 문제에서 시작할까요?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '바꾸기' }).click();
  await expect(dialog).toBeHidden();
  await expect(form.getByRole('textbox', { name: '문제', exact: true })).toContainText('오른쪽 둘째 갈비사이에서 목으로 뻗치는');
  await expect(form.getByLabel('보기', { exact: true })).toHaveValue(/대동맥판 협착증/);
  await expect(form.getByRole('textbox', { name: '정답', exact: true })).not.toHaveValue('');
  await expect(item.getByRole('button', { name: `이 문제에서 시작함: ${best.test_name} ${best.no}번` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // On a phone the panel sits under the stem, folds away, and nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/lineage-editor-suggestions-375.png' });
  await expectNoHorizontalScrollOnAPhone(page);
  const toggle = panel.getByRole('button', { name: /^비슷한 기출문제/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.setViewportSize({ width: 1280, height: 800 });

  // She saves; the lead sees the two linked.
  await form.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText('저장되었습니다')).toBeVisible();
  await expect
    .poll(async () => ((await (await lead.request.get(`/v1/problem/${slot}/lineage`)).json()).lineage?.members ?? []).map((m: { uid: number }) => m.uid))
    .toContain(best.uid);

  // Leave the demo data as it was for later specs.
  expect((await lead.request.delete(`/v1/problem/${slot}`)).status()).toBe(200);
  expect((await lead.request.delete(`/v1/test/${testCode}`)).status()).toBe(200);
  await lead.context().close();
});
