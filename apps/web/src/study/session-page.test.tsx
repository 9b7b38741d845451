import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionDetail } from '@qbank/shared/study';
import { answerStore, claimOfflineData, type QueuedSessionAnswer } from '../lib/offline-data';
import { problemRow } from '../testing/fixtures/problems';
import { answered, detail } from '../testing/fixtures/study-sessions';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

// The session screen against a canned API: tutor verdicts, timed mode without verdicts, resuming
// at the first unanswered problem, finishing, and the result's retry.

const mc1 = problemRow({ uid: 11, no: 1, question: '<p>첫째 문제</p>', illustration: '① 하나\n② 둘\n③ 셋', answer: '②', comments: '<p>둘이 맞다</p>' });
const mc2 = problemRow({ uid: 12, no: 2, question: '<p>둘째 문제</p>', illustration: '① 하나\n② 둘\n③ 셋', answer: '③', comments: '<p>셋이 맞다</p>' });
const mc3 = problemRow({ uid: 13, no: 3, question: '<p>셋째 문제</p>', illustration: '① 하나\n② 둘\n③ 셋', answer: '①', comments: '' });

afterEach(async () => {
  vi.unstubAllGlobals();
  await answerStore.clear();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A text-answer problem (31) whose typed answers wait for the member's own verdict. */
const essayProblem = () =>
  problemRow({
    uid: 31,
    no: 4,
    type: 2,
    choice_type: null,
    question: '<p>심비대의 소견은?</p>',
    illustration: '',
    answer: '좌심실 비대',
    comments: '',
  });

/** The server's answer when the member marks their typed answer 31 right (맞음). */
const SELF_JUDGED = {
  attempt: {
    code: 3100,
    run_code: null,
    problem_uid: 31,
    answer: '좌심실이 두꺼워짐',
    is_correct: true,
    judged_by: 'self',
    creation_time: '2026-11-24T09:01:00.000Z',
  },
  review_due_at: null,
};

/**
 * Session 5 before and after 끝내기: GET answers `before` until POST …/finish is called, then
 * `after`, whose result the finish call also returns. `finishes()` counts the finish calls.
 */
function finishingSession(before: SessionDetail, after: SessionDetail) {
  let finishes = 0;
  return {
    handlers: {
      'GET /v1/study/sessions/5': () => json(200, finishes > 0 ? after : before),
      'POST /v1/study/sessions/5/finish': () => {
        finishes += 1;
        return json(200, { result: after.result });
      },
    },
    finishes: () => finishes,
  };
}

/** Presses 세션 끝내기 and returns the confirmation dialog it opens. */
async function openFinishDialog() {
  fireEvent.click((await screen.findAllByRole('button', { name: '세션 끝내기' }))[0]!);
  return screen.findByRole('dialog', { name: '세션을 끝낼까요?' });
}

describe('study session screen', () => {
  it('tutor mode: resumes at the first unanswered problem and shows the verdict and explanation at once', async () => {
    const posted: unknown[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      'GET /v1/study/sessions/5': () => json(200, detail({}, [mc1, mc2, mc3], [answered(11, '②', true)])),
      'POST /v1/study/sessions/5/answers': ({ init }) => {
        const body = JSON.parse(String(init?.body)) as { problem_uid: number; answer: string };
        posted.push(body);
        return json(201, { answer: answered(body.problem_uid, body.answer, body.answer === '③') });
      },
    });
    renderRoutes('/study/sessions/5');
    expect(await screen.findByRole('heading', { level: 1, name: '튜터 모드 · 3문제' })).toBeTruthy();
    // The focus starts on the problem, not on the button that started the session.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: '2번' })));
    expect(screen.getByText('2 / 3')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('group', { name: '보기' })).getByRole('button', { name: /^①/ }));
    expect((await screen.findByTestId('session-verdict')).textContent).toContain('오답');
    expect(screen.getByRole('region', { name: '해설' }).textContent).toContain('셋이 맞다');
    await waitFor(() => expect(posted).toMatchObject([{ problem_uid: 12, answer: '①' }]));
    // The grid shows both verdicts.
    const grid = screen.getByRole('navigation', { name: '문제 번호' });
    expect(within(grid).getByRole('button', { name: /^1 ?번 문제, 정답/ })).toBeTruthy();
    expect(within(grid).getByRole('button', { name: /^2 ?번 문제, 오답/ })).toBeTruthy();
  });

  it('a problem with several correct options is answered with all of them at once', async () => {
    const posted: unknown[] = [];
    const several = problemRow({
      uid: 21,
      no: 1,
      question: '<p>옳은 것을 모두 고르시오.</p>',
      illustration: '① 하나\n② 둘\n③ 셋',
      answer: '①, ③',
      comments: '',
    });
    mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      'GET /v1/study/sessions/5': () => json(200, detail({}, [several])),
      'POST /v1/study/sessions/5/answers': ({ init }) => {
        const body = JSON.parse(String(init?.body)) as { problem_uid: number; answer: string };
        posted.push(body);
        return json(201, { answer: answered(body.problem_uid, body.answer, true) });
      },
    });
    renderRoutes('/study/sessions/5');
    const choices = within(await screen.findByRole('group', { name: '보기' }));
    fireEvent.click(choices.getByRole('button', { name: /^①/ }));
    fireEvent.click(choices.getByRole('button', { name: /^③/ }));
    expect(posted).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '선택한 보기 제출' }));
    expect((await screen.findByTestId('session-verdict')).textContent).toContain('정답');
    await waitFor(() => expect(posted).toMatchObject([{ problem_uid: 21, answer: '①, ③' }]));
  });

  it('timed mode: a countdown from ends_at, no verdict, and the chosen option stays marked', async () => {
    const endsAt = new Date(Date.now() + 5 * 60_000).toISOString();
    mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      'GET /v1/study/sessions/5': () =>
        json(
          200,
          detail({ mode: 'timed', minutes: 5, ends_at: endsAt }, [
            { ...mc1, answer: '', comments: '' },
            { ...mc2, answer: '', comments: '' },
          ]),
        ),
      'POST /v1/study/sessions/5/answers': ({ init }) => {
        const body = JSON.parse(String(init?.body)) as { problem_uid: number; answer: string };
        return json(201, { answer: answered(body.problem_uid, body.answer) });
      },
    });
    renderRoutes('/study/sessions/5');
    expect(await screen.findByRole('heading', { level: 1, name: '시험 모드 · 2문제' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^0[45]:\d\d$/);
    fireEvent.click(within(screen.getByRole('group', { name: '보기' })).getByRole('button', { name: /^②/ }));
    expect(await screen.findByTestId('session-saved')).toBeTruthy();
    expect(screen.queryByTestId('session-verdict')).toBeNull();
    expect(
      within(screen.getByRole('group', { name: '보기' }))
        .getByRole('button', { name: /^②/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(within(screen.getByRole('navigation', { name: '문제 번호' })).getByRole('button', { name: /^1 ?번 문제, 답함/ })).toBeTruthy();
  });

  it('timed mode hands in from 제출 전 확인 with one press: the unanswered problem listed, then the result', async () => {
    const endsAt = new Date(Date.now() + 5 * 60_000).toISOString();
    const problems = [
      { ...mc1, answer: '', comments: '' },
      { ...mc2, answer: '', comments: '' },
    ];
    const timed = { mode: 'timed', minutes: 5, ends_at: endsAt } as const;
    const session = finishingSession(
      detail(timed, problems, [answered(11, '②')]),
      detail({ ...timed, finish_time: '2026-11-24T09:10:00.000Z', correct: 1 }, [mc1, mc2], [answered(11, '②', true)], {
        total: 2,
        answered: 1,
        correct: 1,
        pending: 0,
        seconds: 120,
      }),
    );
    mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      'GET /v1/annotations': () => json(200, { annotations: [] }),
      ...session.handlers,
    });
    renderRoutes('/study/sessions/5');
    fireEvent.click((await screen.findAllByRole('button', { name: '세션 끝내기' }))[0]!);
    const review = await screen.findByRole('dialog', { name: '제출 전 확인' });
    expect(within(review).getByRole('heading', { name: '답하지 않은 문제 1개' })).toBeTruthy();
    expect(within(review).getByRole('button', { name: '2번 문제로 돌아가기' })).toBeTruthy();
    fireEvent.click(within(review).getByRole('button', { name: '그대로 제출' }));
    expect((await screen.findByTestId('result-score')).textContent).toContain('2문제 중 1문제 정답');
    expect(session.finishes()).toBe(1);
    expect(screen.queryByRole('dialog', { name: '세션을 끝낼까요?' })).toBeNull();
  });

  it('finishing shows the result; 틀린 문제 다시 풀기 opens the new session', async () => {
    const retried = vi.fn();
    const answers = [answered(11, '②', true), answered(12, '①', false)];
    const session = finishingSession(
      detail({}, [mc1, mc2, mc3], answers),
      detail({ finish_time: '2026-11-24T09:10:00.000Z', correct: 1 }, [mc1, mc2, mc3], answers, {
        total: 3,
        answered: 2,
        correct: 1,
        pending: 0,
        seconds: 600,
      }),
    );
    mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      ...session.handlers,
      'POST /v1/study/sessions/5/retry': () => {
        retried();
        return json(201, { session: { code: 6, mode: 'tutor', problem_uids: [12, 13], ends_at: null } });
      },
      'GET /v1/study/sessions/6': () => json(200, detail({ code: 6, filter: 'retry', retry_of: 5 }, [mc2, mc3])),
    });
    const { router } = renderRoutes('/study/sessions/5');
    const dialog = await openFinishDialog();
    expect(dialog.textContent).toContain('아직 답하지 않은 문제가 1개');
    fireEvent.click(within(dialog).getByRole('button', { name: '끝내기' }));
    expect((await screen.findByTestId('result-score')).textContent).toContain('3문제 중 1문제 정답');
    expect(screen.getByText('걸린 시간 10분 0초')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '틀린 문제 다시 풀기 (2)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/study/sessions/6'));
    expect(retried).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { level: 1, name: '튜터 모드 · 2문제' })).toBeTruthy();
  });

  it('a voided problem takes no answer and has no verdict, in the session, its grid and its result (decision 079)', async () => {
    const voided = { ...mc2, is_voided: 1 };
    const session = finishingSession(
      detail({ total: 2 }, [mc1, voided, mc3], [answered(11, '②', true), answered(12, '①', false)]),
      detail(
        { finish_time: '2026-11-24T09:10:00.000Z', correct: 1, total: 2 },
        [mc1, voided, mc3],
        [answered(11, '②', true), answered(12, '①', false), answered(13, '②', false)],
        { total: 2, answered: 2, correct: 1, pending: 0, seconds: 60 },
      ),
    );
    mockFetch({ 'GET /v1/auth/me': meHandler(member()), ...session.handlers });
    renderRoutes('/study/sessions/5');
    // It resumes past the voided problem, and counts it nowhere.
    expect(await screen.findByRole('heading', { level: 2, name: '3번' })).toBeTruthy();
    expect(screen.getByText('1/2 답함')).toBeTruthy();
    const grid = screen.getByRole('navigation', { name: '문제 번호' });
    fireEvent.click(within(grid).getByRole('button', { name: /^2 ?번 문제, 문항 무효/ }));
    expect(screen.getByTestId('voided-problem').textContent).toContain('문항 무효');
    expect(screen.queryByTestId('session-verdict')).toBeNull();
    expect(screen.queryByRole('group', { name: '보기' })).toBeNull();

    fireEvent.click(within(await openFinishDialog()).getByRole('button', { name: '끝내기' }));
    expect((await screen.findByTestId('result-score')).textContent).toContain('2문제 중 1문제 정답');
    // The retry set is the one miss (problem 3), not the voided problem.
    expect(screen.getByRole('button', { name: '틀린 문제 다시 풀기 (1)' })).toBeTruthy();
  });

  it('offline: answers are kept and shown with the screen’s verdict, then sent once each when the connection returns; the server’s verdict wins (decision 054)', async () => {
    let online = false;
    const posted: Array<{ problem_uid: number; answer: string; client_id: string; answered_at: string }> = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      'GET /v1/study/sessions/5': () => json(200, detail({}, [mc1, mc2, mc3])),
      'POST /v1/study/sessions/5/answers': ({ init }) => {
        if (!online) throw new TypeError('Failed to fetch');
        const body = JSON.parse(String(init?.body)) as (typeof posted)[number];
        posted.push(body);
        // The server judges every answer right, whatever the screen thought.
        return json(201, { answer: answered(body.problem_uid, body.answer, true) });
      },
    });
    renderRoutes('/study/sessions/5');
    const choose = async (label: RegExp) => fireEvent.click(within(await screen.findByRole('group', { name: '보기' })).getByRole('button', { name: label }));
    await choose(/^①/);
    expect((await screen.findByTestId('session-verdict')).textContent).toContain('오답');
    expect(await screen.findByTestId('session-queued')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    await choose(/^③/);
    await waitFor(async () => expect(await answerStore.all()).toHaveLength(2));
    const kept = (await answerStore.all()) as QueuedSessionAnswer[];
    expect(kept.map((a) => [a.kind, a.session_code, a.problem_uid, a.answer])).toEqual([
      ['session', 5, 11, '①'],
      ['session', 5, 12, '③'],
    ]);
    expect(Math.abs(Date.parse(kept[0]!.answered_at) - Date.now())).toBeLessThan(60_000);
    expect(screen.getByText('2/3 답함')).toBeTruthy();
    // Finishing needs the connection: said so, and the button waits.
    const dialog = await openFinishDialog();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(within(dialog).getByText(/인터넷 연결이 없어 지금은 끝낼 수 없습니다/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '끝내기' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '계속 풀기' }));

    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(async () => expect(await answerStore.all()).toEqual([]));
    expect(posted.map((b) => [b.problem_uid, b.answer])).toEqual([
      [11, '①'],
      [12, '③'],
    ]);
    expect(posted.map((b) => b.client_id)).toEqual(kept.map((a) => a.client_id));
    expect(posted.every((b) => UUID.test(b.client_id))).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('session-queued')).toBeNull());
    const grid = screen.getByRole('navigation', { name: '문제 번호' });
    expect(within(grid).getByRole('button', { name: /^1 ?번 문제, 정답/ })).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('shows the answers an earlier visit left waiting over the session’s last read (a reload in the tunnel)', async () => {
    await claimOfflineData(member().code);
    const waiting: QueuedSessionAnswer = {
      kind: 'session',
      client_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      member_code: member().code,
      session_code: 5,
      test_code: 3,
      problem_uid: 12,
      answer: '①',
      local_correct: false,
      queued_at: '2026-11-25T01:00:00.000Z',
      answered_at: '2026-11-25T01:00:00.000Z',
    };
    await answerStore.put(waiting);
    mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      'GET /v1/study/sessions/5': () => json(200, detail({}, [mc1, mc2, mc3], [answered(11, '②', true)])),
      'POST /v1/study/sessions/5/answers': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderRoutes('/study/sessions/5');
    // Resumes after both answered problems.
    expect(await screen.findByRole('heading', { level: 2, name: '3번' })).toBeTruthy();
    expect(screen.getByText('2/3 답함')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('navigation', { name: '문제 번호' })).getByRole('button', { name: /^2 ?번 문제, 오답/ }));
    expect((await screen.findByTestId('session-verdict')).textContent).toContain('오답');
    expect(screen.getByTestId('session-queued')).toBeTruthy();
  });

  it('tutor mode: a typed answer the key does not match waits for 맞음 / 틀림, sent with the recorded answer (decision 075)', async () => {
    const judged: unknown[] = [];
    const essay = essayProblem();
    mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      'GET /v1/study/sessions/5': () => json(200, detail({}, [essay, mc1])),
      'POST /v1/study/sessions/5/answers': ({ init }) => {
        const body = JSON.parse(String(init?.body)) as { problem_uid: number; answer: string };
        return json(201, { answer: answered(body.problem_uid, body.answer, false) });
      },
      'POST /v1/solve/attempts/3100/self-judgment': ({ init }) => {
        judged.push(JSON.parse(String(init?.body)));
        return json(200, SELF_JUDGED);
      },
    });
    renderRoutes('/study/sessions/5');
    fireEvent.change(await screen.findByRole('textbox', { name: '답안' }), { target: { value: '좌심실이 두꺼워짐' } });
    fireEvent.click(screen.getByRole('button', { name: '제출' }));
    expect((await screen.findByTestId('session-verdict')).textContent).toContain('채점 대기');
    const grid = screen.getByRole('navigation', { name: '문제 번호' });
    expect(within(grid).getByRole('button', { name: /^1 ?번 문제, 채점 대기/ })).toBeTruthy();
    const judging = await screen.findByTestId('self-judgment');
    fireEvent.click(within(judging).getByRole('button', { name: /맞음/ }));
    expect((await screen.findByTestId('session-verdict')).textContent).toContain('정답');
    await waitFor(() => expect(judged).toEqual([{ is_correct: true }]));
    expect(within(grid).getByRole('button', { name: /^1 ?번 문제, 정답/ })).toBeTruthy();
    // Changing one's mind from the keyboard (N), as in solve mode.
    fireEvent.keyDown(document.body, { key: 'n' });
    expect((await screen.findByTestId('session-verdict')).textContent).toContain('오답');
  });

  it('the result of a timed session asks 맞음 / 틀림 per text answer, counts it only then, and links to 오답 노트', async () => {
    let judgedRight = false;
    const essay = essayProblem();
    const finishedDetail = () =>
      detail(
        { mode: 'timed', minutes: 5, finish_time: '2026-11-24T09:10:00.000Z', correct: judgedRight ? 2 : 1, pending: judgedRight ? 0 : 1 },
        [mc1, essay, mc2],
        [answered(11, '②', true), answered(31, '좌심실이 두꺼워짐', judgedRight, judgedRight ? 'self' : 'machine')],
        { total: 3, answered: 2, correct: judgedRight ? 2 : 1, pending: judgedRight ? 0 : 1, seconds: 300 },
      );
    mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      'GET /v1/study/sessions/5': () => json(200, finishedDetail()),
      'POST /v1/solve/attempts/3100/self-judgment': () => {
        judgedRight = true;
        return json(200, SELF_JUDGED);
      },
      'POST /v1/study/sessions/5/wrong-notes': () => json(200, { box_code: 77, added: 1, total: 1 }),
    });
    renderRoutes('/study/sessions/5');
    expect((await screen.findByTestId('result-score')).textContent).toContain('3문제 중 1문제 정답');
    expect(screen.getByTestId('result-pending').textContent).toContain('1개가 채점을 기다립니다');
    // Only the unanswered problem is a miss; the text answer is neither right nor wrong yet.
    expect(screen.getByRole('button', { name: '틀린 문제 다시 풀기 (1)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^2\. 채점 대기/ }));
    const judging = await screen.findByTestId('self-judgment');
    fireEvent.click(await within(judging).findByRole('button', { name: /맞음/ }));
    await waitFor(() => expect(screen.getByTestId('result-score').textContent).toContain('3문제 중 2문제 정답'));
    expect(screen.queryByTestId('result-pending')).toBeNull();
    expect(screen.getByRole('button', { name: /^2\. 정답/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '오답 노트에 모두 담기' }));
    const link = await screen.findByRole('link', { name: '오답 노트 보기' });
    expect(link.getAttribute('href')).toBe('/dashboard/library?box=77');
  });

  it('after 끝내기 the page is at its top with the focus on the result’s heading', async () => {
    const scrolled = vi.fn();
    vi.stubGlobal('scrollTo', scrolled);
    const session = finishingSession(
      detail({}, [mc1], [answered(11, '②', true)]),
      detail({ finish_time: '2026-11-24T09:10:00.000Z', correct: 1, pending: 0 }, [mc1], [answered(11, '②', true)], {
        total: 1,
        answered: 1,
        correct: 1,
        pending: 0,
        seconds: 60,
      }),
    );
    mockFetch({ 'GET /v1/auth/me': meHandler(member()), ...session.handlers });
    renderRoutes('/study/sessions/5');
    fireEvent.click(within(await openFinishDialog()).getByRole('button', { name: '끝내기' }));
    const heading = await screen.findByRole('heading', { level: 2, name: '세션 결과' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scrolled).toHaveBeenCalledWith({ top: 0 });
  });

  it('another member’s (or a missing) session says so', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      'GET /v1/study/sessions/9': () => json(404, { message: '학습 세션을 찾을 수 없습니다.', code: 'NOT_FOUND' }),
    });
    renderRoutes('/study/sessions/9');
    expect(await screen.findByText('학습 세션을 찾을 수 없습니다.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '새 세션 만들기' }).getAttribute('href')).toBe('/study/new');
  });
});
