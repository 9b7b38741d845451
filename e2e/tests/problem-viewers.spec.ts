import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { openDemoExamAsStudent, scrollToListEnd } from '../support/problem-list';
import { signIn } from '../support/sign-in';

// The two problem viewers with the demo data: an exam with a common passage (the newest
// 순환기내과학 중간고사) and a class of 순환기내과학 linked to it.

async function pictureLoaded(page: Page, name: RegExp): Promise<void> {
  const img = page.getByRole('img', { name }).first();
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

test('a signed-out visitor meets the login gate on both problem lists', async ({ page }) => {
  await page.goto('/tests/1/problems?view=qa');
  await expect(page.getByRole('heading', { level: 1, name: '로그인이 필요합니다' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: '로그인' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent('/tests/1/problems?view=qa')}`,
  );
  await expectNoSeriousA11yViolations(page);

  await page.goto('/classes/1/problems');
  await expect(page.getByRole('heading', { level: 1, name: '로그인이 필요합니다' })).toBeVisible();
});

test('a student reads an exam: views, tabs, search, a common passage with its picture', async ({ page }) => {
  await openDemoExamAsStudent(page);

  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toContainText('순환기내과학 중간고사');
  const info = page.getByRole('region', { name: '시험 정보' });
  await expect(info).toContainText('순환기내과학');
  await expect(info).toContainText(/\d+문항/);
  await expect(page.getByRole('heading', { name: 'Q01' }).first()).toBeVisible();
  // Cards are drawn ahead of the reader: the end of the list is reached by scrolling.
  await scrollToListEnd(page);

  // Problems sharing a passage sit under its banner, with its range and picture.
  const group = page.getByRole('region', { name: /공통 지문 \[\d+–\d+\]/ });
  await expect(group).toHaveCount(1);
  await expect(group).toContainText('다음 증례를 읽고 물음에 답하시오.');
  expect(await group.getByRole('article').count()).toBeGreaterThanOrEqual(2);
  await pictureLoaded(page, /공통 지문 .* 그림/);
  await pictureLoaded(page, /Q\d+ 문제 그림/);
  await expectNoSeriousA11yViolations(page);

  // Solve mode (Beta) and the export menu with its five modes (the download: study-tools.spec.ts).
  await expect(page.getByRole('link', { name: /풀이 모드/ })).toHaveAttribute('href', /\/tests\/\d+\/solve$/);
  await page.getByRole('button', { name: '내보내기' }).click();
  const options = page.getByRole('menuitem');
  await expect(options).toHaveCount(5);
  for (const option of await options.all()) await expect(option).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');

  // View modes: q hides answer and explanation; qa shows the answer; all the explanation.
  const first = page.getByRole('article').first();
  await expect(first.getByText('정답', { exact: true })).toHaveCount(0);
  const views = page.getByRole('radiogroup', { name: '보기 방식' });
  await views.getByText('문제+정답').click();
  await expect(page).toHaveURL(/view=qa/);
  await expect(first.getByText('정답', { exact: true })).toBeVisible();
  await expect(first.getByText('해설', { exact: true })).toHaveCount(0);
  await views.getByText('해설 포함').click();
  await expect(page).toHaveURL(/view=all/);
  await expect(first.getByText('해설', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The answers tab: number, short type, answer; rows by type under '객관식 · N문항' rows (issue 12.4).
  await page.getByRole('tab', { name: '정답' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['번호', '유형', '정답', /^객관식 · \d+문항$/, /^주관식 · \d+문항$/, /^슬라이드 · \d+문항$/]);
  await expect(table.getByRole('row').nth(2).getByRole('cell').first()).toHaveText('Q01');
  await expect(table.getByRole('cell', { name: '슬', exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: '문제' }).click();

  // Search on Enter, then nothing found, then clear.
  const search = page.getByRole('textbox', { name: '문제 검색' });
  await search.fill('하벽');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=%ED%95%98%EB%B2%BD/);
  await expect(page.getByRole('status').filter({ hasText: '검색 결과' })).toContainText(/‘하벽’ 검색 결과 \d+문항/);
  const found = await page.getByRole('article').count();
  expect(found).toBeGreaterThan(0);
  await search.fill('존재하지않는검색어');
  await search.press('Enter');
  await expect(page.getByText('검색 결과가 없습니다')).toBeVisible();
  await page.getByRole('button', { name: '검색어 지우기' }).click();
  await expect(page.getByRole('heading', { name: 'Q01' }).first()).toBeVisible();
  await scrollToListEnd(page);
  expect(await page.getByRole('article').count()).toBeGreaterThan(found);

  // Back to the list that opened the exam.
  await page.getByRole('link', { name: '시험 목록(으)로 돌아가기' }).click();
  await expect(page).toHaveURL(/\/exams$/);
});

test('a class problem list from the subject classes page, grouped by exam with links', async ({ page }) => {
  await signIn(page, 'demo-student', '/subjects');
  const subjects = await page.request.get(`/v1/subject/subjects?search=${encodeURIComponent('순환기내과학')}`);
  const { subjects: rows } = (await subjects.json()) as { subjects: Array<{ subject_code: number }> };
  const subjectCode = rows[0]?.subject_code;
  expect(subjectCode).toBeDefined();

  await page.goto(`/subjects/${subjectCode}/classes`);
  await page.getByRole('link', { name: '허혈성 심질환' }).first().click();
  await expect(page).toHaveURL(/\/classes\/\d+\/problems$/);
  const classUrl = page.url();

  await expect(page.getByRole('heading', { level: 1, name: '허혈성 심질환' })).toBeVisible();
  const info = page.getByRole('region', { name: '수업 정보' });
  await expect(info).toContainText(/\d+교시/);
  await expect(info).toContainText('교수');
  await expect(page.getByRole('link', { name: '수업 목록(으)로 돌아가기' })).toHaveAttribute('href', `/subjects/${subjectCode}/classes`);

  const groupLink = page.getByRole('heading', { level: 2 }).getByRole('link').first();
  await expect(groupLink).toContainText(/\d{4}년/);
  await expect(groupLink).toContainText('순환기내과학');
  await expect(page.getByRole('article').first()).toBeVisible();
  await scrollToListEnd(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('radiogroup', { name: '보기 방식' }).getByText('문제+정답').click();
  await page.getByRole('tab', { name: '정답' }).click();
  await expect(page.getByRole('table').getByRole('columnheader')).toHaveText(['시험', '번호', '유형', '정답']);
  await page.getByRole('tab', { name: '문제' }).click();

  await groupLink.click();
  await expect(page).toHaveURL(/\/tests\/\d+\/problems$/);
  await expect(page.getByRole('heading', { name: 'Q01' }).first()).toBeVisible();
  await page.getByRole('link', { name: '수업 문제(으)로 돌아가기' }).click();
  await expect(page).toHaveURL(new RegExp(`${new URL(classUrl).pathname}\\?view=qa$`));
  await expect(page.getByRole('heading', { level: 1, name: '허혈성 심질환' })).toBeVisible();
});
