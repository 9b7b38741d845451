import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { problemRow, problemsPage, testInfoRow } from '../testing/fixtures/problems';
import { replyRow } from '../testing/fixtures/replies';
import { json, meHandler, member, mockFetch, type FetchHandler } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import { boxProblemRow, boxRow } from '../testing/fixtures/boxes';

const heart = boxRow({ code: 1, box_name: '심장 복습', problem_count: 2 });
const important = boxRow({ code: 2, box_name: '중요 문제', solve_slot: 1, precidence: 1, problem_count: 0 });
const rows = [
  boxProblemRow({ problem_uid: 11, no: 3, question_text: '급성 심근경색의 가장 흔한 원인은?' }),
  boxProblemRow({
    problem_uid: 12,
    no: 1,
    type: 2,
    test_code: 4,
    subject_code: 6,
    subject_name: '신장내과학',
    test_name: '2025 신장내과학 기말고사',
    test_year: 2025,
    question_text: '신증후군의 정의를 쓰시오.',
    creation_time: '2026-10-05T09:00:00.000Z',
  }),
];

function boxProblems(list = rows): FetchHandler {
  return ({ url }) => {
    const query = new URL(url, 'http://test').searchParams;
    const filtered = list.filter(
      (r) =>
        (!query.get('subject_code') || r.subject_code === Number(query.get('subject_code'))) &&
        (!query.get('year') || r.test_year === Number(query.get('year'))) &&
        (!query.get('type') || r.type === Number(query.get('type'))) &&
        (!query.get('q') || r.question_text.includes(query.get('q') ?? '')),
    );
    return json(200, { box: heart, problems: filtered });
  };
}

function setup(handlers: Record<string, FetchHandler> = {}, path = '/dashboard/library') {
  const fetch = mockFetch({
    'GET /v1/auth/me': meHandler(member()),
    'GET /v1/box': () => json(200, { boxes: [heart, important] }),
    'GET /v1/box/1/problem': boxProblems(),
    'GET /v1/box/2/problem': () => json(200, { box: important, problems: [] }),
    ...handlers,
  });
  return { fetch, ...renderRoutes(path) };
}

const calls = (fetch: ReturnType<typeof mockFetch>, path: string, method = 'GET') =>
  fetch.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input]) => new URL(String(input), 'http://test'))
    .filter((u) => u.pathname === path);

