import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

// The /home strip and the plan screen against a canned API.

const exam = {
  code: 7,
  title: '순환기내과학 중간고사',
  date: '2026-12-01',
  time: '09:00',
  subject_code: 3,
  subject_name: '순환기내과학',
  class_uids: [],
  test_codes: [],
  grade: 2,
  editable: false,
  days_left: 3,
};
const readiness = {
  exam_date: exam,
  predicted: { mean: 0.68, low: 0.6, high: 0.75 },
  coverage: 0.4,
  by_subject: [
    { class_uid: 1, name: '순환기 3강', problems: 23, seen: 0, mean: 0.55 },
    { class_uid: 2, name: '순환기 4강', problems: 10, seen: 10, mean: 0.9 },
  ],
  levers: [{ kind: 'unseen', class_uid: 1, name: '순환기 3강', count: 23, gain: 0.04 }],
  memory_model: 'default',
};
const plan = {
  exam_date: exam,
  settings: { daily_minutes: 45, target_recall: 0.9 },
  days: [
    { date: '2026-11-28', new: 20, review: 5, minutes: 27 },
    { date: '2026-11-29', new: 3, review: 10, minutes: 9.6 },
  ],
  today: { problem_uids: [1, 2, 3], new: 20, review: 5, minutes: 27 },
  scope: { problems: 33, seen: 10 },
  left_out: { new: 4, review: 1, minutes: 5.4 },
};

function setup() {
  const started: unknown[] = [];
  mockFetch({
    'GET /v1/auth/me': meHandler(member()),
    'GET /v1/exam-dates': () => json(200, { exam_dates: [exam] }),
    'GET /v1/exam-dates/7/readiness': () => json(200, readiness),
    'GET /v1/exam-dates/7/plan': () => json(200, plan),
    'GET /v1/exam-dates/settings': () => json(200, plan.settings),
    'POST /v1/exam-dates/7/session': () => {
      started.push(7);
      return json(201, { session: { code: 55, mode: 'tutor', problem_uids: [1, 2, 3], ends_at: null } });
    },
  });
  return { started };
}

describe('the exam calendar screens', () => {
  it('shows "D-3 … · 예상 68 % (60–75)" on /home and starts today’s session in one tap', async () => {
    const { started } = setup();
    const { router } = renderRoutes('/home');
    const strip = await screen.findByTestId('exam-strip');
    await waitFor(() => expect(strip.textContent).toContain('D-3순환기내과학 중간고사 · 예상 68 % (60–75)'));
    fireEvent.click(within(strip).getByRole('button', { name: '오늘 할 일' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/study/sessions/55'));
    expect(started).toEqual([7]);
  });

  it('shows the plan: today, the prediction, the levers, the days and what does not fit', async () => {
    setup();
    renderRoutes('/study/plan/7');
    expect((await screen.findByTestId('today-summary')).textContent).toContain('새 문제 20개 · 복습 5개 · 약 27분');
    expect((await screen.findByTestId('readiness-value')).textContent).toContain('예상 68 % (60–75)');
    expect(screen.getByText(/순환기 3강 23문제를 아직 안 풀었습니다/)).toBeTruthy();
    expect(screen.getByTestId('plan-left-out').textContent).toContain('새 문제 4개와 복습 1개');
    expect(within(screen.getByTestId('plan-days')).getAllByRole('row')).toHaveLength(3);
  });
});
