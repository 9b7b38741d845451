import { isCorrectAnswer } from '@qbank/shared/answers';
import type { Annotation } from '@qbank/shared/annotations';
import type { Problem } from '@qbank/shared/problems';
import type { ReviewDueProblem } from '@qbank/shared/review';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answerStore, type QueuedReviewAnswer } from '../lib/offline-data';
import { problemRow, problemsPage } from '../testing/fixtures/problems';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

// The review screen against a canned API judged like the real server: the answer is recorded
// first, the optional self-rating after the verdict, then on to the next due problem. The deck
// holds card data; each problem is read from GET /v1/problem?uid=N (decision 205).

const first = problemRow({
  uid: 31,
  no: 3,
  test_name: '2026 병리학 중간고사',
  illustration: '① 하나\n② 둘\n③ 셋',
  answer: '②',
  question: '<p>첫째 복습 문제</p>',
});
const second = problemRow({ uid: 32, no: 8, illustration: '① 하나\n② 둘\n③ 셋', answer: '①, ③', question: '<p>둘째 복습 문제</p>' });
/** A due problem: the deck's card and the problem its own read answers. */
interface Due {
  problem: Problem;
  card: ReviewDueProblem;
}
const due = (problem: Problem, lastAnswer: string): Due => ({
  problem,
  card: { problem_uid: problem.uid, due_at: '2026-11-20T00:00:00.000Z', last_answer: lastAnswer, last_is_correct: false, reps: 1, lapses: 0 },
});

/** `answerProblem` answers a problem's read in place of the canned problem (undefined: the problem). */
function setup(
  entries: Due[],
  network = { online: true },
  annotations: Annotation[] = [],
  answerProblem: (uid: number) => Response | Promise<Response> | undefined = () => undefined,
) {
  const problems = entries.map((entry) => entry.problem);
  const reads: string[] = [];
  const answers: unknown[] = [];
  const sends: Array<{ client_id: string; rating?: string }> = [];
  const ratings: unknown[] = [];
  const verdicts: unknown[] = [];
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  const later = new Date(Date.now() + 9 * 86_400_000).toISOString();
  const handlers = {
    'GET /v1/auth/me': meHandler(member()),
    // Both answered offline too, as the service worker does from its cache.
    'GET /v1/study/review': () => json(200, { due_count: entries.length, problems: entries.map((entry) => entry.card) }),
    'GET /v1/problem': ({ url }) => {
      reads.push(url);
      const uid = Number(new URL(url, 'http://localhost').searchParams.get('uid'));
      return answerProblem(uid) ?? json(200, problemsPage(problems.filter((problem) => problem.uid === uid)));
    },
    'GET /v1/study/review/count': () => json(200, { due_count: problems.length - answers.length }),
    'GET /v1/notes': () => json(200, { notes: [], total: 0, page: 1, limit: 100 }),
    'GET /v1/box': () => json(200, { boxes: [] }),
    'GET /v1/annotations': () => json(200, { annotations }),
  } as Parameters<typeof mockFetch>[0];
  for (const problem of problems) {
    handlers[`POST /v1/study/review/${problem.uid}`] = ({ init }) => {
      if (!network.online) throw new TypeError('Failed to fetch');
      const body = JSON.parse(String(init?.body)) as { answer: string; client_id: string; rating?: string };
      sends.push(body);
      answers.push({ uid: problem.uid, answer: body.answer });
      const correct = isCorrectAnswer(body.answer, problem.answer, problem.type);
      // A typed answer the key does not match schedules nothing until the member judges it (decision 075).
      const waits = problem.type !== 1 && !correct;
      return json(201, { is_correct: correct, attempt_code: problem.uid * 10, judged_by: 'machine', due_at: waits ? null : correct ? later : tomorrow });
    };
    handlers[`POST /v1/solve/attempts/${problem.uid * 10}/self-judgment`] = ({ init }) => {
      const { is_correct } = JSON.parse(String(init?.body)) as { is_correct: boolean };
      verdicts.push({ code: problem.uid * 10, is_correct });
      const attempt = { code: problem.uid * 10, run_code: null, problem_uid: problem.uid, answer: '', is_correct, judged_by: 'self', creation_time: tomorrow };
      return json(200, { attempt, review_due_at: is_correct ? later : tomorrow });
    };
    handlers[`PUT /v1/study/review/${problem.uid}/rating`] = ({ init }) => {
      ratings.push({ uid: problem.uid, ...(JSON.parse(String(init?.body)) as object) });
      return json(200, { due_at: later });
    };
  }
  mockFetch(handlers);
  renderRoutes('/study/review');
  return { answers, ratings, verdicts, sends, reads };
}

afterEach(() => answerStore.clear());

