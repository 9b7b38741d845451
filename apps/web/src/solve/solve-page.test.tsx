import { isCorrectAnswer } from '@qbank/shared/answers';
import type { Box } from '@qbank/shared/boxes';
import type { Problem } from '@qbank/shared/problems';
import type { Attempt } from '@qbank/shared/solve';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { problemRow, problemsPage, setHeaderRow, testInfoRow } from '../testing/fixtures/problems';
import { json, meHandler, member, mockFetch, type FetchHandler } from '../testing/fetch-mock';
import { answerStore, claimOfflineData } from '../lib/offline-data';
import { renderRoutes } from '../testing/render';
import { SolvePage } from './solve-page';

// Solve mode against a canned API: the server's answers are computed like the real server's
// (the shared answer rule), boxes are kept in memory.

const passage = setHeaderRow({ code: 9, begin_problem_no: 1, end_problem_no: 2, header_text: '58세 남자가 가슴 통증으로 왔다.' });

const mc1 = problemRow({
  uid: 11,
  no: 1,
  question: '<p>첫째 문제의 질문</p>',
  illustration: '① 하나\n② 둘\n③ 셋',
  answer: '②',
  comments: '<p>둘째가 맞는 까닭</p>',
  set_header: passage,
});
const mc2 = problemRow({
  uid: 12,
  no: 2,
  choice_type: 1,
  question: '<p>옳은 것을 고른 것은?</p>',
  illustration: '① 가, 나\n② 가, 다\n③ 나, 라\n④ 라\n⑤ 가, 나, 다, 라',
  answer: '③',
  comments: '<p>나와 라가 옳다.</p>',
  set_header: passage,
});
const essay = problemRow({
  uid: 13,
  no: 1,
  type: 2,
  choice_type: null,
  illustration: '',
  question: '<p>리듬의 이름을 쓰시오.</p>',
  answer: '동서맥',
  comments: '',
});
const slide = problemRow({ uid: 14, no: 1, type: 4, choice_type: null, illustration: '', question: '<p>표시된 신경은?</p>', answer: '정중신경' });
const noAnswer = problemRow({ uid: 15, no: 3, answer: '' });

/** Server order is not the viewer's: the screen sorts by type, then number. */
const PROBLEMS = [essay, slide, mc2, noAnswer, mc1];

function problemsHandler(list: Problem[], pageSize = 1000): FetchHandler {
  return ({ url }) => {
    const page = Number(new URL(url, 'http://test').searchParams.get('page'));
    const rows = list.slice((page - 1) * pageSize, page * pageSize);
    return json(200, problemsPage(rows, { page, limit: pageSize, count: list.length }));
  };
}

function attempt(uid: number, answer: string, correct: boolean): Attempt {
  return { code: uid * 10, run_code: 5, problem_uid: uid, answer, is_correct: correct, judged_by: 'machine', creation_time: '2026-11-20T09:00:00.000Z' };
}

function box(code: number, name: string, slot: number | null, hasProblem?: boolean): Box {
  return {
    code,
    box_name: name,
    precidence: 0,
    solve_slot: slot,
    problem_count: 0,
    creation_time: '2026-11-01T00:00:00.000Z',
    ...(hasProblem === undefined ? {} : { has_problem: hasProblem }),
  };
}

interface SetupOptions {
  problems?: Problem[];
  pageSize?: number;
  attempts?: Attempt[];
  handlers?: Record<string, FetchHandler>;
}

