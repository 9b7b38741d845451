import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { expectNoHorizontalScroll } from '../support/phone';
import { openDemoExamAsStudent } from '../support/problem-list';

// The problem viewers on a phone: nothing wider than the screen, every control reachable.

test('an exam and a class problem list fit a phone screen', async ({ page }) => {
  await openDemoExamAsStudent(page);
  await expect(page.getByRole('heading', { name: 'Q01' }).first()).toBeVisible();
  await page.getByRole('radiogroup', { name: '보기 방식' }).getByText('해설 포함').click();
  await expect(page).toHaveURL(/view=all/);
  await expect(page.getByRole('region', { name: /공통 지문/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: '정답' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  const subjects = await page.request.get(`/v1/subject/subjects?search=${encodeURIComponent('순환기내과학')}`);
  const { subjects: rows } = (await subjects.json()) as { subjects: Array<{ subject_code: number }> };
  await page.goto(`/subjects/${rows[0]?.subject_code}/classes`);
  await page.getByRole('link', { name: '허혈성 심질환' }).first().click();
  await expect(page).toHaveURL(/\/classes\/\d+\/problems$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByRole('tab', { name: '정답' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
});
