import { statSync } from 'node:fs';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { openDemoExamAsStudent } from '../support/problem-list';

// Study tools with the demo data: demo-student bookmarks a problem into a new box from an exam
// list, finds it in the library, discusses it in the detail modal, and exports the exam to Word.

test('a student bookmarks into a new box, finds it in the library, comments, and exports the exam', async ({ page }) => {
  const boxName = `e2e 복습 ${Date.now() % 100000}`;
  await openDemoExamAsStudent(page);
  const first = page.getByRole('article').first();
  const label = (await first.getByRole('heading').first().textContent())?.trim() ?? '';
  expect(label).toMatch(/^Q\d{2,}$/);

  // The star opens the bookmark modal; a new box made there receives the problem.
  await first.getByRole('button', { name: '북마크' }).click();
  const modal = page.getByRole('dialog', { name: '박스에 북마크' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: '새 박스' }).click();
  await modal.getByRole('button', { name: '만들기' }).click();
  await expect(modal.getByText('박스 이름을 입력하세요.')).toBeVisible();
  await modal.getByLabel('박스 이름').fill(boxName);
  await modal.getByRole('button', { name: '만들기' }).click();
  await expect(page.getByText('북마크에 추가되었습니다.')).toBeVisible();
  await expect(modal.getByRole('switch', { name: boxName })).toBeChecked();
  await expect(
    modal
      .getByRole('listitem')
      .filter({ has: page.getByRole('switch', { name: boxName }) })
      .getByText('저장됨'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(first.getByRole('button', { name: '북마크' })).toHaveAttribute('data-saved', 'true');

  // The word export downloads a .docx.
  await page.getByRole('button', { name: '내보내기' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: '문제+정답', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.docx$/);
  expect(download.suggestedFilename()).toContain('문제+정답');
  expect(statSync(await download.path()).size).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: '내보내기' })).toBeEnabled();

  // The library lists the new box and the problem in it.
  await page.goto('/dashboard/library');
  await expect(page.getByRole('heading', { level: 1, name: '내 보관함' })).toBeVisible();
  const boxes = page.getByRole('region', { name: '박스 목록' });
  await boxes.getByRole('button', { name: `${boxName} 문제 1개` }).click();
  await expect(page.getByRole('heading', { level: 2, name: `${boxName}의 문제` })).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(label);
  await expect(rows.nth(1)).toContainText('순환기내과학');
  await expectNoSeriousA11yViolations(page);

  // The detail modal: the whole problem and its thread.
  await rows
    .nth(1)
    .getByRole('button', { name: /자세히 보기$/ })
    .click();
  const detail = page.getByRole('dialog', { name: new RegExp(`순환기내과학 중간고사 ${label}$`) });
  await expect(detail).toBeVisible();
  await expect(detail.getByText('정답', { exact: true })).toBeVisible();
  await expect(detail.getByRole('link', { name: '시험 문제 목록에서 보기' })).toHaveAttribute('href', /\/tests\/\d+\/problems$/);
  const input = detail.getByLabel('댓글 쓰기');
  await expect(input).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Comment, edit it, delete it.
  await expect(detail.getByRole('button', { name: '등록' })).toBeDisabled();
  await input.fill('이 문제는 시험에 자주 나와요 <b>중요</b>');
  await detail.getByRole('button', { name: '등록' }).click();
  const mine = detail.getByRole('listitem').filter({ hasText: '이 문제는 시험에 자주 나와요 <b>중요</b>' });
  await expect(mine).toBeVisible();
  await expect(mine.getByText('지민')).toBeVisible();
  await expect(input).toHaveValue('');

  await mine.getByRole('button', { name: '지민의 댓글 수정' }).click();
  await detail.getByLabel('댓글 수정').fill('고친 댓글: 관상동맥 문제');
  await detail.getByRole('button', { name: '저장' }).click();
  const edited = detail.getByRole('listitem').filter({ hasText: '고친 댓글: 관상동맥 문제' });
  await expect(edited).toBeVisible();
  await expect(edited).toContainText('(수정됨)');

  await edited.getByRole('button', { name: '지민의 댓글 삭제' }).click();
  const confirm = page.getByRole('dialog', { name: '댓글 삭제' });
  await expect(confirm.getByText('댓글을 삭제하시겠습니까?')).toBeVisible();
  await confirm.getByRole('button', { name: '삭제' }).click();
  await expect(confirm).toBeHidden();
  await expect(detail.getByText('고친 댓글: 관상동맥 문제')).toHaveCount(0);

  // "Open in its exam list" goes to the exam and marks the problem. The mark lasts 3 s, which a
  // loaded machine can spend before an assertion looks, so the page records what it marked.
  await page.evaluate(() => {
    const marked: string[] = [];
    Object.assign(window, { markedProblems: marked });
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as HTMLElement;
        if (target.dataset.highlighted === 'true') marked.push(target.querySelector('h2, h3, h4')?.textContent?.trim() ?? '');
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-highlighted'] });
  });
  await detail.getByRole('link', { name: '시험 문제 목록에서 보기' }).click();
  await expect(page).toHaveURL(/\/tests\/\d+\/problems$/);
  await expect.poll(() => page.evaluate(() => (window as unknown as { markedProblems: string[] }).markedProblems)).toContain(label);
});
