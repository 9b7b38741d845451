import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { openAwaitingVerdict } from '../support/awaiting-verdict';
import { signIn } from '../support/sign-in';

// Issue 26 item 13: solve mode's 채점 대기 badge (#e67700 on white, 2.99:1) and the sessions
// list's "끝남" badge failed axe's colour contrast. At 1280 px; badge-contrast-mobile at 375 px.

test('solve mode with an answer waiting for its verdict passes axe', async ({ page }) => {
  await openAwaitingVerdict(page);
  await expectNoSeriousA11yViolations(page);
});

test('the list of study sessions with finished ones passes axe', async ({ page }) => {
  await signIn(page, 'demo-student', '/study/sessions');
  await expect(page.getByText('끝남').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
