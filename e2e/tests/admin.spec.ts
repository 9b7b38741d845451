import type { Page } from '@playwright/test';
import { apiLogin, DEMO_PASSWORD, expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Membership administration (issue 6). Every run starts from a fresh demo
// database, but the tests of a run share it: each test leaves the demo members as it found them
// (except the approval it is about), and members it creates get unique ids and are deleted again.

/** A banner (Mantine notification) with one of the Korean messages. */
function banner(page: Page, text: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

test('demo-admin approves newbie-kim, who can then sign in without the waiting state', async ({ page, browser }) => {
  await signIn(page, 'demo-admin', '/dashboard/admin/approvals');
  await expect(page.getByRole('heading', { level: 1, name: '가입 승인' })).toBeVisible();
  const table = page.getByRole('table', { name: '승인 대기 중인 회원 목록' });
  await expect(table.getByRole('rowheader', { name: 'newbie-kim' })).toBeVisible();
  // Newest first: newbie-lee signed up a day after newbie-kim.
  const ids = await table.getByRole('rowheader').allTextContents();
  expect(ids.indexOf('newbie-lee')).toBeLessThan(ids.indexOf('newbie-kim'));

  await page.getByRole('button', { name: '김도윤(newbie-kim) 승인' }).click();
  await expect(banner(page, '회원이 승인되었습니다')).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'newbie-kim' })).toHaveCount(0);

  const context = await browser.newContext();
  const newbie = await context.newPage();
  await signIn(newbie, 'newbie-kim', '/dashboard/my');
  await expect(newbie.getByText('newbie-kim').first()).toBeVisible();
  await expect(newbie.getByRole('heading', { name: '관리자 승인 대기 중' })).toHaveCount(0);
  await context.close();
});

test('demo-admin appoints han-seoyeon as a lead with a grade, then removes the role', async ({ page }) => {
  await signIn(page, 'demo-admin', '/dashboard/admin/leads');
  await expect(page.getByRole('heading', { level: 1, name: '학습부장 관리' })).toBeVisible();
  const holders = page.getByRole('table', { name: '학습부장 목록' });
  await expect(holders.getByRole('rowheader', { name: 'demo-lead' })).toBeVisible();

  await page.getByRole('button', { name: '임명' }).click();
  await expect(page.getByText('임명할 사용자를 선택해주세요.')).toBeVisible();

  // Search is case-insensitive over id, name and nickname.
  await page.getByRole('textbox', { name: /사용자 검색/ }).fill('HAN-SEO');
  await page.getByRole('radio', { name: /한서연\(han-seoyeon\)/ }).check();
  // Her own grade (2): the appointment sends it without changing the demo data.
  await page.getByRole('combobox', { name: /학년 \(선택\)/ }).selectOption('2');
  await page.getByRole('button', { name: '임명' }).click();
  await expect(banner(page, '한서연님을 학습부장으로 임명했습니다')).toBeVisible();
  const row = holders.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'han-seoyeon' }) });
  await expect(row).toContainText('2학년');

  // Appointing her again is refused before anything is sent.
  await page.getByRole('textbox', { name: /사용자 검색/ }).fill('서연');
  await page.getByRole('radio', { name: /한서연\(han-seoyeon\)/ }).check();
  await page.getByRole('button', { name: '임명' }).click();
  await expect(page.getByText('이미 학습부장입니다.')).toBeVisible();

  await page.getByRole('button', { name: '한서연(han-seoyeon) 권한 해제' }).click();
  const confirm = page.getByRole('dialog', { name: '권한 해제' });
  await expect(confirm.getByText('한서연(han-seoyeon)의 학습부장 권한을 해제할까요?')).toBeVisible();
  await confirm.getByRole('button', { name: '권한 해제' }).click();
  await expect(banner(page, '한서연님의 학습부장 권한을 해제했습니다')).toBeVisible();
  await expect(holders.getByRole('rowheader', { name: 'han-seoyeon' })).toHaveCount(0);
});

test('only the superadmin manages admins, and nobody acts on the superadmin or themselves', async ({ page }) => {
  await signIn(page, 'demo-admin', '/dashboard/admin/admins');
  await expect(page.getByRole('table', { name: '관리자 목록' })).toBeVisible();
  await expect(page.getByText(/관리자 임명과 해제는 Super Admin만 할 수 있습니다/)).toBeVisible();
  await expect(page.getByRole('button', { name: '임명' })).toHaveCount(0);

  // Signing out ends on the public shell; a navigation before that would cut the logout short.
  await page.getByRole('button', { name: '로그아웃' }).click();
  await expect(page.getByRole('link', { name: '로그인' }).first()).toBeVisible();
  await signIn(page, 'demo-super', '/dashboard/admin/admins');
  const own = page.getByRole('button', { name: '윤성호(demo-super) 권한 해제' });
  await expect(own).toHaveAttribute('aria-disabled', 'true');
  await own.hover();
  await expect(page.locator('.mantine-Tooltip-tooltip')).toHaveText('Super Admin은 변경하거나 삭제할 수 없습니다.');
  await expect(page.getByRole('button', { name: '이서진(demo-admin) 권한 해제' })).not.toHaveAttribute('aria-disabled', 'true');
  await expectNoSeriousA11yViolations(page);
});

