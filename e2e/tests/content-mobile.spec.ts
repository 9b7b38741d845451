import { expect, test } from '../support/fixtures';
import { createExam, importPaperWithoutProblem2, signIn } from '../support/content-fixtures';
import { expectNoHorizontalScroll } from '../support/phone';

// Issue 16 at 375 px: the import preview and the 초성 search fit a phone without sideways scrolling.

test.use({ viewport: { width: 375, height: 812 } });

test('the import preview and 초성 search work at 375 px', async ({ page }) => {
  test.slow();
  await signIn(page, 'demo-lead', '/dashboard/lead/tests');
  const exam = await createExam(page, `e2e 모바일 가져오기 ${Date.now().toString(36)}`);
  await importPaperWithoutProblem2(page, exam, 'test-results/content-import-preview-375.png');
  await expectNoHorizontalScroll(page);

  await page.goto(`/tests/${exam}/problems`);
  const search = page.getByRole('search', { name: '문제 검색' });
  await search.getByRole('textbox', { name: '문제 검색' }).fill('ㄷㄴㅂ');
  await search.getByRole('button', { name: '검색', exact: true }).click();
  await expect(page.getByText('‘ㄷㄴㅂ’ 검색 결과 1문항')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/content-choseong-375.png' });
});