const table = () => screen.getByRole('table', { name: '심장 복습 박스의 문제 목록' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

describe('library', () => {
  it('lists the boxes, marks the solve-mode ones and shows the first box’s problems', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: '내 보관함' })).toBeTruthy();
    const boxes = await screen.findByRole('region', { name: '박스 목록' });
    const first = within(boxes).getByRole('button', { name: /^심장 복습 ?문제 2개/ });
    expect(first.getAttribute('aria-current')).toBe('true');
    const solve = within(boxes).getByRole('button', { name: /^중요 문제 ?문제 0개/ });
    expect(within(solve).getByText('풀이 모드')).toBeTruthy();
    expect(within(boxes).getByText('문제 2개')).toBeTruthy();

    expect(await screen.findByRole('heading', { level: 2, name: '심장 복습의 문제' })).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    const cells = within(bodyRows()[0] as HTMLElement)
      .getAllByRole('cell')
      .slice(0, 7)
      .map((c) => c.textContent);
    expect(cells).toEqual(['순환기내과학', '2026', '2026 순환기내과학 중간고사', 'Q03', '객관식', '급성 심근경색의 가장 흔한 원인은?', '2026.10.02']);
    expect(within(bodyRows()[1] as HTMLElement).getByText('주관식')).toBeTruthy();
  });

  it('opens another box from the list and keeps the choice in the URL', async () => {
    const { router } = setup();
    const boxes = await screen.findByRole('region', { name: '박스 목록' });
    fireEvent.click(within(boxes).getByRole('button', { name: /^중요 문제 ?문제 0개/ }));
    expect(await screen.findByText('이 박스에 담긴 문제가 없습니다.')).toBeTruthy();
    expect(router.state.location.search).toBe('?box=2');
  });

  it('says 박스가 없습니다. 새 박스를 만들어 보세요. without boxes', async () => {
    setup({ 'GET /v1/box': () => json(200, { boxes: [] }) });
    expect((await screen.findAllByText('박스가 없습니다. 새 박스를 만들어 보세요.')).length).toBeGreaterThan(0);
  });

  it('says 박스 목록을 불러올 수 없습니다 when the boxes do not load', async () => {
    setup({ 'GET /v1/box': () => json(500, { message: '서버 오류가 발생했습니다.', code: 'INTERNAL' }) });
    expect(await screen.findByText('박스 목록을 불러올 수 없습니다')).toBeTruthy();
  });

  it('filters by subject, year, type and search text on the server, then resets', async () => {
    const { fetch, router } = setup();
    await screen.findByRole('heading', { level: 2, name: '심장 복습의 문제' });
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    const subject = screen.getByRole('combobox', { name: '과목' });
    expect(
      within(subject)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['전체 과목', '순환기내과학', '신장내과학']);
    expect(
      within(screen.getByRole('combobox', { name: '연도' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['전체 연도', '2026년', '2025년']);

    fireEvent.change(subject, { target: { value: '6' } });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(calls(fetch, '/v1/box/1/problem').at(-1)?.searchParams.get('subject_code')).toBe('6');

    fireEvent.change(screen.getByRole('combobox', { name: '유형' }), { target: { value: '2' } });
    await waitFor(() => expect(calls(fetch, '/v1/box/1/problem').at(-1)?.searchParams.get('type')).toBe('2'));
    fireEvent.change(screen.getByRole('combobox', { name: '연도' }), { target: { value: '2025' } });
    await waitFor(() => expect(calls(fetch, '/v1/box/1/problem').at(-1)?.searchParams.get('year')).toBe('2025'));

    fireEvent.change(screen.getByRole('textbox', { name: '검색어' }), { target: { value: '없는 말' } });
    fireEvent.click(screen.getByRole('button', { name: '검색' }));
    expect(await screen.findByText('검색 조건에 맞는 문제가 없습니다.')).toBeTruthy();
    expect(Object.fromEntries(calls(fetch, '/v1/box/1/problem').at(-1)?.searchParams ?? [])).toEqual({
      subject_code: '6',
      year: '2025',
      type: '2',
      q: '없는 말',
    });
    expect(router.state.location.search).toContain('q=');

    fireEvent.click(screen.getByRole('button', { name: '초기화' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(router.state.location.search).toBe('?box=1');
  });

  it('says 이 박스에 담긴 문제가 없습니다. for an empty box', async () => {
    setup({ 'GET /v1/box': () => json(200, { boxes: [important] }) });
    expect(await screen.findByText('이 박스에 담긴 문제가 없습니다.')).toBeTruthy();
  });

  it('makes a box (name required) and opens it', async () => {
    let boxes = [heart];
    const { fetch, router } = setup({
      'GET /v1/box': () => json(200, { boxes }),
      'POST /v1/box': ({ init }) => {
        const { box_name } = JSON.parse(String(init?.body)) as { box_name: string };
        const box = boxRow({ code: 5, box_name, precidence: 1, problem_count: 0 });
        boxes = [...boxes, box];
        return json(201, { box });
      },
      'GET /v1/box/5/problem': () => json(200, { box: boxes[1], problems: [] }),
    });
    const boxesPanel = await screen.findByRole('region', { name: '박스 목록' });
    fireEvent.click(within(boxesPanel).getByRole('button', { name: '만들기' }));
    expect(await within(boxesPanel).findByText('박스 이름을 입력하세요.')).toBeTruthy();
    expect(calls(fetch, '/v1/box', 'POST')).toHaveLength(0);

    fireEvent.change(within(boxesPanel).getByRole('textbox', { name: /박스 이름/ }), { target: { value: '신장 정리' } });
    fireEvent.click(within(boxesPanel).getByRole('button', { name: '만들기' }));
    expect(await screen.findByText('‘신장 정리’ 박스를 만들었습니다.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?box=5'));
    expect(await screen.findByRole('heading', { level: 2, name: '신장 정리의 문제' })).toBeTruthy();
  });

  it('deletes a box after a confirmation', async () => {
    let boxes = [heart, important];
    const { fetch } = setup({
      'GET /v1/box': () => json(200, { boxes }),
      'DELETE /v1/box/1': () => {
        boxes = boxes.filter((b) => b.code !== 1);
        return json(200, { ok: true });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '심장 복습 박스 삭제' }));
    const dialog = await screen.findByRole('dialog', { name: '박스 삭제' });
    expect(within(dialog).getByText(/‘심장 복습’ 박스를 삭제하시겠습니까\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetch, '/v1/box/1', 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '심장 복습 박스 삭제' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '박스 삭제' })).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('‘심장 복습’ 박스를 삭제했습니다.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: '심장 복습 박스 삭제' })).toBeNull());
    expect(await screen.findByRole('heading', { level: 2, name: '중요 문제의 문제' })).toBeTruthy();
  });

  it('takes a problem out of the box', async () => {
    let list = [...rows];
    const { fetch } = setup({
      'GET /v1/box/1/problem': ({ url, init }) => boxProblems(list)({ url, init }),
      'DELETE /v1/box/1/problem/11': () => {
        list = list.filter((r) => r.problem_uid !== 11);
        return json(200, { ok: true });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '2026 순환기내과학 중간고사 Q03 박스에서 빼기' }));
    expect(await screen.findByText('박스에서 제거되었습니다.')).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(calls(fetch, '/v1/box/1/problem/11', 'DELETE')).toHaveLength(1);
  });

  it('opens a problem in a modal with the whole problem, its comments and a link to its exam list', async () => {
    const problem = problemRow({ uid: 11, no: 3, answer: '③', comments: '<p>관상동맥 죽상경화</p>', reply_count: 1 });
    setup({
      'GET /v1/problem/11': () => json(200, { problem }),
      'GET /v1/problem/11/replies': () => json(200, { replies: [replyRow({ reply_text: '중요한 문제' })] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '2026 순환기내과학 중간고사 Q03 자세히 보기' }));
    const dialog = await screen.findByRole('dialog', { name: '2026 순환기내과학 중간고사 Q03' });
    expect(await within(dialog).findByText('관상동맥 죽상경화')).toBeTruthy();
    expect(within(dialog).getByText('③')).toBeTruthy();
    expect(await within(dialog).findByText('중요한 문제')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '댓글 1' }).getAttribute('aria-expanded')).toBe('true');
    const link = within(dialog).getByRole('link', { name: '시험 문제 목록에서 보기' });
    expect(link.getAttribute('href')).toBe('/tests/3/problems');
  });

  it('says 문제 로드 실패 when the problem does not load', async () => {
    setup({ 'GET /v1/problem/11': () => json(404, { message: '문제를 찾을 수 없습니다.', code: 'NOT_FOUND' }) });
    fireEvent.click(await screen.findByRole('button', { name: '2026 순환기내과학 중간고사 Q03 자세히 보기' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('문제 로드 실패')).toBeTruthy();
    expect(within(dialog).getByText('문제를 찾을 수 없습니다.')).toBeTruthy();
  });

  it('opens a memo search hit at its problem in the exam, marked (issue 26 item 7)', async () => {
    const examProblems = [11, 12, 13].map((uid, index) => problemRow({ uid, no: index + 1 }));
    const { router } = setup({
      'GET /v1/notes': () =>
        json(200, {
          notes: [
            {
              problem_uid: 13,
              text: '외울 것',
              is_confused: false,
              update_time: '2026-11-01T09:00:00.000Z',
              test_code: 3,
              test_name: '2026 순환기내과학 중간고사',
              no: 3,
              question_text: '심전도 소견은?',
            },
          ],
          total: 1,
          page: 1,
          limit: 10,
        }),
      'GET /v1/test/3': () => json(200, { test_info: testInfoRow() }),
      'GET /v1/problem': () => json(200, problemsPage(examProblems)),
    });
    fireEvent.click(await screen.findByRole('link', { name: '2026 순환기내과학 중간고사 3번' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tests/3/problems'));
    expect(router.state.location.state).toEqual({ highlightUid: 13 });
    await waitFor(() => expect(document.getElementById('problem-13')?.dataset.highlighted).toBe('true'));
  });
});
