import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { expectNoHorizontalScroll } from '../support/phone';
import { signIn } from '../support/sign-in';
import { openLineageOfDemoProblem } from '../support/lineage';

// Issue 28 item 3 on a 375 px phone: the badge and the 출제 이력 panel fit the screen.

test.use({ viewport: { width: 375, height: 812 } });

test('a student opens 출제 3회 on a phone', async ({ page }) => {
  await signIn(page, 'demo-student', '/exams');
  const { dialog } = await openLineageOfDemoProblem(page, 3);
  await expect(dialog.getByTestId('lineage-member')).toHaveCount(3);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/lineage-375.png` });
});
