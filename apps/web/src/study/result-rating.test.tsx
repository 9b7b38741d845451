import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problemRow } from '../testing/fixtures/problems';
import { answered, detail } from '../testing/fixtures/study-sessions';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

// 이 문제 평가 on the result of a finished timed session (issue 30 item 6): a problem answered and
// opened in the result can be rated; one not answered cannot, and closed ones ask nothing.

const mc1 = problemRow({ uid: 11, no: 1, question: '<p>첫째 문제</p>', illustration: '① 하나\n② 둘\n③ 셋', answer: '②' });
const mc2 = problemRow({ uid: 12, no: 2, question: '<p>둘째 문제</p>', illustration: '① 하나\n② 둘\n③ 셋', answer: '③' });
const summary = (uid: number) => ({ problem_uid: uid, good: 0, erroneous: 0, difficulty: null });

afterEach(() => vi.unstubAllGlobals());

describe('the result of a timed session', () => {
  it('rates an answered problem opened in the result: 문제에 오류가 있음 with a comment', async () => {
    const saved: unknown[] = [];
    const fetch = mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      'GET /v1/study/sessions/5': () =>
        json(
          200,
          detail({ mode: 'timed', minutes: 5, finish_time: '2026-11-24T09:10:00.000Z', correct: 1 }, [mc1, mc2], [answered(11, '②', true)], {
            total: 2,
            answered: 1,
            correct: 1,
            pending: 0,
            seconds: 120,
          }),
        ),
      'GET /v1/problem/11/rating': () => json(200, { rating: null, summary: summary(11) }),
      'PUT /v1/problem/11/rating': ({ init }) => {
        const body = JSON.parse(String(init?.body)) as object;
        saved.push(body);
        return json(200, { rating: { ...body, update_time: '2026-11-24T09:11:00.000Z' }, summary: { ...summary(11), erroneous: 1 } });
      },
    });
    renderRoutes('/study/sessions/5');
    await screen.findByTestId('result-score');
    const ratingCalls = () => fetch.mock.calls.filter(([url]) => String(url).includes('/rating'));
    expect(screen.queryByRole('region', { name: '이 문제 평가' })).toBeNull();
    expect(ratingCalls()).toHaveLength(0);

    // The unanswered second problem opened: nothing to rate (the server would refuse it).
    fireEvent.click(screen.getByRole('button', { name: /^2\. / }));
    expect(await screen.findByText('둘째 문제')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^1\. / }));
    const panel = await screen.findByRole('region', { name: '이 문제 평가' });
    expect(screen.getAllByRole('region', { name: '이 문제 평가' })).toHaveLength(1);
    expect(ratingCalls().map(([url]) => String(url))).toEqual([expect.stringContaining('/v1/problem/11/rating')]);

    fireEvent.click(within(panel).getByLabelText('문제에 오류가 있음'));
    fireEvent.change(within(panel).getByLabelText('어디가 잘못되었나요? (학습부장에게 전달됩니다)'), { target: { value: '보기 ②와 ③이 같은 말입니다.' } });
    fireEvent.click(within(panel).getByRole('button', { name: '평가 저장' }));
    await waitFor(() => expect(saved).toEqual([{ good: false, erroneous: true, difficulty: null, comment: '보기 ②와 ③이 같은 말입니다.' }]));
  });
});
