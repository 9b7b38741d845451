import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';

// Reading screens with the seeded demo data (apps/server/src/seed/demo-data.ts), signed out:
// every list here is a public read.

async function apiJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** Scrolls the exam list down until the end message shows (each scroll may load 20 more). */
async function scrollToEnd(page: Page, endText: string) {
  const end = page.getByText(endText);
  for (let i = 0; i < 20 && !(await end.isVisible()); i++) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(200);
  }
  await expect(end).toBeVisible();
}

test('home shows the latest three notices, the first marked NEW, and a more link to the board', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: '의과대학 기출문제 학습 포털' })).toBeVisible();
  const shortcuts = page.getByRole('navigation', { name: '바로가기' });
  await expect(shortcuts.getByRole('link')).toHaveCount(3);

  const notices = page.getByRole('region', { name: '공지사항' });
  await expect(notices.getByRole('listitem')).toHaveCount(3);
  const first = notices.getByRole('listitem').first();
  await expect(first.getByText('NEW', { exact: true })).toBeVisible();
  await expect(notices.getByText('NEW', { exact: true })).toHaveCount(1);
  await expect(first.getByRole('link', { name: '[시험] 2학기 기말고사 일정 및 족보 정리 일정 안내' })).toBeVisible();
  await expect(first.getByText('1일 전')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await notices.getByRole('link', { name: '공지사항 더보기' }).click();
  await expect(page).toHaveURL(/\/board$/);
  await expect(page.getByRole('tab', { name: '공지사항' })).toHaveAttribute('aria-selected', 'true');
});

