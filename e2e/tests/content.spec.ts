import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { createExam, importPaperWithoutProblem2, signIn } from '../support/content-fixtures';

// Issue 16 on the desktop: demo-lead imports a Word exam through the preview with one row left
// out, then finds an imported problem by its initial consonants (초성).

test('demo-lead imports a .docx exam with a preview and one excluded row, then finds a problem by 초성', async ({ page }) => {
  test.slow();
  await signIn(page, 'demo-lead', '/dashboard/lead/tests');
  const exam = await createExam(page, `e2e 가져오기 ${Date.now().toString(36)}`);
  await page.goto(`/dashboard/lead/tests/${exam}/import`);
  await expectNoSeriousA11yViolations(page);
  await importPaperWithoutProblem2(page, exam, 'test-results/content-import-preview-1280.png');
  await expect(page.getByText('심방세동')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/content-lead-problems-1280.png' });

  await page.goto(`/tests/${exam}/problems`);
  const search = page.getByRole('search', { name: '문제 검색' });
  await search.getByRole('textbox', { name: '문제 검색' }).fill('ㅅㄱㄱㅅ');
  await search.getByRole('button', { name: '검색', exact: true }).click();
  await expect(page.getByText('‘ㅅㄱㄱㅅ’ 검색 결과 1문항')).toBeVisible();
  await expect(page.getByText('급성 심근경색 환자에서 가장 먼저 시행할 검사는?')).toBeVisible();
  await search.getByRole('textbox', { name: '문제 검색' }).fill('당ㄴ');
  await search.getByRole('button', { name: '검색', exact: true }).click();
  await expect(page.getByText('‘당ㄴ’ 검색 결과 1문항')).toBeVisible();
  await expect(page.getByText('제2형 당뇨병 환자의 1차 약제로')).toBeVisible();
  await page.screenshot({ path: 'test-results/content-choseong-1280.png' });
});

test('demo-student exports a box from the library as a Word file with their own last answer', async ({ page }) => {
  await signIn(page, 'demo-student', '/dashboard/library');
  const exams = await (await page.request.get('/v1/test/tests?page=1&limit=1')).json();
  const problems = await (await page.request.get(`/v1/problem?test_code=${exams.tests[0].test_code}&limit=1&page=1`)).json();
  const uid = problems.problem[0].uid as number;
  const box = (await (await page.request.post('/v1/box', { data: { box_name: `e2e 오답 노트 ${Date.now().toString(36)}` } })).json()).box;
  expect((await page.request.post(`/v1/box/${box.code}/problem/${uid}`)).ok()).toBe(true);

  await page.goto(`/dashboard/library?box=${box.code}`);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(box.box_name) })).toBeVisible();
  await page.getByRole('button', { name: '내보내기' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: '문제+정답+해설' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^e2e_오답_노트_.*_문제\+정답\+해설\.docx$/);
  const bytes = await readFile((await download.path())!);
  const xml = await (await JSZip.loadAsync(bytes)).file('word/document.xml')!.async('string');
  expect(xml).toContain('내 답');
  expect(xml).toContain('출처:');
  await page.screenshot({ path: 'test-results/content-library-1280.png' });
});