describe('review screen', () => {
  it('has the answering tools: 형광펜 on the stem with the stored highlights drawn, and 참고치 with its key (issue 30)', async () => {
    const stored: Annotation = {
      problem_uid: 31,
      struck: [],
      highlights: [{ part: 'question', start: 3, end: 5 }],
      marked: false,
      update_time: '2026-11-24T09:00:00.000Z',
    };
    setup([due(first, '③')], { online: true }, [stored]);
    expect(await screen.findByRole('heading', { level: 2, name: '1번 문제' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '형광펜' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '참고치' }).getAttribute('aria-keyshortcuts')).toBe('L');
    await waitFor(() => expect([...document.querySelectorAll('mark.qbank-highlight')].map((mark) => mark.textContent)).toEqual(['복습']));
    fireEvent.keyDown(document, { key: '?' });
    expect(await screen.findByRole('cell', { name: '참고치 표 열기' })).toBeTruthy();
  });

  it('reviews the due problems in order: answer, verdict, optional self-rating, next', async () => {
    const { answers, ratings } = setup([due(first, '③'), due(second, '①')]);
    expect(await screen.findByRole('heading', { level: 2, name: '1번 문제' })).toBeTruthy();
    expect(screen.getByText('1 / 2')).toBeTruthy();
    // Nothing of the previous answer before this one: it would give the key away.
    expect(screen.queryByText(/지난번 답/)).toBeNull();
    expect(screen.queryByTestId('review-last-answer')).toBeNull();

    fireEvent.click(within(screen.getByRole('group', { name: '보기' })).getByRole('button', { name: /② 둘/ }));
    expect(await screen.findByTestId('solve-verdict')).toBeTruthy();
    expect(screen.getByTestId('review-last-answer').textContent).toBe('지난번 답: ③ (오답)');
    await waitFor(() => expect(screen.getByTestId('review-next-due').textContent).toBe('다음 복습: 9일 뒤'));
    expect(answers).toEqual([{ uid: 31, answer: '②' }]);

    const rating = screen.getByRole('group', { name: /얼마나 잘 기억했나요/ });
    fireEvent.click(within(rating).getByRole('button', { name: /^어려움/ }));
    await waitFor(() => expect(ratings).toEqual([{ uid: 31, rating: 'hard' }]));
    expect(
      within(rating)
        .getByRole('button', { name: /^어려움/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    // After the answer the number keys rate (1 다시 … 4 쉬움), as in Anki.
    fireEvent.keyDown(document.body, { key: '4' });
    await waitFor(() =>
      expect(ratings).toEqual([
        { uid: 31, rating: 'hard' },
        { uid: 31, rating: 'easy' },
      ]),
    );
    expect(within(rating).getByRole('button', { name: /^쉬움/ }).getAttribute('aria-keyshortcuts')).toBe('4');

    // The second problem takes several options: chosen, then submitted together.
    fireEvent.click(screen.getByRole('button', { name: /다음 문제/ }));
    expect(await screen.findByText('둘째 복습 문제')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: '1' });
    fireEvent.keyDown(document.body, { key: '3' });
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await waitFor(() =>
      expect(answers).toEqual([
        { uid: 31, answer: '②' },
        { uid: 32, answer: '①, ③' },
      ]),
    );
    expect(screen.getByTestId('solve-verdict').textContent).toContain('정답');

    fireEvent.click(screen.getByRole('button', { name: /복습 마치기/ }));
    expect((await screen.findByTestId('review-end')).textContent).toBe('복습을 마쳤습니다. 2문제를 다시 풀었습니다.');
  });

  it('lets the member judge an essay answer (맞음 / 틀림, Y / N) and reschedules it from the verdict', async () => {
    const essay = problemRow({ uid: 33, no: 2, type: 2, choice_type: null, illustration: '', answer: '좌심실 비대', question: '<p>서술형 복습 문제</p>' });
    const { verdicts } = setup([due(essay, '모름')]);
    fireEvent.change(await screen.findByRole('textbox', { name: /답/ }), { target: { value: '좌심실이 두꺼워짐' } });
    fireEvent.click(screen.getByRole('button', { name: /제출/ }));
    const judgment = await screen.findByTestId('self-judgment');
    // Not judged yet: scheduled by nothing.
    expect(screen.queryByTestId('review-next-due')).toBeNull();

    fireEvent.click(within(judgment).getByRole('button', { name: '맞음 (Y)' }));
    await waitFor(() => expect(verdicts).toEqual([{ code: 330, is_correct: true }]));
    await waitFor(() => expect(screen.getByTestId('review-next-due').textContent).toBe('다음 복습: 9일 뒤'));
    expect(within(judgment).getByRole('button', { name: '맞음 (Y)' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.keyDown(document.body, { key: 'n' });
    await waitFor(() =>
      expect(verdicts).toEqual([
        { code: 330, is_correct: true },
        { code: 330, is_correct: false },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('review-next-due').textContent).toBe('다음 복습: 내일'));
  });

  it('offline: the answer is kept with the screen’s verdict, a rating given meanwhile goes with it, and it is sent once when the connection returns (decision 054)', async () => {
    const network = { online: false };
    const { answers, ratings, sends } = setup([due(first, '③'), due(second, '①')], network);
    fireEvent.click(within(await screen.findByRole('group', { name: '보기' })).getByRole('button', { name: /① 하나/ }));
    expect((await screen.findByTestId('solve-verdict')).textContent).toContain('오답');
    expect(await screen.findByText('연결되면 보냅니다')).toBeTruthy();
    const rating = screen.getByRole('group', { name: /얼마나 잘 기억했나요/ });
    fireEvent.click(within(rating).getByRole('button', { name: /^다시/ }));
    await waitFor(async () =>
      expect(((await answerStore.all()) as QueuedReviewAnswer[]).map((a) => [a.kind, a.problem_uid, a.answer, a.rating])).toEqual([
        ['review', 31, '①', 'again'],
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: /다음 문제/ }));
    expect(await screen.findByText('둘째 복습 문제')).toBeTruthy();

    network.online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(async () => expect(await answerStore.all()).toEqual([]));
    expect(answers).toEqual([{ uid: 31, answer: '①' }]);
    // The rating rode on the answer: no separate call, and the one send carried it.
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ rating: 'again' });
    expect(ratings).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /이전/ }));
    await waitFor(() => expect(screen.getByTestId('review-next-due').textContent).toBe('다음 복습: 내일'));
    expect(screen.queryByText('연결되면 보냅니다')).toBeNull();
  });

  it('shows a lettered answer as its option number, and lists the rating keys in the shortcut help', async () => {
    const lettered = problemRow({
      uid: 34,
      no: 5,
      choice_type: 1,
      illustration: '① 가\n② 나\n③ 다\n④ 라\n⑤ 마',
      answer: '②',
      question: '<p>가나다형 복습 문제</p>',
    });
    setup([due(lettered, '③다')]);
    fireEvent.click(within(await screen.findByRole('group', { name: '보기' })).getByRole('button', { name: /^②/ }));
    expect((await screen.findByTestId('review-last-answer')).textContent).toBe('지난번 답: ③ (오답)');
    fireEvent.keyDown(document.body, { key: '?' });
    const help = await screen.findByRole('dialog', { name: /단축키/ });
    expect(within(help).getByText(/기억한 정도 평가/)).toBeTruthy();
  });

  it('reads every problem of the deck as soon as it arrives, each from its own shared URL (decision 205)', async () => {
    const third = problemRow({ uid: 35, no: 9, illustration: '① 하나\n② 둘', answer: '①', question: '<p>셋째 복습 문제</p>' });
    const { reads } = setup([due(first, '③'), due(second, '①'), due(third, '②')]);
    expect(await screen.findByText('첫째 복습 문제')).toBeTruthy();
    // All three before the member moves on: the worker keeps the whole deck for the subway.
    await waitFor(() => expect([...reads].sort()).toEqual(['/v1/problem?uid=31', '/v1/problem?uid=32', '/v1/problem?uid=35']));
    fireEvent.click(screen.getByRole('button', { name: /다음 문제/ }));
    expect(await screen.findByText('둘째 복습 문제')).toBeTruthy();
    expect(reads).toHaveLength(3);
  });

  it('skips a problem deleted since the deck was built, and does not count it as left', async () => {
    const { answers } = setup([due(first, '③'), due(second, '①')], { online: true }, [], (uid) => (uid === 31 ? json(200, problemsPage([])) : undefined));
    expect((await screen.findByTestId('review-problem-notice')).textContent).toBe('이 문제는 삭제되었거나 더 이상 볼 수 없어 복습에서 건너뜁니다.');
    expect(screen.getByText('1 / 2')).toBeTruthy();
    expect(screen.queryByRole('group', { name: '보기' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /다음 문제/ }));
    expect(await screen.findByText('둘째 복습 문제')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: '1' });
    fireEvent.keyDown(document.body, { key: '3' });
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await waitFor(() => expect(answers).toEqual([{ uid: 32, answer: '①, ③' }]));
    fireEvent.click(screen.getByRole('button', { name: /복습 마치기/ }));
    expect((await screen.findByTestId('review-end')).textContent).toBe('복습을 마쳤습니다. 1문제를 다시 풀었습니다.');
    expect(screen.queryByText(/더 남아 있습니다/)).toBeNull();
  });

  it('shows the loader in place of a problem still loading, and lets the member go on', async () => {
    setup([due(first, '③'), due(second, '①')], { online: true }, [], (uid) => (uid === 32 ? new Promise<Response>(() => {}) : undefined));
    expect(await screen.findByText('첫째 복습 문제')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /다음 문제/ }));
    expect(await screen.findByTestId('page-skeleton')).toBeTruthy();
    expect(screen.getByText('2 / 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /이전/ }));
    expect(await screen.findByText('첫째 복습 문제')).toBeTruthy();
  });

  it('says when a problem failed to load, and reads it again on 다시 시도', async () => {
    let failing = true;
    setup([due(first, '③')], { online: true }, [], () => (failing ? json(500, { message: '서버 오류', code: 'INTERNAL' }) : undefined));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('이 문제를 불러오지 못했습니다')).toBeTruthy();
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('첫째 복습 문제')).toBeTruthy();
  });

  it('says so when nothing is due', async () => {
    setup([]);
    expect((await screen.findByTestId('review-end')).textContent).toBe('지금 복습할 문제가 없습니다. 문제를 더 풀어 보세요!');
  });
});