test('exams: filter by year and subject, keep the filters, reset, and scroll to the end', async ({ page, request }) => {
  const { total } = await apiJson<{ total: number }>(request, '/v1/test/tests?limit=1');
  const { years } = await apiJson<{ years: number[] }>(request, '/v1/test/years');
  const latest = years[0] as number;
  const { total: latestTotal } = await apiJson<{ total: number }>(request, `/v1/test/tests?limit=1&year=${latest}`);
  expect(total).toBeGreaterThan(20);

  await page.goto('/exams');
  await expect(page.getByRole('heading', { level: 1, name: '시험 목록' })).toBeVisible();
  await expect(page.getByText(`총 ${total}개 시험 · 20개 불러옴`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('연도', { exact: true }).selectOption(String(latest));
  await expect(page.getByText(`총 ${latestTotal}개 시험 · ${Math.min(latestTotal, 20)}개 불러옴`)).toBeVisible();
  // Other specs may add exams; the expected counts come from the API, not from the seed's shape.
  const { subject_names } = await apiJson<{ subject_names: Array<{ subject_code: number; subject_name: string }> }>(request, '/v1/subject/names');
  const anatomyCode = subject_names.find((s) => s.subject_name === '해부학')?.subject_code;
  const { total: anatomyTotal } = await apiJson<{ total: number }>(request, `/v1/test/tests?limit=1&year=${latest}&subject_code=${anatomyCode}`);
  await page.getByLabel('과목', { exact: true }).selectOption({ label: '해부학' });
  await expect(page.getByText(`총 ${anatomyTotal}개 시험 · ${Math.min(anatomyTotal, 20)}개 불러옴`)).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: `${latest} 해부학 중간고사` });
  await expect(item).toBeVisible();
  await expect(item.getByRole('link', { name: /문제 보기/ })).toHaveAttribute('href', /^\/tests\/\d+\/problems$/);
  await expect(page.getByText('모든 시험을 불러왔습니다.')).toBeVisible();

  // The filters stay for the browser tab (sessionStorage).
  await page.reload();
  await expect(page.getByText(`총 ${anatomyTotal}개 시험 · ${Math.min(anatomyTotal, 20)}개 불러옴`)).toBeVisible();
  await expect(page.getByLabel('연도', { exact: true })).toHaveValue(String(latest));

  await page.getByLabel('검색어').fill('없는 시험 이름');
  await page.getByLabel('검색어').press('Enter');
  await expect(page.getByText('검색 조건에 맞는 시험이 없습니다.')).toBeVisible();

  await page.getByRole('button', { name: '초기화' }).click();
  // The short filtered list left the end of the list in view, so the next chunk may load at once.
  await expect(page.getByText(new RegExp(`총 ${total}개 시험 · \\d+개 불러옴`))).toBeVisible();
  await expect(page.getByLabel('연도', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('검색어')).toHaveValue('');

  await scrollToEnd(page, '모든 시험을 불러왔습니다.');
  await expect(page.getByText(`총 ${total}개 시험 · ${total}개 불러옴`)).toBeVisible();
  await expect(page.getByRole('list', { name: '시험 목록' }).getByRole('listitem')).toHaveCount(total);
});

test("subjects → a subject's classes (year select, N교시) → its tests", async ({ page, request }) => {
  await page.goto('/subjects');
  await expect(page.getByRole('heading', { level: 1, name: '과목 목록' })).toBeVisible();
  const anatomy = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '해부학', exact: true }) });
  await expect(anatomy.getByText('ANAT')).toBeVisible();
  await expect(anatomy.getByText('1학년 1쿼터')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Clinical subjects only, then a search applied on Enter.
  await page.getByText('임상', { exact: true }).click();
  await expect(page.getByRole('rowheader', { name: '해부학', exact: true })).toHaveCount(0);
  await page.getByText('전체', { exact: true }).click();
  await page.getByRole('textbox', { name: '과목 검색' }).fill('해부');
  await page.getByRole('textbox', { name: '과목 검색' }).press('Enter');
  await expect(page.getByRole('rowheader')).toHaveCount(1);
  await page.getByRole('textbox', { name: '과목 검색' }).fill('존재하지 않는 과목');
  await page.getByRole('textbox', { name: '과목 검색' }).press('Enter');
  await expect(page.getByText('검색 결과가 없습니다')).toBeVisible();
  await page.getByRole('textbox', { name: '과목 검색' }).fill('해부');
  await page.getByRole('textbox', { name: '과목 검색' }).press('Enter');

  await anatomy.getByRole('link', { name: '해부학 수업' }).click();
  await expect(page).toHaveURL(/\/subjects\/\d+\/classes$/);
  const subjectId = Number(/\/subjects\/(\d+)\//.exec(page.url())?.[1]);
  const { years } = await apiJson<{ years: number[] }>(request, `/v1/subject/years?subject_code=${subjectId}`);
  await expect(page.getByRole('heading', { level: 1, name: '해부학 수업 목록' })).toBeVisible();
  await expect(page.getByLabel('연도', { exact: true })).toHaveValue(String(years[0]));
  await expect(page.getByRole('cell', { name: /^\d교시$/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('연도', { exact: true }).selectOption(String(years[1]));
  await expect(page).toHaveURL(new RegExp(`year=${years[1]}`));
  await expect(page.getByRole('cell', { name: /^\d교시$/ }).first()).toBeVisible();
  await page.getByRole('textbox', { name: '수업 검색' }).fill('김민수');
  await page.getByRole('textbox', { name: '수업 검색' }).press('Enter');
  await expect(page.getByRole('cell', { name: '이정훈 교수' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: '김민수 교수' }).first()).toBeVisible();

  // A row opens the class problem list (behind the login gate for a visitor).
  const firstClass = page.getByRole('rowheader').first();
  await firstClass.getByRole('link').click();
  await expect(page).toHaveURL(/\/classes\/\d+\/problems$/);
  await page.goBack();

  await page.getByRole('link', { name: '이 과목의 시험 보기' }).click();
  await expect(page).toHaveURL(new RegExp(`/subjects/${subjectId}/tests$`));
  await expect(page.getByRole('heading', { level: 1, name: '해부학 시험 목록' })).toBeVisible();
  const info = page.getByRole('region', { name: '과목 정보' });
  await expect(info.getByText('기초·기타')).toBeVisible();
  await expect(info.getByText('임상종합평가 미포함')).toBeVisible();
  await expect(info.getByText('1학년 2쿼터')).toBeVisible();
  const { total: subjectTests } = await apiJson<{ total: number }>(page.request, `/v1/subject/${subjectId}/tests?limit=1`);
  await expect(page.getByRole('rowheader')).toHaveCount(Math.min(subjectTests, 20));
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('textbox', { name: '시험 검색' }).fill('기말');
  await page.getByRole('textbox', { name: '시험 검색' }).press('Enter');
  await expect(page.getByRole('rowheader')).toHaveCount(1);
  await expect(page.getByRole('rowheader').first().getByRole('link')).toHaveAttribute('href', /^\/tests\/\d+\/problems$/);
});

test('board: tabs, post list, a post with its replies', async ({ page }) => {
  await page.goto('/board');
  await expect(page.getByRole('heading', { level: 1, name: '게시판' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '공지사항' })).toHaveAttribute('aria-selected', 'true');
  const notices = page.getByRole('list', { name: '공지사항 게시글 목록' });
  await expect(notices.getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('link', { name: '글쓰기' })).toHaveAttribute('href', /^\/board\/\d+\/write$/);
  await expect(notices.getByRole('listitem').first().getByText('조회 142')).toBeVisible();
  await expect(notices.getByRole('listitem').first().getByText('댓글 2')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: '자유게시판' }).click();
  await expect(page).toHaveURL(/\/board\?board=\d+$/);
  const free = page.getByRole('list', { name: '자유게시판 게시글 목록' });
  await expect(free.getByRole('listitem')).toHaveCount(4);
  await free.getByRole('link', { name: '도서관 4층 스터디룸 예약 꿀팁' }).click();

  await expect(page).toHaveURL(/\/board\/\d+\/content\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: '도서관 4층 스터디룸 예약 꿀팁' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: '이동 경로' });
  await expect(crumbs.getByRole('link', { name: '게시판', exact: true })).toHaveAttribute('href', '/board');
  await expect(crumbs.getByRole('link', { name: '자유게시판' })).toBeVisible();
  await expect(page.getByText('demo-student').first()).toBeVisible();
  await expect(page.getByText(/^조회 \d+$/)).toBeVisible();
  await expect(page.getByText(/스터디룸이 오전 9시 정각에/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '댓글 3개' })).toBeVisible();
  await expect(page.getByText('1학년도 예약 가능한가요?')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await crumbs.getByRole('link', { name: '자유게시판' }).click();
  await expect(page.getByRole('tab', { name: '자유게시판' })).toHaveAttribute('aria-selected', 'true');
});

test.describe('a missing post', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });

  test('says 게시글을 찾을 수 없습니다.', async ({ page }) => {
    await page.goto('/board/1/content/999999');
    await expect(page.getByRole('heading', { level: 1, name: '게시글을 찾을 수 없습니다.' })).toBeVisible();
    await expect(page.getByRole('link', { name: '목록으로' })).toHaveAttribute('href', '/board');
    await expectNoSeriousA11yViolations(page);
  });
});