test('demo-lead retains a student on the grades screen', async ({ page, playwright, baseURL }) => {
  // A student of grade 4 made for this test, so the demo students keep their grades.
  const admin = await playwright.request.newContext({ baseURL });
  await apiLogin(admin, 'demo-admin');
  const id = `e2e-ret-${Date.now().toString(36)}`;
  const created = await admin.post('/v1/member', {
    data: { name: '유급테스트', id, nickname: '유급', school_no: `r${Date.now() % 1e9}`, email: `${id}@example.ac.kr`, grade: 4 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { member } = (await created.json()) as { member: { code: number } };

  try {
    await signIn(page, 'demo-lead', '/dashboard/lead/grades');
    await expect(page.getByRole('heading', { level: 1, name: '유급 관리' })).toBeVisible();
    await page.getByRole('tab', { name: /^4학년/ }).click();
    await page.getByRole('button', { name: '유급 처리' }).click();
    await expect(page.getByText('유급 처리할 학생을 선택해주세요.')).toBeVisible();

    await page.getByRole('textbox', { name: '학생 검색' }).fill(id);
    await page.getByRole('checkbox', { name: `유급테스트(${id}) 선택` }).check();
    await page.getByRole('button', { name: '유급 처리' }).click();
    const dialog = page.getByRole('dialog', { name: '유급 처리' });
    await expect(dialog).toContainText('선택한 1명을 유급 처리할까요?');
    await dialog.getByRole('button', { name: '유급 처리' }).click();
    await expect(banner(page, '1명이 유급 처리되었습니다')).toBeVisible();

    // One more year to graduation: grade 3 now.
    await page.getByRole('tab', { name: /^3학년/ }).click();
    await page.getByRole('textbox', { name: '학생 검색' }).fill(id);
    await expect(page.getByRole('table', { name: '3학년 학생 목록' }).getByRole('rowheader', { name: id })).toBeVisible();
  } finally {
    expect((await admin.delete(`/v1/member/${member.code}`)).status()).toBe(200);
    await admin.dispose();
  }
});

test('demo-admin adds a member, sees the one-time password once, and it works', async ({ page, browser }) => {
  const suffix = Date.now().toString(36);
  const id = `e2e-add-${suffix}`;
  await signIn(page, 'demo-admin', '/dashboard/admin/members');
  await expect(page.getByRole('heading', { level: 1, name: '회원 관리' })).toBeVisible();
  await page.getByRole('button', { name: '회원 추가' }).click();
  const form = page.getByRole('dialog', { name: '회원 추가' });
  await form.getByRole('button', { name: '추가' }).click();
  await expect(form.getByText('이름은 1~32자 이내로 입력하세요.')).toBeVisible();
  await form.getByLabel('이름').fill('추가회원');
  await form.getByLabel('아이디').fill(id);
  await form.getByLabel('닉네임').fill('추가');
  await form.getByLabel('학번').fill(`a${Date.now() % 1e9}`);
  await form.getByLabel('이메일').fill(`${id}@example.ac.kr`);
  await form.getByLabel('학년').selectOption('1');
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: '추가' }).click();

  const shown = page.getByRole('dialog', { name: '임시 비밀번호' });
  await expect(shown).toContainText(`추가회원(${id}) 회원을 추가했습니다.`);
  await expect(shown).toContainText('지금 한 번만 표시됩니다');
  const password = (await shown.getByTestId('one-time-password').textContent())?.trim() ?? '';
  expect(password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  await expectNoSeriousA11yViolations(page);
  await shown.getByRole('button', { name: '확인했습니다' }).click();
  await expect(shown).toHaveCount(0);
  await expect(page.getByText(password)).toHaveCount(0);

  // The new member is approved at once and signs in with that password.
  const context = await browser.newContext();
  const member = await context.newPage();
  await member.goto('/login?next=/dashboard/my');
  await member.getByLabel('아이디 또는 이메일').fill(id);
  await member.getByLabel('비밀번호').fill(password);
  await member.getByRole('button', { name: '로그인' }).click();
  await expect(member).toHaveURL(/\/dashboard\/my$/);
  await expect(member.getByRole('heading', { name: '관리자 승인 대기 중' })).toHaveCount(0);
  await context.close();

  // Find them with the search (Enter) and delete them again, with confirmation.
  await page.getByRole('textbox', { name: '검색어' }).fill(id);
  await page.getByRole('textbox', { name: '검색어' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${id}`));
  await page.getByRole('button', { name: `추가회원(${id}) 삭제` }).click();
  await page.getByRole('dialog', { name: '회원 삭제' }).getByRole('button', { name: '삭제' }).click();
  await expect(banner(page, '회원이 삭제되었습니다')).toBeVisible();
  await expect(page.getByText('조건에 맞는 회원이 없습니다')).toBeVisible();
});

test('every admin screen passes the accessibility check and fits a phone', async ({ page }) => {
  await signIn(page, 'demo-admin', '/dashboard/admin/approvals');
  for (const [path, title] of [
    ['/dashboard/admin/approvals', '가입 승인'],
    ['/dashboard/admin/leads', '학습부장 관리'],
    ['/dashboard/admin/admins', '관리자 관리'],
    ['/dashboard/admin/members', '회원 관리'],
    ['/dashboard/admin/users', '사용자 목록'],
    ['/dashboard/lead/grades', '유급 관리'],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('status', { name: '불러오는 중…' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    // 390 px: wide tables scroll inside their own box, the page itself does not.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  }
});

test('a student sent to an admin screen lands on their own page', async ({ page }) => {
  await page.goto('/login?next=/dashboard/admin/approvals');
  await page.getByLabel('아이디 또는 이메일').fill('demo-student');
  await page.getByLabel('비밀번호').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my$/);
  await expect(page.getByRole('heading', { level: 1, name: '가입 승인' })).toHaveCount(0);
});
