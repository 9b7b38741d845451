import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { createExam, signIn } from '../support/content-fixtures';
import { examHwpx } from '../support/hwpx-fixture';

// Issue 31: a lead drags a 한글 .hwpx onto the import page, corrects one problem in the preview,
// imports, and the exam reads as corrected; the page (with its paste area) at desktop and 375 px.

for (const width of [1280, 375]) {
  test(`demo-lead imports a .hwpx after correcting one problem in the preview (${width} px)`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await signIn(page, 'demo-lead', '/dashboard/lead/tests');
    const exam = await createExam(page, `e2e 한글 가져오기 ${width} ${Date.now().toString(36)}`);
    await page.goto(`/dashboard/lead/tests/${exam}/import`);
    await expect(page.getByRole('heading', { level: 1, name: '문제 가져오기' })).toBeVisible();
    await expect(page.getByTestId('import-paste')).toBeVisible();
    await page.screenshot({ path: `test-results/import-formats-page-${width}.png`, fullPage: true });

    // Dragged onto the upload area as a browser would: a real DataTransfer holding the file.
    const bytes = [...(await examHwpx())];
    const transfer = await page.evaluateHandle((data) => {
      const dataTransfer = new DataTransfer();
      dataTransfer.items.add(new File([new Uint8Array(data)], '쪽지시험.hwpx', { type: 'application/octet-stream' }));
      return dataTransfer;
    }, bytes);
    const zone = page.getByTestId('import-drop-zone');
    await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
    await expect(zone).toHaveAttribute('data-dragging', 'true');
    await expect(page.getByText('여기에 파일을 놓으세요')).toBeVisible();
    await page.screenshot({ path: `test-results/import-formats-dragging-${width}.png`, fullPage: true });
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    // The drop starts the preview by itself (the preview takes the drop zone's place).
    const rows = page.getByTestId('import-row');
    await expect(rows).toHaveCount(3);
    await expect(page.getByText('문제 3개 중 3개를 가져옵니다.')).toBeVisible();
    await expect(rows.nth(1).getByRole('img')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    // Problem 3's key in the file is wrong: the lead corrects it to ① and rewords the stem.
    const third = rows.nth(2);
    await expect(third.getByText('정답: ②')).toBeVisible();
    await third.getByRole('button', { name: '고치기' }).click();
    await third.getByLabel('정답').fill('①');
    await third.getByLabel('문제', { exact: true }).fill('고혈압 응급에서 첫 1시간의 혈압 강하 폭은 몇 % 이내인가?');
    await page.screenshot({ path: `test-results/import-formats-preview-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: '3개 가져오기' }).click();
    await expect(page.getByText('문제 3개를 가져왔습니다(새 문제 3개, 빈 슬롯 0개).')).toBeVisible();
    await expect(page).toHaveURL(`/dashboard/lead/tests/${exam}/problems`);

    const problems = await (await page.request.get(`/v1/problem?test_code=${exam}&limit=10&page=1`)).json();
    const byNo = new Map((problems.problem as Array<{ no: number; question: string; answer: string }>).map((p) => [p.no, p]));
    expect([...byNo.keys()].sort()).toEqual([1, 2, 3]);
    expect(byNo.get(3)).toMatchObject({ answer: '①' });
    expect(byNo.get(3)!.question).toContain('첫 1시간의 혈압 강하 폭');
    expect(byNo.get(2)!.question).toMatch(/<img src="\/uploads\//);
  });
}
