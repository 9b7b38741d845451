import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { expectNoHorizontalScroll } from '../support/phone';
import { signIn } from '../support/sign-in';

// Board writing (issue 6, decision 126). The tests of a run share one demo
// database and other specs count the seeded posts, so everything written here is deleted again.

interface BoardRow {
  code: number;
  board_name: string;
  board_id: string;
}

async function boardCode(request: APIRequestContext, boardId: string): Promise<number> {
  const response = await request.get('/boards');
  const { rows } = (await response.json()) as { rows: BoardRow[] };
  const board = rows.find((row) => row.board_id === boardId);
  if (!board) throw new Error(`no board ${boardId}`);
  return board.code;
}

async function signedInPage(browser: Browser, id: string, next: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, id, next);
  return page;
}

/** Types into the rich-text editor (Tiptap's content-editable). */
async function typeContent(page: Page, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: '내용' });
  await editor.click();
  await page.keyboard.type(text);
}

test('demo-student writes a post with an attachment and a lab-value table, edits it, downloads the file, replies, and deletes it', async ({
  page,
  browser,
}) => {
  const free = await boardCode(page.request, 'free');
  await signIn(page, 'demo-student', `/board?board=${free}`);
  await page.getByRole('link', { name: '글쓰기' }).click();
  await expect(page).toHaveURL(new RegExp(`/board/${free}/write$`));
  await expect(page.getByRole('heading', { level: 1, name: '글쓰기' })).toBeVisible();
  await expect(page.getByRole('group', { name: '서식 도구' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The form's rules before anything is sent.
  await page.getByRole('button', { name: '등록' }).click();
  await expect(page.getByText('제목을 입력하세요.')).toBeVisible();
  await expect(page.getByText('내용을 입력하세요.')).toBeVisible();

  const title = `e2e 스터디 모집 ${Date.now().toString(36)}`;
  await page.getByLabel('제목').fill(title);
  await typeContent(page, '순환기 스터디원을 모집합니다. ');
  await page.getByRole('button', { name: '굵게' }).click();
  await page.keyboard.type('매주 화요일');
  await page.getByRole('button', { name: '굵게' }).click();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '표 넣기' }).click();
  await page.keyboard.type('Na');
  await page.keyboard.press('Tab');
  await page.keyboard.type('140 mEq/L');
  await page.locator('input[type="file"]').setInputFiles({
    name: '스터디 계획.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('1주차: 심부전\n2주차: 부정맥\n'),
  });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: '등록' }).click();

  await expect(page).toHaveURL(new RegExp(`/board/${free}/content/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const postUrl = page.url();
  await expect(page.getByText('매주 화요일')).toBeVisible();
  await expect(page.locator('.qbank-safe-html strong')).toHaveText('매주 화요일');
  await expect(page.locator('.qbank-safe-html table th').first()).toHaveText('Na');
  await expect(page.locator('.qbank-safe-html table').getByText('140 mEq/L')).toBeVisible();

  // The attachment downloads with its name and bytes.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '스터디 계획.txt 내려받기' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('스터디 계획.txt');
  expect(await readFile(await download.path(), 'utf8')).toBe('1주차: 심부전\n2주차: 부정맥\n');

  // Edit: a new title and a replaced file.
  await page.getByRole('group', { name: '게시글 관리' }).getByRole('link', { name: '수정' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '게시글 수정' })).toBeVisible();
  await expect(page.getByLabel('제목')).toHaveValue(title);
  await expect(page.getByText('현재 첨부파일: 스터디 계획.txt')).toBeVisible();
  await page.getByLabel('제목').fill(`${title} (마감)`);
  await page.getByText('교체', { exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles({ name: '최종 계획.txt', mimeType: 'text/plain', buffer: Buffer.from('final\n') });
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page).toHaveURL(postUrl);
  await expect(page.getByRole('heading', { level: 1, name: `${title} (마감)` })).toBeVisible();
  await expect(page.getByRole('button', { name: '최종 계획.txt 내려받기' })).toBeVisible();

  // Replies: write, edit, delete.
  await page.getByLabel('댓글 쓰기').fill('첫 댓글입니다');
  await page.getByRole('button', { name: '댓글 등록' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '댓글 1개' })).toBeVisible();
  await page.getByRole('button', { name: 'demo-student의 댓글 수정' }).click();
  await page.getByLabel('댓글 수정').fill('고친 댓글입니다');
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText('고친 댓글입니다')).toBeVisible();
  await expect(page.getByText('(수정됨)')).toBeVisible();

  // Another member sees the post but cannot edit it or the reply.
  const other = await signedInPage(browser, 'han-seoyeon', '/home');
  await other.goto(new URL(postUrl).pathname);
  await expect(other.getByRole('heading', { level: 1, name: `${title} (마감)` })).toBeVisible();
  await expect(other.getByRole('group', { name: '게시글 관리' })).toHaveCount(0);
  await expect(other.getByRole('button', { name: /댓글 (수정|삭제)$/ })).toHaveCount(0);
  await other.goto(`${new URL(postUrl).pathname}/edit`);
  await expect(other.getByText('본인이 작성한 게시글만 수정할 수 있습니다.')).toBeVisible();
  const apiPath = new URL(postUrl).pathname.replace(/^\/board\//, '/boards/').replace('/content/', '/contents/');
  const refused = await other.request.patch(apiPath, { data: { title: '남의 글' } });
  expect(refused.status()).toBe(403);
  await other.context().close();

  await page.getByRole('button', { name: 'demo-student의 댓글 삭제' }).click();
  const replyDialog = page.getByRole('dialog');
  await expect(replyDialog.getByText('댓글을 삭제하시겠습니까?')).toBeVisible();
  await replyDialog.getByRole('button', { name: '삭제' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '댓글 0개' })).toBeVisible();

  // The author deletes the post.
  await page.getByRole('group', { name: '게시글 관리' }).getByRole('button', { name: '삭제' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('게시글을 삭제하시겠습니까?')).toBeVisible();
  await dialog.getByRole('button', { name: '삭제' }).click();
  await expect(page).toHaveURL(new RegExp(`/board\\?board=${free}$`));
  await expect(page.getByRole('list', { name: '자유게시판 게시글 목록' })).toBeVisible();
  await expect(page.getByRole('link', { name: `${title} (마감)` })).toHaveCount(0);
  expect((await page.request.get(apiPath)).status()).toBe(404);
});

test('the write page fits a 390 px phone', async ({ page }) => {
  const free = await boardCode(page.request, 'free');
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'demo-student', `/board/${free}/write`);
  await expect(page.getByRole('textbox', { name: '내용' })).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('demo-student cannot write a notice; demo-lead can (and deletes it again)', async ({ page, browser }) => {
  const notice = await boardCode(page.request, 'notice');
  await signIn(page, 'demo-student', `/board?board=${notice}`);
  const write = page.getByRole('button', { name: '글쓰기' });
  await expect(write).toBeDisabled();
  await expect(page.getByText('공지사항은 학습부장 이상만 작성할 수 있습니다.')).toBeVisible();
  await page.goto(`/board/${notice}/write`);
  await expect(page.getByText('공지사항은 학습부장 이상만 작성할 수 있습니다.')).toBeVisible();
  await expect(page.getByLabel('제목')).toHaveCount(0);
  // The server says the same.
  const refused = await page.request.post(`/boards/${notice}/contents`, { data: { title: '공지', content: '<p>x</p>' } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe('공지사항은 학습부장 이상만 작성할 수 있습니다.');

  const lead = await signedInPage(browser, 'demo-lead', `/board?board=${notice}`);
  await lead.getByRole('link', { name: '글쓰기' }).click();
  const title = `e2e 공지 ${Date.now().toString(36)}`;
  await lead.getByLabel('제목').fill(title);
  await lead.getByRole('textbox', { name: '내용' }).click();
  await lead.keyboard.type('다음 주 시험 범위를 안내합니다.');
  await lead.getByRole('button', { name: '등록' }).click();
  await expect(lead.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await lead.getByRole('group', { name: '게시글 관리' }).getByRole('button', { name: '삭제' }).click();
  await lead.getByRole('dialog').getByRole('button', { name: '삭제' }).click();
  await expect(lead).toHaveURL(new RegExp(`/board\\?board=${notice}$`));
  await expect(lead.getByRole('link', { name: title })).toHaveCount(0);
  await lead.context().close();
});
