import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, meHandler, member, mockFetch, type FetchHandler } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import { boxListBody, boxRow } from '../testing/fixtures/boxes';
import { stubDownloads } from '../testing/download-stub';
import { problemRow, problemsPage, setHeaderRow, testInfoRow } from '../testing/fixtures/problems';
import { DRAW_AHEAD_MARGIN } from './use-progressive-count';

const header = setHeaderRow({ code: 9, begin_problem_no: 1, end_problem_no: 2, header_text: '58세 남자가 가슴 통증으로 왔다.', pic_path: 'ecg.png' });

const problems = [
  problemRow({ uid: 11, no: 1, set_header: header, question_pic_path: 'q1.png' }),
  problemRow({ uid: 12, no: 2, set_header: header, choice_type: 1, answer: '③', comments: '<p>하벽 경색이다.</p>', comment_pic_path: '/uploads/c2.png' }),
  problemRow({ uid: 13, no: 12, choice_type: 4, illustration: '① 가\n② 나\n③ 다\n④ 라' }),
  problemRow({ uid: 14, no: 1, type: 2, choice_type: null, illustration: '', answer: '', comments: '' }),
  problemRow({ uid: 15, no: 120, type: 4, choice_type: null, illustration: '', answer: '동서맥', reply_count: 3 }),
];

function problemsHandler(list = problems, extra: { count?: number } = {}): FetchHandler {
  return ({ url }) => {
    const query = new URL(url, 'http://test').searchParams;
    return json(200, problemsPage(list, { page: Number(query.get('page')), count: extra.count ?? list.length }));
  };
}

function setup(handlers: Record<string, FetchHandler> = {}, path = '/tests/3/problems') {
  const fetch = mockFetch({
    'GET /v1/auth/me': meHandler(member()),
    'GET /v1/test/3': () => json(200, { test_info: testInfoRow() }),
    'GET /v1/problem': problemsHandler(),
    // The member's boxes for each card's star: problem 11 is bookmarked.
    'GET /v1/box': ({ url }) => json(200, boxListBody(url, [{ row: boxRow(), holds: (uid) => uid === 11 }])),
    ...handlers,
  });
  return { fetch, ...renderRoutes(path) };
}

const requests = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.map(([input]) => new URL(String(input), 'http://test')).filter((u) => u.pathname === path);

const card = (uid: number) => document.getElementById(`problem-${uid}`) as HTMLElement;

