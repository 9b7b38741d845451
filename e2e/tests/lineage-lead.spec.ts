import type { APIRequestContext } from '@playwright/test';
import { apiLogin, expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { scrollUntilVisible } from '../support/lineage';
import { signIn } from '../support/sign-in';

// Decision 203: demo-lead opens 출제 이력 관리, sees the detection run's progress, confirms one of
// the demo's suggestions (last year's reworded 빈맥 question) as the same question, sees a student's
// exam show it as asked again, and undoes the decision, so the demo is as it was for the next spec.

interface Place {
  uid: number;
  test_code: number;
  test_name: string;
  year: number;
  no: number;
}
interface Suggestion {
  problems: [Place, Place];
}

const place = (p: Place) => `${p.year}년 ${p.test_name} ${p.no}번`;

async function summaryOf(request: APIRequestContext, uid: number): Promise<{ count: number } | undefined> {
  const { summaries } = (await (await request.get(`/v1/lineages/summary?uids=${uid}`)).json()) as { summaries: { uid: number; count: number }[] };
  return summaries.find((summary) => summary.uid === uid);
}

test('a lead decides a suggestion on 출제 이력 관리, a student sees it, and the lead undoes it', async ({ page, browser, playwright, baseURL }) => {
  const lead = await playwright.request.newContext({ baseURL });
  await apiLogin(lead, 'demo-lead');
  // Detection drains the demo bank after the first start: wait for its suggestions.
  let first: Suggestion | undefined;
  await expect
    .poll(async () => {
      const body = (await (await lead.get('/v1/lineage/suggestions')).json()) as { suggestions: Suggestion[] };
      first = body.suggestions[0];
      return body.suggestions.length;
    })
    .toBeGreaterThan(0);
  const [a, b] = first!.problems;
  const pair = `${place(a)} ↔ ${place(b)}`;
  // The end that is in no lineage students see yet (last year's reworded question).
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, 'demo-student', '/exams');
  const [alone, other] = (await summaryOf(student.request, a.uid)) === undefined ? [a, b] : [b, a];
  expect(await summaryOf(student.request, alone.uid)).toBeUndefined();

  try {
    await signIn(page, 'demo-lead', '/dashboard/lead/lineage');
    await expect(page.getByRole('heading', { name: '출제 이력 관리', level: 1 })).toBeVisible();
    const run = page.getByRole('region', { name: '전체 감지' });
    await expect(run.getByText(/^\d+문항 중 \d+문항 감지함$/)).toBeVisible();
    await expect(run.getByRole('progressbar', { name: '감지 진행률' })).toBeVisible();
    await expect(run.getByText(/^마지막으로 끝난 때: /)).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /^정답이 다른 같은 문제 [1-9]\d*건$/ })
        .getByRole('link')
        .first(),
    ).toBeVisible();

    const card = page.getByRole('article', { name: pair });
    await expect(card.getByLabel('추가').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/lineage-lead-1280.png`, fullPage: true });

    // Keyboard: the decision is a button reached and pressed like any other.
    const same = card.getByRole('button', { name: `같은 문제: ${pair}` });
    await same.focus();
    await page.keyboard.press('Enter');
    await expect(card).toHaveCount(0);
    const decided = page.getByRole('region', { name: '방금 결정한 것' });
    await expect(decided.getByText(`${pair}: 같은 문제로 확인함`)).toBeVisible();

    // The student's exam now shows the reworded question as asked again, like the other end.
    await expect.poll(async () => (await summaryOf(student.request, alone.uid))?.count ?? 0).toBeGreaterThanOrEqual(2);
    await student.goto(`/tests/${alone.test_code}/problems`);
    const problemCard = student.locator(`#problem-${alone.uid}`);
    await scrollUntilVisible(student, problemCard.getByRole('button', { name: /^출제 \d+회 · .*출제 이력 보기$/ }));
    expect((await summaryOf(student.request, other.uid))?.count).toBe((await summaryOf(student.request, alone.uid))?.count);

    // Given back: 되돌리기 makes it a suggestion again, and students no longer see it.
    await decided.getByRole('button', { name: `되돌리기: ${pair}` }).click();
    await expect(page.getByRole('article', { name: pair })).toBeVisible();
    await expect(page.getByRole('region', { name: '방금 결정한 것' })).toHaveCount(0);
    await expect.poll(async () => summaryOf(student.request, alone.uid)).toBeUndefined();
  } finally {
    // Whatever failed above, the pair is undecided again for the specs after this one.
    await lead.post('/v1/lineage/links/reset', { data: { problem_a: a.uid, problem_b: b.uid } });
    await lead.dispose();
    await studentContext.close();
  }
});
