import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ATTACHMENT_MAX_BYTES } from '@qbank/shared/boards';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import { postDetail } from '../testing/fixtures/boards';

// The routes load their pages lazily; loading them once up front keeps the first test of the
// file from racing the import.
beforeAll(async () => {
  await Promise.all([import('./post-write-page'), import('./board-page'), import('./board-content-page'), import('../app/dashboard-layout')]);
});

// The real editor is Tiptap (tested in components/); here a textarea stands in for it, so the
// form's own rules can be driven from jsdom.
vi.mock('../components/rich-text-editor', async () => (await import('../testing/rich-text-editor-stub')).richTextEditorStub());

const boards = {
  rows: [
    { code: 1, board_name: '공지사항', board_id: 'notice' },
    { code: 2, board_name: '자유게시판', board_id: 'free' },
  ],
  total: 2,
};
const student = member({ id: 'student01' });
const lead = member({ id: 'lead01', role: 'lead', authority: 2 });
const admin = member({ id: 'admin01', role: 'admin', authority: 1 });

const detail = postDetail;

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

function chooseFile(file: File) {
  fireEvent.change(fileInput(), { target: { files: [file] } });
}

describe('write page', () => {
  it('checks title and content with the shared rules and refuses a file over 10 MB before sending', async () => {
    const fetch = mockFetch({ 'GET /v1/auth/me': meHandler(student), 'GET /boards': () => json(200, boards) });
    renderRoutes('/board/2/write');
    expect(await screen.findByRole('heading', { level: 1, name: '글쓰기' })).toBeTruthy();
    expect(screen.getByText('자유게시판')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByText('제목을 입력하세요.')).toBeTruthy();
    expect(screen.getByText('내용을 입력하세요.')).toBeTruthy();
    expect((screen.getByLabelText('제목') as HTMLInputElement).maxLength).toBe(200);

    fireEvent.change(screen.getByLabelText('제목'), { target: { value: '큰 파일' } });
    fireEvent.change(screen.getByLabelText('내용'), { target: { value: '<p>본문</p>' } });
    const big = new File(['x'], 'big.zip');
    Object.defineProperty(big, 'size', { value: ATTACHMENT_MAX_BYTES + 1 });
    chooseFile(big);
    expect(await screen.findByText('첨부 파일은 10MB 이하만 올릴 수 있습니다.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '등록' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('posts title, content and the file as a data URL, then opens the new post', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(student),
      'GET /boards': () => json(200, boards),
      'POST /boards/2/contents': ({ init }) => {
        bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return json(201, { content: detail({ attached_filename: 'memo.txt', attached_filesize: 5 }) });
      },
    });
    const { router } = renderRoutes('/board/2/write');
    fireEvent.change(await screen.findByLabelText('제목'), { target: { value: '  스터디 모집  ' } });
    fireEvent.change(screen.getByLabelText('내용'), { target: { value: '<p>같이 공부해요</p>' } });
    chooseFile(new File(['hello'], 'memo.txt', { type: 'text/plain' }));
    fireEvent.click(screen.getByRole('button', { name: '등록' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/board/2/content/31'));
    expect(bodies).toEqual([
      {
        title: '스터디 모집',
        content: '<p>같이 공부해요</p>',
        attachment: { filename: 'memo.txt', data_url: 'data:text/plain;base64,aGVsbG8=' },
      },
    ]);
    // The answer is shown without reading the post again (a read counts a view).
    expect(await screen.findByRole('heading', { level: 1, name: '스터디 모집' })).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(lead),
      'GET /boards': () => json(200, boards),
      'POST /boards/1/contents': () => json(403, { message: '공지사항은 학습부장 이상만 작성할 수 있습니다.', code: 'FORBIDDEN' }),
    });
    renderRoutes('/board/notice/write');
    fireEvent.change(await screen.findByLabelText('제목'), { target: { value: '공지' } });
    fireEvent.change(screen.getByLabelText('내용'), { target: { value: '<p>내용</p>' } });
    fireEvent.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('공지사항은 학습부장 이상만 작성할 수 있습니다.');
  });

  it('tells a student that the notice board is for leads and above, without a form', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(student), 'GET /boards': () => json(200, boards) });
    renderRoutes('/board/1/write');
    expect(await screen.findByText('공지사항은 학습부장 이상만 작성할 수 있습니다.')).toBeTruthy();
    expect(screen.queryByLabelText('제목')).toBeNull();
    expect(screen.getByRole('link', { name: '목록으로' }).getAttribute('href')).toBe('/board?board=1');
  });

  it('shows the login card to a visitor', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(null) });
    renderRoutes('/board/2/write');
    expect(await screen.findByRole('heading', { level: 1, name: '로그인이 필요합니다' })).toBeTruthy();
  });
});