describe('exam problem list', () => {
  it("groups the problems by type under headings with the whole exam's counts, Q numbers inside each", async () => {
    setup({
      'GET /v1/test/3/meta': () =>
        json(200, { meta: { ...testInfoRow(), grades: [11], counts: { multiple_choice: 30, subjective: 1, slide: 1 }, set_header_count: 1 } }),
    });
    await screen.findByText('Q120');
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['객관식 · 30문항', '주관식 · 1문항', '슬라이드 · 1문항']),
    );
    const sections = screen.getAllByTestId('problem-section');
    expect(
      within(sections[0]!)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Q01', 'Q02', 'Q12']);
    expect(within(sections[1]!).getByRole('heading', { level: 3 }).textContent).toBe('Q01');
    expect(within(sections[2]!).getByRole('heading', { level: 3 }).textContent).toBe('Q120');
  });

  it('shows the title, the info card and the problem cards with numbers and badges', async () => {
    const { fetch } = setup();
    // The first test also loads the lazy page's code: give it time.
    expect(await screen.findByRole('heading', { level: 1, name: '2026 순환기내과학 중간고사' })).toBeTruthy();
    const info = screen.getByRole('region', { name: '시험 정보' });
    for (const text of ['2026년', '순환기내과학', '12문항']) expect(within(info).getByText(text)).toBeTruthy();

    await screen.findByText('Q120');
    expect(within(card(11)).getByRole('heading', { name: 'Q01' })).toBeTruthy();
    expect(within(card(13)).getByText('Q12')).toBeTruthy();
    expect(within(card(11)).getByText('객관식')).toBeTruthy();
    expect(within(card(11)).getByText('5지선다')).toBeTruthy();
    expect(within(card(12)).getByText('가나다형')).toBeTruthy();
    expect(within(card(13)).getByText('4지선다')).toBeTruthy();
    expect(within(card(14)).getByText('주관식')).toBeTruthy();
    expect(within(card(15)).getByText('슬라이드')).toBeTruthy();
    expect(within(card(15)).getByText('댓글 3')).toBeTruthy();
    // Choices, one per line.
    expect(within(within(card(13)).getByRole('list', { name: '보기' })).getAllByRole('listitem')).toHaveLength(4);
    // The bookmark star, filled for a problem in one of the member's boxes.
    await waitFor(() => expect(within(card(11)).getByRole('button', { name: '북마크' }).dataset.saved).toBe('true'));
    expect(within(card(13)).getByRole('button', { name: '북마크' }).dataset.saved).toBeUndefined();
    // Pictures resolved against /uploads/.
    expect(within(card(11)).getByRole('img', { name: 'Q01 문제 그림' }).getAttribute('src')).toBe('/uploads/q1.png');

    const call = requests(fetch, '/v1/problem')[0];
    expect(Object.fromEntries(call?.searchParams ?? [])).toEqual({ test_code: '3', page: '1', limit: '20' });
  });

  it('switches views: q hides answer and explanation, qa shows the answer, all the explanation', async () => {
    const { router } = setup();
    await screen.findByText('Q120');
    expect(within(card(12)).queryByText('정답')).toBeNull();
    expect(within(card(12)).queryByText('하벽 경색이다.')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: '문제+정답' }));
    await waitFor(() => expect(within(card(12)).getByText('③')).toBeTruthy());
    expect(within(card(12)).getByText('정답')).toBeTruthy();
    expect(within(card(12)).queryByText('해설')).toBeNull();
    expect(router.state.location.search).toBe('?view=qa');

    fireEvent.click(screen.getByRole('radio', { name: '해설 포함' }));
    await waitFor(() => expect(within(card(12)).getByText('하벽 경색이다.')).toBeTruthy());
    expect(within(card(12)).getByRole('img', { name: 'Q02 해설 그림' }).getAttribute('src')).toBe('/uploads/c2.png');
    // No explanation and no answer: the viewer's empty text (problems/messages.ts) and a dash.
    expect(within(card(14)).getByText('내용이 없습니다.')).toBeTruthy();
    expect(within(card(14)).getByText('—')).toBeTruthy();
    expect(router.state.location.search).toBe('?view=all');

    fireEvent.click(screen.getByRole('radio', { name: '문제만' }));
    await waitFor(() => expect(within(card(12)).queryByText('③')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('opens in the view named by the URL', async () => {
    setup({}, '/tests/3/problems?view=all');
    await screen.findByText('Q120');
    expect(within(card(12)).getByText('하벽 경색이다.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: '해설 포함' }) as HTMLInputElement).checked).toBe(true);
  });

  it('groups problems of a common passage under a banner with its range, text and picture', async () => {
    setup();
    await screen.findByText('Q120');
    const group = screen.getByRole('region', { name: '공통 지문 [1–2]' });
    expect(within(group).getByText('58세 남자가 가슴 통증으로 왔다.')).toBeTruthy();
    expect(within(group).getByRole('img', { name: '공통 지문 [1–2] 그림' }).getAttribute('src')).toBe('/uploads/ecg.png');
    expect(
      within(group)
        .getAllByRole('article')
        .map((a) => a.id),
    ).toEqual(['problem-11', 'problem-12']);
    expect(within(group).queryByText('Q12')).toBeNull();
  });

  it('lists number, short type and answer (or a dash) in the answers tab', async () => {
    setup();
    await screen.findByText('Q120');
    fireEvent.click(screen.getByRole('tab', { name: '정답' }));
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      )
      .filter((cells) => cells.length > 0);
    // Rows by type, each type under its section row, as in the problems tab.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .slice(3),
    ).toEqual(['객관식 · 3문항', '주관식 · 1문항', '슬라이드 · 1문항']);
    expect(rows).toEqual([
      ['Q01', '객', '②'],
      ['Q02', '객', '③'],
      ['Q12', '객', '②'],
      ['Q01', '주', '—'],
      ['Q120', '슬', '동서맥'],
    ]);
  });

  it('says 등록된 문제가 없습니다. for an exam without problems', async () => {
    setup({ 'GET /v1/problem': problemsHandler([]) });
    expect(await screen.findByText('등록된 문제가 없습니다.')).toBeTruthy();
  });

  it('searches on Enter, says 검색 결과가 없습니다 when nothing matches, and clears', async () => {
    const { fetch, router } = setup({
      'GET /v1/problem': ({ url }) => {
        const q = new URL(url, 'http://test').searchParams.get('q');
        return json(200, problemsPage(q ? [] : problems));
      },
    });
    await screen.findByText('Q120');
    const input = screen.getByRole('textbox', { name: '문제 검색' });
    fireEvent.change(input, { target: { value: ' 없는말 ' } });
    expect(requests(fetch, '/v1/problem').some((u) => u.searchParams.has('q'))).toBe(false);
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(await screen.findByText('검색 결과가 없습니다')).toBeTruthy();
    expect(requests(fetch, '/v1/problem').at(-1)?.searchParams.get('q')).toBe('없는말');
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('없는말')}`);

    fireEvent.click(screen.getByRole('button', { name: '검색어 지우기' }));
    await screen.findByText('Q120');
    expect(router.state.location.search).toBe('');
    expect((screen.getByRole('textbox', { name: '문제 검색' }) as HTMLInputElement).value).toBe('');
  });

  it('says 시험 정보를 찾을 수 없습니다. for an unknown exam', async () => {
    setup({
      'GET /v1/test/3': () => json(404, { message: '시험을 찾을 수 없습니다.', code: 'NOT_FOUND' }),
      'GET /v1/problem': problemsHandler([]),
    });
    expect(await screen.findByText('시험 정보를 찾을 수 없습니다.')).toBeTruthy();
    expect(screen.queryByText('등록된 문제가 없습니다.')).toBeNull();
    const back = screen.getAllByRole('link', { name: /시험 목록/ }).map((link) => link.getAttribute('href'));
    expect(back).toEqual(['/exams', '/exams', '/exams']);
  });

  it('shows 문제 목록 로드 실패 in an alert when the problems do not load', async () => {
    setup({ 'GET /v1/problem': () => json(500, { message: '서버 오류가 발생했습니다.', code: 'INTERNAL' }) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('문제 목록 로드 실패');
  });

  it('offers solve mode (Beta) and a word export menu with the five modes', async () => {
    setup();
    const solve = await screen.findByRole('link', { name: /풀이 모드/ });
    expect(solve.getAttribute('href')).toBe('/tests/3/solve');
    expect(within(solve).getByText('Beta')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '내보내기' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['문제만', '문제+정답', '문제+정답+해설', '정답만', '정답+해설']);
    for (const item of items) expect(item.hasAttribute('disabled') || item.getAttribute('data-disabled') === 'true').toBe(false);
  });

  it('downloads the .docx of the chosen mode under the server-given name, showing a loading state meanwhile', async () => {
    let finish: (() => void) | undefined;
    const { fetch } = setup({
      'GET /v1/test/3/export': () =>
        new Promise<Response>((resolve) => {
          finish = () =>
            resolve(
              new Response(new Uint8Array([0x50, 0x4b]), {
                status: 200,
                headers: {
                  'Content-Disposition': `attachment; filename="exam-2026-3-qa.docx"; filename*=UTF-8''${encodeURIComponent('2026_순환기_문제+정답.docx')}`,
                },
              }),
            );
        }),
    });
    const { saved } = stubDownloads();

    await screen.findByText('Q120');
    fireEvent.click(screen.getByRole('button', { name: '내보내기' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '문제+정답' }));
    const busy = await screen.findByRole('button', { name: /내보내는 중/ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const call = requests(fetch, '/v1/test/3/export')[0];
    expect(Object.fromEntries(call?.searchParams ?? [])).toEqual({ format: 'docx', mode: 'qa', emphasis: '1' });
    await act(async () => finish?.());
    await waitFor(() => expect(saved).toEqual(['2026_순환기_문제+정답.docx']));
    expect(await screen.findByRole('button', { name: '내보내기' })).toBeTruthy();
  });

  it('names the format in a red notification when the export fails', async () => {
    setup({ 'GET /v1/test/3/export': () => json(403, { message: '관리자 승인 후 이용할 수 있습니다.', code: 'FORBIDDEN' }) });
    await screen.findByText('Q120');
    fireEvent.click(screen.getByRole('button', { name: '내보내기' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '정답만' }));
    expect(await screen.findByText('워드(.docx) 내보내기에 실패했습니다: 관리자 승인 후 이용할 수 있습니다.')).toBeTruthy();
  });

  it('loads the next chunk when the end comes into view, one at a time, then says all are loaded', async () => {
    const first = Array.from({ length: 20 }, (_, i) => problemRow({ uid: 100 + i, no: i + 1 }));
    const second = Array.from({ length: 5 }, (_, i) => problemRow({ uid: 200 + i, no: 21 + i }));
    let resolveSecond: (() => void) | undefined;
    const observers: Array<() => void> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(
          private readonly callback: IntersectionObserverCallback,
          private readonly options?: IntersectionObserverInit,
        ) {}
        observe() {
          const fire = () => this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
          // The end of the drawn cards is always near the screen here (jsdom lays nothing out); the
          // list's sentinel comes into view when the test says so.
          if (this.options?.rootMargin === DRAW_AHEAD_MARGIN) queueMicrotask(() => act(fire));
          else observers.push(fire);
        }
        disconnect() {}
        unobserve() {}
      },
    );
    const { fetch } = setup({
      'GET /v1/problem': ({ url }) => {
        const page = Number(new URL(url, 'http://test').searchParams.get('page'));
        if (page === 1) return json(200, problemsPage(first, { page: 1, count: 25 }));
        return new Promise((resolve) => {
          resolveSecond = () => resolve(json(200, problemsPage(second, { page: 2, count: 25 })));
        });
      },
    });
    // The cards are drawn a few at a time, each step a render of its own; the list's end comes
    // after the last of them. On a loaded CI machine 20 cards have taken over 35 s, and the next
    // chunk's 5 over the default second: the waits are long, the test's limit longer.
    await screen.findByText('Q20', {}, { timeout: 80_000 });
    expect(await screen.findByText('스크롤하면 더 불러옵니다')).toBeTruthy();
    // The sentinel is seen several times while the chunk is on its way: one request only.
    act(() => observers.forEach((fire) => fire()));
    act(() => observers.forEach((fire) => fire()));
    await waitFor(() => expect(resolveSecond).toBeDefined());
    expect(requests(fetch, '/v1/problem').filter((u) => u.searchParams.get('page') === '2')).toHaveLength(1);
    await act(async () => resolveSecond?.());
    expect(await screen.findByText('Q25')).toBeTruthy();
    expect(await screen.findByText('모든 문제를 불러왔습니다.')).toBeTruthy();
    expect(screen.queryByText('스크롤하면 더 불러옵니다')).toBeNull();
  }, 150_000);

  it('goes back to the list that opened it and scrolls to and marks the problem from navigation state', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      'GET /v1/test/3': () => json(200, { test_info: testInfoRow() }),
      'GET /v1/problem': problemsHandler(),
    });
    const { router } = renderRoutes('/nowhere');
    await screen.findByRole('heading', { level: 1, name: '페이지를 찾을 수 없습니다.' });
    await act(() => router.navigate('/tests/3/problems', { state: { fromPath: '/subjects/5/tests', highlightNo: 12 } }));
    await screen.findByText('Q120');
    expect(screen.getByRole('link', { name: '과목별 시험(으)로 돌아가기' }).getAttribute('href')).toBe('/subjects/5/tests');
    await waitFor(() => expect(card(13).dataset.highlighted).toBe('true'));
    // Changing the view keeps where "back" leads.
    fireEvent.click(screen.getByRole('radio', { name: '문제+정답' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=qa'));
    expect(screen.getByRole('link', { name: '과목별 시험(으)로 돌아가기' }).getAttribute('href')).toBe('/subjects/5/tests');
  });

  it('marks the search hits in the question, the choices, the answer and the explanation (issue 26 item 15)', async () => {
    const hit = problemRow({
      uid: 21,
      no: 4,
      question: '<p>급성 <em>심근</em>경색에서 먼저 하는 검사는?</p>',
      illustration: '① 심근경색 표지자\n② 흉부 X선',
      answer: '① 심근경색 표지자',
      comments: '<p>심근경색은 트로포닌으로 본다.</p>',
    });
    setup({ 'GET /v1/problem': problemsHandler([hit]) }, `/tests/3/problems?view=all&q=${encodeURIComponent('심근경색')}`);
    await screen.findByText('Q04');
    // The question's hit spans its <em>: each text node marks its own part.
    await waitFor(() =>
      expect([...card(21).querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['심근', '경색', '심근경색', '심근경색', '심근경색']),
    );
    expect(card(21).querySelector('.qbank-safe-html')?.textContent).toBe('급성 심근경색에서 먼저 하는 검사는?');
    expect(within(card(21)).getByRole('list', { name: '보기' }).querySelector('mark')?.textContent).toBe('심근경색');
  });

  it('never runs markup from a problem', async () => {
    setup({
      'GET /v1/problem': problemsHandler([problemRow({ uid: 31, question: '<p>본문</p><img src="x" onerror="alert(1)"><script>alert(2)</script>' })]),
    });
    await screen.findByText('본문');
    expect(card(31).querySelector('script')).toBeNull();
    expect(card(31).querySelector('[onerror]')).toBeNull();
  });

  it('shows the waiting state to an unapproved member and asks for no problems', async () => {
    const fetch = mockFetch({ 'GET /v1/auth/me': meHandler(member({ validated: 0 })) });
    renderRoutes('/tests/3/problems');
    expect(await screen.findByRole('heading', { name: '관리자 승인 대기 중' })).toBeTruthy();
    expect(requests(fetch, '/v1/problem')).toHaveLength(0);
  });
  it("asks for a chunk's notes, dispute summaries and stars once each, for all its problems, before drawing its cards", async () => {
    const { fetch } = setup({
      'GET /v1/notes': () => json(200, { notes: [], total: 0, page: 1, limit: 100 }),
      'GET /v1/disputes/summary': () => json(200, { summaries: [] }),
    });
    await screen.findByText('Q120');
    await waitFor(() => expect(requests(fetch, '/v1/box')).toHaveLength(1));
    for (const path of ['/v1/notes', '/v1/disputes/summary', '/v1/box']) {
      const calls = requests(fetch, path);
      expect(calls).toHaveLength(1);
      expect(calls[0]!.searchParams.get('problem_uids')?.split(',').map(Number).sort()).toEqual([11, 12, 13, 14, 15]);
    }
  });
});