function setup({ problems = PROBLEMS, pageSize, attempts = [], handlers = {} }: SetupOptions = {}, render = () => renderRoutes('/tests/3/solve')) {
  const important = new Set<number>();
  const wrongNotes = new Set<number>();
  let solveBoxesMade = false;
  const boxHandlers: Record<string, FetchHandler> = {};
  for (const problem of problems) {
    for (const [code, set] of [
      [61, important],
      [62, wrongNotes],
    ] as const) {
      boxHandlers[`POST /v1/box/${code}/problem/${problem.uid}`] = () => (set.add(problem.uid), json(201, { ok: true }));
      boxHandlers[`DELETE /v1/box/${code}/problem/${problem.uid}`] = () => (set.delete(problem.uid), json(200, { ok: true }));
    }
    boxHandlers[`POST /v1/solve/attempts/${problem.uid * 10}/self-judgment`] = ({ init }) => {
      const { is_correct } = JSON.parse(String(init?.body)) as { is_correct: boolean };
      return json(200, { attempt: { ...attempt(problem.uid, '', is_correct), judged_by: 'self' }, review_due_at: null });
    };
  }
  const fetch = mockFetch({
    'GET /v1/auth/me': meHandler(member()),
    'GET /v1/test/3': () => json(200, { test_info: testInfoRow() }),
    'GET /v1/problem': problemsHandler(problems, pageSize),
    'GET /v1/solve/tests/3': () => json(200, { run: attempts.length ? { code: 5, test_code: 3, creation_time: '2026-11-20T09:00:00.000Z' } : null, attempts }),
    'POST /v1/solve/tests/3/restart': () => json(200, { run: { code: 6, test_code: 3, creation_time: '2026-11-21T09:00:00.000Z' }, attempts: [] }),
    'POST /v1/solve/attempts': ({ init }) => {
      const body = JSON.parse(String(init?.body)) as { problem_uid: number; answer: string };
      const problem = problems.find((p) => p.uid === body.problem_uid);
      if (!problem) return json(404, { message: '문제를 찾을 수 없습니다.', code: 'NOT_FOUND' });
      return json(201, { attempt: attempt(problem.uid, body.answer, isCorrectAnswer(body.answer, problem.answer, problem.type)) });
    },
    'POST /v1/box/solve-boxes': () => {
      solveBoxesMade = true;
      return json(200, { important: box(61, '중요 문제', 1), wrong: box(62, '오답 노트', 2) });
    },
    'GET /v1/box': ({ url }) => {
      const uid = Number(new URL(url, 'http://test').searchParams.get('problem_uid'));
      const boxes = [box(70, '순환기 복습', null, false)];
      if (solveBoxesMade) boxes.push(box(61, '중요 문제', 1, important.has(uid)), box(62, '오답 노트', 2, wrongNotes.has(uid)));
      return json(200, { boxes });
    },
    'GET /v1/annotations': () => json(200, { annotations: [] }),
    ...boxHandlers,
    ...handlers,
  });
  return { fetch, important, wrongNotes, ...render() };
}

const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://test').pathname === path);

const attemptBodies = (fetch: ReturnType<typeof mockFetch>) =>
  calls(fetch, 'POST', '/v1/solve/attempts').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const key = (k: string, target: Element | Document = document) => fireEvent.keyDown(target, { key: k });
const heading = () => screen.getByRole('heading', { level: 2, name: /^\d+번 문제$/ });
const gridButton = (position: number) => within(screen.getByRole('navigation', { name: '문제 번호' })).getAllByRole('button')[position - 1] as HTMLElement;

async function ready() {
  await screen.findByRole('heading', { level: 2, name: /번 문제/ });
}