describe('edit page', () => {
  it('sends only what changed and can remove the attachment', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(student),
      'GET /boards/2/contents/31': () => json(200, { content: detail({ attached_filename: '일정.pdf', attached_filesize: 2048 }) }),
      'PATCH /boards/2/contents/31': ({ init }) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(200, { content: detail({ title: '스터디 모집 (마감)' }) });
      },
    });
    const { router } = renderRoutes('/board/2/content/31/edit');
    expect(await screen.findByRole('heading', { level: 1, name: '게시글 수정' })).toBeTruthy();
    expect((screen.getByLabelText('제목') as HTMLInputElement).value).toBe('스터디 모집');
    expect(screen.getByText('현재 첨부파일: 일정.pdf')).toBeTruthy();

    // Nothing changed: the shared rule says so, and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('변경할 내용이 없습니다.')).toBeTruthy();

    // Replace without a file is refused here.
    fireEvent.click(screen.getByRole('radio', { name: '교체' }));
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('새 첨부파일을 선택하세요.')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: '삭제' }));
    fireEvent.change(screen.getByLabelText('제목'), { target: { value: '스터디 모집 (마감)' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/board/2/content/31'));
    expect(bodies).toEqual([{ title: '스터디 모집 (마감)', remove_attachment: true }]);
  });

  it('replaces the attachment with a new file', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(student),
      'GET /boards/2/contents/31': () => json(200, { content: detail({ attached_filename: '일정.pdf', attached_filesize: 2048 }) }),
      'PATCH /boards/2/contents/31': ({ init }) => {
        bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return json(200, { content: detail() });
      },
    });
    const { router } = renderRoutes('/board/2/content/31/edit');
    fireEvent.click(await screen.findByRole('radio', { name: '교체' }));
    chooseFile(new File(['new'], '새일정.pdf', { type: 'application/pdf' }));
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/board/2/content/31'));
    expect(bodies).toEqual([{ attachment: { filename: '새일정.pdf', data_url: 'data:application/pdf;base64,bmV3' } }]);
  });

  it("refuses someone else's post", async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(admin),
      'GET /boards/2/contents/31': () => json(200, { content: detail() }),
    });
    renderRoutes('/board/2/content/31/edit');
    expect(await screen.findByText('본인이 작성한 게시글만 수정할 수 있습니다.')).toBeTruthy();
    expect(screen.queryByLabelText('제목')).toBeNull();
  });
});

describe('board page write button and administration', () => {
  const list = () => json(200, { rows: [], total: 0, page: 1, limit: 20 });

  it('disables 글쓰기 on the notice board for a student, with the reason, and enables it elsewhere', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(student),
      'GET /boards': () => json(200, boards),
      'GET /boards/1/contents': list,
      'GET /boards/2/contents': list,
    });
    renderRoutes('/board?board=1');
    const button = await screen.findByRole('button', { name: '글쓰기' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe('공지사항은 학습부장 이상만 작성할 수 있습니다.');
    fireEvent.click(screen.getByRole('tab', { name: '자유게시판' }));
    expect((await screen.findByRole('link', { name: '글쓰기' })).getAttribute('href')).toBe('/board/2/write');
    expect(screen.queryByText('공지사항은 학습부장 이상만 작성할 수 있습니다.')).toBeNull();
    expect(screen.queryByRole('heading', { name: '게시판 관리' })).toBeNull();
  });

  it('lets a lead write a notice', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(lead), 'GET /boards': () => json(200, boards), 'GET /boards/1/contents': list });
    renderRoutes('/board?board=1');
    expect((await screen.findByRole('link', { name: '글쓰기' })).getAttribute('href')).toBe('/board/1/write');
    expect(screen.queryByRole('heading', { name: '게시판 관리' })).toBeNull();
  });

  it('gives admins 게시판 관리: create a board (checked by the shared rules) and rename the current one', async () => {
    const created: unknown[] = [];
    const renamed: unknown[] = [];
    let rows = boards.rows;
    mockFetch({
      'GET /v1/auth/me': meHandler(admin),
      'GET /boards': () => json(200, { rows, total: rows.length }),
      'GET /boards/1/contents': list,
      'GET /boards/3/contents': list,
      'POST /boards': ({ init }) => {
        created.push(JSON.parse(String(init?.body)));
        rows = [...rows, { code: 3, board_name: '자료실', board_id: 'files' }];
        return json(201, { board: { code: 3, board_name: '자료실', board_id: 'files' } });
      },
      'PATCH /boards/3': ({ init }) => {
        renamed.push(JSON.parse(String(init?.body)));
        return json(200, { board: { code: 3, board_name: '강의 자료실', board_id: 'files' } });
      },
    });
    const { router } = renderRoutes('/board?board=1');
    const section = await screen.findByRole('region', { name: '게시판 관리' });
    const createForm = within(section).getByRole('form', { name: '새 게시판 만들기' });
    fireEvent.change(within(createForm).getByLabelText('게시판 이름'), { target: { value: '자료실' } });
    fireEvent.change(within(createForm).getByLabelText('게시판 ID'), { target: { value: '123' } });
    fireEvent.click(within(createForm).getByRole('button', { name: '만들기' }));
    expect(await within(createForm).findByText('게시판 ID는 숫자만으로 만들 수 없습니다.')).toBeTruthy();
    fireEvent.change(within(createForm).getByLabelText('게시판 ID'), { target: { value: 'Files' } });
    fireEvent.click(within(createForm).getByRole('button', { name: '만들기' }));
    await waitFor(() => expect(router.state.location.search).toBe('?board=3'));
    expect(created).toEqual([{ board_name: '자료실', board_id: 'files' }]);

    const renameForm = await within(section).findByRole('form', { name: '‘자료실’ 이름 바꾸기' });
    fireEvent.change(within(renameForm).getByLabelText('새 이름'), { target: { value: '강의 자료실' } });
    fireEvent.click(within(renameForm).getByRole('button', { name: '이름 바꾸기' }));
    await waitFor(() => expect(renamed).toEqual([{ board_name: '강의 자료실' }]));
  });
});
