import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problemRow } from '../../testing/fixtures/problems';
import { json, meHandler, member, mockFetch } from '../../testing/fetch-mock';
import { renderElement } from '../../testing/render';
import { choiceOptions } from '../answer-model';
import type { AnswerResult } from '../answer-model';
import { ResultView } from './result-view';

// The verdict of solve mode and the review deck (issue 30 item 6): once the answer is recorded,
// 이 문제 평가 is offered, and the members' 체감 난이도 stands beside the class's correct rate once
// the server gives one (five ratings or more).

const problem = problemRow({ uid: 11, no: 1, question: '<p>첫째 문제</p>', illustration: '① 하나\n② 둘\n③ 셋', answer: '②' });
const result = (save: AnswerResult['save']): AnswerResult => ({ answer: '②', correct: true, save, token: 1, attemptCode: 110, judgedBy: 'machine' });
const stats = {
  answers: 20,
  correct_rate: 0.4,
  options: ['①', '②', '③'].map((option, i) => ({ option, count: [6, 8, 6][i]!, rate: [0.3, 0.4, 0.3][i]! })),
  min_answers: 5,
  voided: false,
};
const felt = { easy: 1, normal: 1, hard: 3, felt: 'hard' };

function server(difficulty: typeof felt | null) {
  return mockFetch({
    'GET /v1/auth/me': meHandler(member()),
    'GET /v1/problem/11/stats': () => json(200, stats),
    'GET /v1/ratings/summary': () => json(200, { summaries: [{ problem_uid: 11, good: 2, erroneous: 0, difficulty }] }),
    'GET /v1/problem/11/rating': () => json(200, { rating: null, summary: { problem_uid: 11, good: 2, erroneous: 0, difficulty } }),
  });
}

const view = (save: AnswerResult['save']) => (
  <ResultView problem={problem} position={1} options={choiceOptions(problem)} result={result(save)} explanation={false} resultRef={() => undefined} />
);

afterEach(() => vi.unstubAllGlobals());

describe('the verdict of an answered problem', () => {
  it('offers 이 문제 평가 and shows 체감 난이도 beside the correct rate once the answer is saved', async () => {
    server(felt);
    renderElement('/p', '/p', view('saved'));
    const panel = await screen.findByRole('region', { name: '이 문제 평가' });
    expect(within(panel).getByLabelText('좋은 문제')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: '평가 저장' })).toBeTruthy();
    const classAnswers = await screen.findByTestId('class-answers');
    await waitFor(() => expect(classAnswers.textContent).toContain('20명 응답 · 정답률 40%체감 난이도 어려움 (5명)'));
  });

  it('shows no 체감 난이도 while fewer than five rated it (the server gives none)', async () => {
    const fetch = server(null);
    renderElement('/p', '/p', view('saved'));
    await screen.findByRole('region', { name: '이 문제 평가' });
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('/v1/ratings/summary'))).toBe(true));
    expect((await screen.findByTestId('class-answers')).textContent).toContain('20명 응답 · 정답률 40%');
    expect(screen.queryByText(/체감 난이도/)).toBeNull();
  });

  it('offers no rating while the answer waits in the offline queue (the server would refuse it)', async () => {
    const fetch = server(felt);
    renderElement('/p', '/p', view('queued'));
    expect(await screen.findByTestId('solve-verdict')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '이 문제 평가' })).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/rating'))).toBe(false);
  });
});
