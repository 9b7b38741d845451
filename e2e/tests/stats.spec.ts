import { readFileSync } from 'node:fs';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { classExam } from '../support/class-exam';
import { signIn } from '../support/sign-in';

// Statistics on the demo data (issue 14): the second-year class solved 소아과학 형성평가 1차
// (apps/server/src/seed/demo-answers.ts), so its problems show the class's first answers, the
// demo student has weeks of practice, and the lead can analyse the exam and download it.

test('a student answers a problem and sees how the class answered it', async ({ page }) => {
  await signIn(page, 'choi-yujin', '/exams');
  const exam = await classExam(page);
  await page.goto(`/tests/${exam.test_code}/solve`);
  await expect(page.getByRole('heading', { level: 2, name: '1번 문제' })).toBeVisible();
  await page
    .getByRole('group', { name: /선택지|보기/ })
    .getByRole('button')
    .first()
    .click();
  await expect(page.getByTestId('solve-verdict')).toBeVisible();

  const classAnswers = page.getByRole('region', { name: '다른 학생들의 첫 답' });
  await expect(classAnswers).toBeVisible();
  // 14 classmates, the demo student, 한서연 and this answer: every figure on real numbers.
  await expect(classAnswers).toContainText(/1[5-9]명 응답 · 정답률 \d+(\.\d)?%/);
  await expect(classAnswers.getByText('정답', { exact: true })).toBeVisible();
  expect(await classAnswers.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
  // No member is named: only counts and shares.
  await expect(classAnswers).not.toContainText(/김지민|한서연|강민서/);
  await classAnswers.screenshot({ path: test.info().outputPath('class-answers.png') });
  // Toasts fade in and out; axe must not judge one half-transparent. They close by themselves.
  await expect(page.getByRole('button', { name: '알림 닫기' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the demo student, who completed the class exam in solve mode, sees their first-pass score and percentile', async ({ page }) => {
  await signIn(page, 'demo-student', '/exams');
  const exam = await classExam(page);
  await page.goto(`/tests/${exam.test_code}/solve`);
  await page.getByRole('dialog', { name: '이전 풀이 기록' }).getByRole('button', { name: '이어서 풀기' }).click();
  const percentile = page.getByRole('region', { name: '내 첫 풀이 성적' });
  await expect(percentile).toContainText(/객관식 \d+문제 중 \d+문제 정답/);
  await expect(percentile).toContainText(/같은 학년 완주자 1[5-9]명 중 백분위 \d+/);
});

test('the demo student opens 내 학습 통계 from the dashboard menu', async ({ page }) => {
  await signIn(page, 'demo-student', '/dashboard/library');
  await page.getByRole('link', { name: '내 학습 통계' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/stats$/);
  await expect(page.getByRole('heading', { level: 1, name: '내 학습 통계' })).toBeVisible();
  await expect(page.getByTestId('stats-figure-푼 문제')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('stats-figure-연속 학습')).toHaveText(/^(\d+)일$/);
  await expect(page.getByRole('heading', { name: '과목별 정답률 (낮은 순)' })).toBeVisible();
  // Each subject row starts a study session on that subject.
  const first = page.getByRole('link', { name: /학습 세션 시작$/ }).first();
  await expect(first).toHaveAttribute('href', /^\/study\/new\?subject_codes=\d+$/);
  await expect(page.getByRole('heading', { name: '최근 12주 학습량' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '풀어 본 시험' })).toBeVisible();
  await expect(page.locator('.recharts-wrapper').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('stats-page-1280.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);
});

test('a lead opens the item analysis from the exam list and downloads the .xlsx', async ({ page }) => {
  await signIn(page, 'demo-lead', '/dashboard/lead/tests');
  await page
    .getByRole('link', { name: /문항 분석$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard\/lead\/tests\/\d+\/analysis$/);

  const exam = await classExam(page);
  await page.goto(`/dashboard/lead/tests/${exam.test_code}/analysis`);
  await expect(page.getByRole('heading', { level: 1, name: `${exam.test_name} 문항 분석` })).toBeVisible();
  await expect(page.getByText('신뢰도 (KR-20)')).toBeVisible();
  await expect(page.getByTestId('analysis-item').first()).toBeVisible();
  // The demo's trap: the strong students chose another option on one problem.
  const miskeyed = page.getByTestId('analysis-item').filter({ hasText: '정답 오류 의심' });
  await expect(miskeyed.first()).toBeVisible();
  await page.getByLabel('정렬').selectOption('flags');
  await expect(page.getByTestId('analysis-item').first()).toContainText('정답 오류 의심');
  await page.screenshot({ path: test.info().outputPath('item-analysis-1280.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '엑셀로 내려받기' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/문항분석\.xlsx$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');

  // The flagged problem's 편집 link opens its editor.
  await miskeyed
    .first()
    .getByRole('link', { name: /번 문제 편집$/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/lead/tests/${exam.test_code}/problems/\\d+$`));
});