describe('solve mode', () => {
  // Mantine keeps notifications in a module-level store: one test's toasts must not leak into the next.
  afterEach(async () => {
    notifications.clean();
    await answerStore.clear();
  });

  it('loads every page of the exam and shows the problems in viewer order with the top bar', async () => {
    const { fetch } = setup({ pageSize: 2 });
    expect(await screen.findByRole('heading', { level: 1, name: '2026 순환기내과학 중간고사' })).toBeTruthy();
    await ready();

    const pages = calls(fetch, 'GET', '/v1/problem').map(([input]) => Object.fromEntries(new URL(String(input), 'http://test').searchParams));
    expect(pages).toEqual([
      { test_code: '3', page: '1', limit: '1000' },
      { test_code: '3', page: '2', limit: '1000' },
      { test_code: '3', page: '3', limit: '1000' },
    ]);

    // Four solvable problems (the one without an answer is left out), multiple choice first.
    const grid = screen.getByRole('navigation', { name: '문제 번호' });
    expect(
      within(grid)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1번 문제, 풀지 않음', '2번 문제, 풀지 않음', '3번 문제, 풀지 않음', '4번 문제, 풀지 않음']);
    expect(gridButton(1).getAttribute('aria-current')).toBe('step');
    expect(heading().textContent).toBe('1번 문제');
    expect(screen.getByText('첫째 문제의 질문')).toBeTruthy();
    expect(screen.getByTestId('solve-problem-label').textContent).toBe('객관식 Q01');
    expect(screen.getByRole('region', { name: '공통 지문 [1–2]' }).textContent).toContain('58세 남자가 가슴 통증으로 왔다.');
    expect(screen.getByText('1 / 4')).toBeTruthy();
    expect(screen.queryByText(/정답률/)).toBeNull();
    expect(screen.getByRole('link', { name: '나가기' }).getAttribute('href')).toBe('/tests/3/problems');
    expect(
      within(screen.getByRole('group', { name: '보기' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['① 하나', '② 둘', '③ 셋']);

    fireEvent.click(gridButton(3));
    expect(heading().textContent).toBe('3번 문제');
    expect(screen.getByText('리듬의 이름을 쓰시오.')).toBeTruthy();
    fireEvent.click(gridButton(4));
    expect(screen.getByText('표시된 신경은?')).toBeTruthy();
    expect(screen.getByText('4 / 4')).toBeTruthy();
  });

  it('emphasizes 옳지 않은 in the question, with the switch of the top bar turning it off (issue 16 item 5)', async () => {
    const negative = problemRow({
      uid: 31,
      no: 1,
      question: '<p>다음 중 옳지 않은 것은?</p>',
      illustration: '① 가\n② 나',
      answer: '①',
      comments: '<p>옳지 않은 해설</p>',
    });
    setup({ problems: [negative] });
    await ready();
    const marked = () => [...document.querySelectorAll('strong.qbank-negation > u')].map((u) => u.textContent);
    await waitFor(() => expect(marked()).toEqual(['옳지 않은']));
    const topBar = screen.getByRole('heading', { level: 1, name: '2026 순환기내과학 중간고사' }).closest('header') as HTMLElement;
    const toggle = within(topBar).getByRole('switch', { name: '부정 표현 강조' });
    fireEvent.click(toggle);
    await waitFor(() => expect(marked()).toEqual([]));
    expect(screen.getByText('다음 중 옳지 않은 것은?')).toBeTruthy();
    expect(window.localStorage.getItem('qbank.negationEmphasis')).toBe('0');
  });

  it('has the answering tools: 형광펜 on the stem with the stored highlights drawn, and 참고치 with its key (issue 30)', async () => {
    const ecg = problemRow({ uid: 32, no: 1, question: '<p>심전도에서 ST 분절 상승</p>', illustration: '① 가\n② 나', answer: '①', comments: '' });
    const stored = {
      problem_uid: 32,
      struck: [],
      highlights: [{ part: 'question', start: 0, end: 3 }],
      marked: false,
      update_time: '2026-11-24T09:00:00.000Z',
    };
    setup({ problems: [ecg], handlers: { 'GET /v1/annotations': () => json(200, { annotations: [stored] }) } });
    await ready();
    expect(screen.getByRole('button', { name: '형광펜' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '참고치' }).getAttribute('aria-keyshortcuts')).toBe('L');
    await waitFor(() => expect([...document.querySelectorAll('mark.qbank-highlight')].map((mark) => mark.textContent)).toEqual(['심전도']));
    // No 나중에 다시 보기 here: solve mode has no 제출 전 확인 to come back from.
    expect(screen.queryByRole('button', { name: /다시 보기/ })).toBeNull();
    key('?');
    expect(await screen.findByRole('cell', { name: '참고치 표 열기' })).toBeTruthy();
  });

  it('is played by keyboard: digits answer, arrows move, H toggles the explanation, ? opens help and Esc closes it', async () => {
    const { fetch, wrongNotes } = setup();
    await ready();

    key('2');
    expect(await screen.findByTestId('solve-verdict')).toHaveProperty('textContent', '정답');
    expect(screen.getByText('정답률 100%')).toBeTruthy();
    expect(gridButton(1).textContent).toBe('1번 문제, 정답');
    expect(gridButton(1).getAttribute('data-status')).toBe('correct');
    // The answer is shown, the explanation only in explanation mode.
    expect(screen.queryByText('둘째가 맞는 까닭')).toBeNull();
    const toggle = screen.getByRole('button', { name: '해설 보기' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    key('h');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('둘째가 맞는 까닭')).toBeTruthy();
    await waitFor(() => expect(attemptBodies(fetch)).toEqual([{ problem_uid: 11, answer: '②', client_id: expect.stringMatching(UUID) }]));

    // Digits do nothing on an answered problem.
    key('3');
    expect(screen.getByTestId('solve-verdict').textContent).toBe('정답');

    key('ArrowRight');
    expect(heading().textContent).toBe('2번 문제');
    expect(screen.getByText('2 / 4')).toBeTruthy();
    // Lettered style: key 1 chooses ①가 — wrong here; the explanation shows at once (mode is on).
    key('1');
    expect((await screen.findByTestId('solve-verdict')).textContent).toBe('오답');
    expect(screen.getByText('나와 라가 옳다.')).toBeTruthy();
    expect(screen.getByText('정답률 50%')).toBeTruthy();
    expect(gridButton(2).textContent).toBe('2번 문제, 오답');
    const options = within(screen.getByRole('list', { name: '보기' })).getAllByRole('listitem');
    expect(within(options[0] as HTMLElement).getByText('내 선택')).toBeTruthy();
    expect(within(options[2] as HTMLElement).getByText('정답')).toBeTruthy();
    await waitFor(() => expect(attemptBodies(fetch)).toContainEqual(expect.objectContaining({ problem_uid: 12, answer: '①가' })));

    // The wrong answer goes to 오답 노트 (the solve boxes are made on first use), said once.
    expect(await screen.findByText('오답 노트에 추가되었습니다')).toBeTruthy();
    expect(calls(fetch, 'POST', '/v1/box/solve-boxes').length).toBeGreaterThan(0);
    expect(wrongNotes.has(12)).toBe(true);

    key('H');
    expect(screen.queryByText('나와 라가 옳다.')).toBeNull();

    key('?');
    const help = await screen.findByRole('dialog', { name: '단축키 안내' });
    for (const text of ['이전 문제 / 다음 문제', '보기 선택 (객관식, 입력창 밖에서)', '해설 보기 켜기 / 끄기', '단축키 안내 열기', '창 닫기']) {
      expect(within(help).getByText(text)).toBeTruthy();
    }
    // Shortcuts rest while the help is open.
    key('ArrowLeft');
    expect(heading().textContent).toBe('2번 문제');
    fireEvent.keyDown(help, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '단축키 안내' })).toBeNull());

    key('ArrowLeft');
    expect(heading().textContent).toBe('1번 문제');
    key('ArrowLeft');
    expect(heading().textContent).toBe('1번 문제');
  });

  it('takes a typed answer for essays; keys typed in the box are not shortcuts', async () => {
    const { fetch, wrongNotes } = setup();
    await ready();
    fireEvent.click(gridButton(3));
    const input = screen.getByRole('textbox', { name: '답안' });
    const submit = screen.getByRole('button', { name: '제출' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    for (const k of ['1', '2', 'h', '?', 'ArrowRight', 'ArrowLeft']) key(k, input);
    expect(heading().textContent).toBe('3번 문제');
    expect(screen.getByRole('button', { name: '해설 보기' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Digits outside the box do not answer an essay either.
    key('1');
    expect(screen.queryByTestId('solve-verdict')).toBeNull();

    fireEvent.change(input, { target: { value: ' 동서맥 ' } });
    fireEvent.click(submit);
    expect((await screen.findByTestId('solve-verdict')).textContent).toBe('정답');
    expect(screen.getByText('내 답')).toBeTruthy();
    expect(screen.getAllByText('동서맥').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(attemptBodies(fetch)).toEqual([{ problem_uid: 13, answer: '동서맥', client_id: expect.stringMatching(UUID) }]));
    expect(gridButton(3).textContent).toBe('3번 문제, 정답');

    // 다시 풀기: a new attempt of the same problem. Worded differently from the key, it waits for
    // the member's own verdict: neither right nor wrong, not in 오답 노트, out of the accuracy.
    fireEvent.click(screen.getByRole('button', { name: '다시 풀기' }));
    const again = screen.getByRole('textbox', { name: '답안' });
    fireEvent.change(again, { target: { value: '굴 서맥' } });
    fireEvent.submit(again.closest('form') as HTMLFormElement);
    expect((await screen.findByTestId('solve-verdict')).textContent).toBe('채점 대기');
    await waitFor(() => expect(attemptBodies(fetch)).toHaveLength(2));
    expect(gridButton(3).textContent).toBe('3번 문제, 채점 대기');
    expect(screen.getByRole('region', { name: '스스로 채점' })).toBeTruthy();
    expect(wrongNotes.has(13)).toBe(false);

    // N: the member says it was wrong; recorded as their own verdict, then filed in 오답 노트.
    key('n');
    expect(screen.getByTestId('solve-verdict').textContent).toBe('오답');
    expect(screen.getByText('내가 채점함')).toBeTruthy();
    expect(screen.getByRole('button', { name: '틀림 (N)' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(calls(fetch, 'POST', '/v1/solve/attempts/130/self-judgment')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetch, 'POST', '/v1/solve/attempts/130/self-judgment')[0]?.[1]?.body))).toEqual({ is_correct: false });
    expect(gridButton(3).textContent).toBe('3번 문제, 오답');
    await waitFor(() => expect(wrongNotes.has(13)).toBe(true));

    // The slide: a reasonable answer in other words is judged 맞음 by a click.
    key('ArrowRight');
    fireEvent.change(screen.getByRole('textbox', { name: '답안' }), { target: { value: '정중 신경 (median n.)' } });
    fireEvent.click(screen.getByRole('button', { name: '제출' }));
    expect((await screen.findByTestId('solve-verdict')).textContent).toBe('채점 대기');
    await waitFor(() => expect(attemptBodies(fetch)).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: '맞음 (Y)' }));
    expect(screen.getByTestId('solve-verdict').textContent).toBe('정답');
    await waitFor(() => expect(calls(fetch, 'POST', '/v1/solve/attempts/140/self-judgment')).toHaveLength(1));
    expect(gridButton(4).textContent).toBe('4번 문제, 정답');
    expect(wrongNotes.has(14)).toBe(false);
    expect(screen.getAllByText('오답 노트에 추가되었습니다')).toHaveLength(1);
  });

  it('lets the server verdict win and keeps going when an answer cannot be saved', async () => {
    let fail = false;
    setup({
      handlers: {
        'POST /v1/solve/attempts': ({ init }) => {
          if (fail) return json(404, { message: '문제를 찾을 수 없습니다.', code: 'NOT_FOUND' });
          const body = JSON.parse(String(init?.body)) as { problem_uid: number; answer: string };
          // This server accepts anything: its verdict replaces the one shown at once.
          return json(201, { attempt: attempt(body.problem_uid, body.answer, true) });
        },
      },
    });
    await ready();
    key('1');
    expect(screen.getByTestId('solve-verdict').textContent).toBe('오답');
    await waitFor(() => expect(screen.getByTestId('solve-verdict').textContent).toBe('정답'));
    expect(gridButton(1).textContent).toBe('1번 문제, 정답');

    // Refused for good (the problem is gone): said so, and not kept to be sent again.
    fail = true;
    key('ArrowRight');
    key('3');
    expect((await screen.findByText('답안 저장에 실패했습니다')).closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByTestId('solve-verdict').textContent).toBe('정답');
    expect(await answerStore.all()).toEqual([]);
    key('ArrowRight');
    expect(heading().textContent).toBe('3번 문제');
  });

  it('keeps answers made offline, sends each once when the connection returns, and shows the server verdict (decision 041)', async () => {
    let online = false;
    const { fetch } = setup({
      handlers: {
        'POST /v1/solve/attempts': ({ init }) => {
          if (!online) throw new TypeError('Failed to fetch');
          const body = JSON.parse(String(init?.body)) as { problem_uid: number; answer: string };
          // The server judges every answer right, whatever the screen thought.
          return json(201, { attempt: attempt(body.problem_uid, body.answer, true) });
        },
      },
    });
    await ready();
    key('1');
    expect(await screen.findByText('연결되면 보냅니다')).toBeTruthy();
    expect(screen.getByTestId('solve-verdict').textContent).toBe('오답');
    key('ArrowRight');
    key('1');
    await waitFor(async () => expect(await answerStore.all()).toHaveLength(2));

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(async () => expect(await answerStore.all()).toEqual([]));
    await waitFor(() => expect(screen.getByTestId('solve-verdict').textContent).toBe('정답'));
    expect(gridButton(1).textContent).toBe('1번 문제, 정답');
    expect(screen.queryByText('연결되면 보냅니다')).toBeNull();
    // Two tries offline, then each answer once more online, under the id it was made with.
    const bodies = attemptBodies(fetch) as Array<{ problem_uid: number; client_id: string }>;
    expect(bodies).toHaveLength(4);
    expect(new Set(bodies.map((b) => b.client_id)).size).toBe(2);
    expect(bodies.slice(2).map((b) => b.problem_uid)).toEqual(bodies.slice(0, 2).map((b) => b.problem_uid));
  });

  it('shows the answers still waiting from an earlier visit over the server record, offering to continue', async () => {
    // Kept on this browser by the same member (another member's would have been cleared at sign-in).
    await claimOfflineData(member().code);
    await answerStore.put({
      client_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      member_code: member().code,
      test_code: 3,
      problem_uid: 11,
      answer: '②',
      local_correct: true,
      queued_at: '2026-11-25T01:00:00.000Z',
    });
    setup({ handlers: { 'POST /v1/solve/attempts': () => Promise.reject(new TypeError('Failed to fetch')) } });
    const dialog = await screen.findByRole('dialog', { name: '이전 풀이 기록' });
    expect(within(dialog).getByText('1문항을 풀었습니다. 이어서 푸시겠습니까?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '이어서 풀기' }));
    fireEvent.click(gridButton(1));
    expect(screen.getByText('연결되면 보냅니다')).toBeTruthy();
    expect(screen.getByTestId('solve-verdict').textContent).toBe('정답');
  });

  it('offers to continue the current run, starting at the first unanswered problem', async () => {
    setup({ attempts: [attempt(11, '②', true), attempt(12, '①가', false)] });
    const dialog = await screen.findByRole('dialog', { name: '이전 풀이 기록' });
    expect(within(dialog).getByText('2문항을 풀었습니다. 이어서 푸시겠습니까?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '이어서 풀기' }));
    await ready();
    expect(heading().textContent).toBe('3번 문제');
    expect(screen.getByText('정답률 50%')).toBeTruthy();
    expect(gridButton(1).textContent).toBe('1번 문제, 정답');
    expect(gridButton(2).textContent).toBe('2번 문제, 오답');
    fireEvent.click(gridButton(2));
    expect(screen.getByTestId('solve-verdict').textContent).toBe('오답');
  });

  it('shows a voided problem as void: no options, no verdict, out of the score (decision 079)', async () => {
    const voided = { ...mc1, is_voided: 1 };
    setup({ problems: [voided, mc2], attempts: [attempt(11, '①', false), attempt(12, '③', true)] });
    fireEvent.click(within(await screen.findByRole('dialog', { name: '이전 풀이 기록' })).getByRole('button', { name: '이어서 풀기' }));
    await ready();
    fireEvent.click(gridButton(1));
    const panel = screen.getByTestId('voided-problem');
    expect(within(panel).getByText('문항 무효')).toBeTruthy();
    expect(within(panel).getByText('무효 처리 전에 낸 답')).toBeTruthy();
    expect(screen.queryByTestId('solve-verdict')).toBeNull();
    expect(screen.queryByRole('group', { name: '보기' })).toBeNull();
    expect(gridButton(1).textContent).toBe('1번 문제, 문항 무효');
    expect(screen.getByText('정답률 100%')).toBeTruthy();
  });

  it('reads a problem again when the server refuses its answer as voided since the screen was loaded', async () => {
    let voided = false;
    const { wrongNotes } = setup({
      problems: [mc1, mc2],
      handlers: {
        'GET /v1/problem': ({ url }) => {
          const page = Number(new URL(url, 'http://test').searchParams.get('page'));
          return json(200, problemsPage([{ ...mc1, is_voided: voided ? 1 : 0 }, mc2], { page, limit: 1000, count: 2 }));
        },
        'POST /v1/solve/attempts': () => {
          voided = true;
          return json(409, { message: '무효 처리된 문항이라 답을 채점하지 않습니다. 이 문항은 점수와 통계에서 빠집니다.', code: 'PROBLEM_VOIDED' });
        },
      },
    });
    await ready();
    key('1');
    await screen.findByTestId('voided-problem');
    expect(screen.queryByTestId('solve-verdict')).toBeNull();
    expect(screen.queryByText('무효 처리 전에 낸 답')).toBeNull();
    expect(gridButton(1).textContent).toBe('1번 문제, 문항 무효');
    expect(wrongNotes.size).toBe(0);
    expect(await answerStore.all()).toEqual([]);
  });

  it('restarts: a new run on the server and an empty sheet', async () => {
    const { fetch } = setup({ attempts: [attempt(11, '②', true)] });
    const dialog = await screen.findByRole('dialog', { name: '이전 풀이 기록' });
    expect(within(dialog).getByText('1문항을 풀었습니다. 이어서 푸시겠습니까?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '처음부터 풀기' }));
    await ready();
    expect(calls(fetch, 'POST', '/v1/solve/tests/3/restart')).toHaveLength(1);
    expect(heading().textContent).toBe('1번 문제');
    expect(screen.queryByText(/정답률/)).toBeNull();
    expect(gridButton(1).textContent).toBe('1번 문제, 풀지 않음');
    expect(screen.getByRole('group', { name: '보기' })).toBeTruthy();
  });

  it('takes the exam handed over by the problem list instead of asking for it', async () => {
    const { fetch, router } = setup({}, () =>
      renderRoutes('/start', [
        { path: '/start', element: <p>start</p> },
        { path: '/tests/:testCode/solve', element: <SolvePage /> },
      ]),
    );
    await act(() => router.navigate('/tests/3/solve', { state: { test: testInfoRow({ test_name: '목록에서 받은 시험' }) } }));
    expect(await screen.findByRole('heading', { level: 1, name: '목록에서 받은 시험' })).toBeTruthy();
    await ready();
    expect(calls(fetch, 'GET', '/v1/test/3')).toHaveLength(0);
  });

  it('does not ask when the run has no answers yet', async () => {
    setup({ attempts: [] });
    await ready();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('toggles the problem in 중요 문제 and opens the bookmark modal for the other boxes', async () => {
    const { important } = setup();
    await ready();
    const star = await screen.findByRole('button', { name: '중요' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    expect(await screen.findByText('북마크에 추가되었습니다.')).toBeTruthy();
    expect(important.has(11)).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: '중요' }).getAttribute('aria-pressed')).toBe('true'));

    fireEvent.click(screen.getByRole('button', { name: '중요' }));
    expect(await screen.findByText('박스에서 제거되었습니다.')).toBeTruthy();
    expect(important.has(11)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: '박스에 담기' }));
    const modal = await screen.findByRole('dialog', { name: '박스에 북마크' });
    expect(await within(modal).findByText('순환기 복습')).toBeTruthy();
    // Shortcuts rest while the box dialog is open.
    key('ArrowRight');
    expect(heading().textContent).toBe('1번 문제');
  });

  it('says so when the exam has nothing to solve, with a way back to the list', async () => {
    setup({ problems: [noAnswer] });
    expect(await screen.findByText('풀 수 있는 문제가 없습니다.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '문제 목록으로' }).getAttribute('href')).toBe('/tests/3/problems');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('reports a failed load', async () => {
    setup({ handlers: { 'GET /v1/problem': () => json(500, { message: '서버 오류', code: 'INTERNAL' }) } });
    const alert = (await screen.findByText('문제 로드 실패')).closest('[role="alert"]') as HTMLElement;
    expect(alert).toBeTruthy();
    expect(within(alert).getByRole('button', { name: '다시 시도' })).toBeTruthy();
  });
});
