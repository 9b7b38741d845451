import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ItemAnalysis, StatsMe } from '@qbank/shared/stats';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

const empty: StatsMe = { totals: { answered: 0, correct: 0, self_judged: 0 }, by_subject: [], by_day: [], streak_days: 0, today: '2026-11-24', by_test: [] };

const stats: StatsMe = {
  totals: { answered: 10, correct: 6, self_judged: 2 },
  by_subject: [
    { subject_code: 7, subject_name: '생리학', answered: 4, correct: 1 },
    { subject_code: 3, subject_name: '해부학', answered: 6, correct: 5 },
  ],
  by_day: [{ date: '2026-11-24', answered: 3, correct: 2 }],
  streak_days: 4,
  today: '2026-11-24',
  by_test: [
    { test_code: 9, test_name: '2025 해부학 중간고사', year: 2025, subject_name: '해부학', problem_count: 20, answered: 6, correct: 5, completed: false },
  ],
};

describe('내 학습 통계', () => {
  it('says what to do when nothing is answered yet', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(member()), 'GET /v1/stats/me': () => json(200, empty) });
    renderRoutes('/dashboard/stats');
    expect(await screen.findByText(/아직 푼 문제가 없습니다/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '기출문제 풀러 가기' }).getAttribute('href')).toBe('/exams');
  });

  it('shows totals, the weakest subject first with its study-session link, the streak and the exams', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(member()), 'GET /v1/stats/me': () => json(200, stats) });
    renderRoutes('/dashboard/stats');
    expect((await screen.findByTestId('stats-figure-푼 문제')).textContent).toContain('10');
    expect(screen.getByText('자가 채점 2문제 포함')).toBeTruthy();
    expect(screen.getByTestId('stats-figure-정답률').textContent).toContain('60%');
    expect(screen.getByTestId('stats-figure-연속 학습').textContent).toContain('4일');
    const subjects = screen.getByRole('list', { name: '과목별 정답률 (낮은 순)' });
    const links = within(subjects).getAllByRole('link', { name: /학습 세션 시작$/ });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/study/new?subject_codes=7', '/study/new?subject_codes=3']);
    expect(links[0]?.textContent).toContain('생리학 25%');
    expect(screen.getByRole('link', { name: '2025 해부학 중간고사' }).getAttribute('href')).toBe('/tests/9/solve');
  });

  it('shows the percentile of each exam completed in solve mode, and asks only for those (issue 26 item 11)', async () => {
    const completed = {
      test_code: 12,
      test_name: '2026 생리학 기말고사',
      year: 2026,
      subject_name: '생리학',
      problem_count: 10,
      answered: 10,
      correct: 8,
      completed: true,
    };
    const alone = { ...completed, test_code: 13, test_name: '2026 생리학 중간고사' };
    const fetch = mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      'GET /v1/stats/me': () => json(200, { ...stats, by_test: [completed, alone, ...stats.by_test] }),
      'GET /v1/stats/me/tests/12': () =>
        json(200, { test_code: 12, scored_count: 10, answered: 10, correct: 8, completed: true, percentile: 72.4, peers: 9, min_peers: 5 }),
      'GET /v1/stats/me/tests/13': () =>
        json(200, { test_code: 13, scored_count: 10, answered: 10, correct: 8, completed: true, percentile: null, peers: 2, min_peers: 5 }),
    });
    renderRoutes('/dashboard/stats');
    const cells = async () => (await screen.findAllByTestId('stats-test-percentile')).map((cell) => cell.textContent);
    await expect
      .poll(cells)
      .toEqual([
        expect.stringContaining('같은 학년 완주자 9명 중 백분위 72'),
        expect.stringContaining('같은 학년에서 5명 이상 완주하면 백분위를 보여 드립니다. (현재 2명)'),
        expect.stringContaining('완주 전'),
      ]);
    const asked = fetch.mock.calls.map(([input]) => new URL(String(input), 'http://test').pathname).filter((path) => path.startsWith('/v1/stats/me/tests/'));
    expect([...new Set(asked)].sort()).toEqual(['/v1/stats/me/tests/12', '/v1/stats/me/tests/13']);
  });
});

const analysis: ItemAnalysis = {
  test_code: 9,
  test_name: '2025 해부학 중간고사',
  members: 10,
  min_members: 5,
  upper_size: 4,
  lower_size: 3,
  kr20: 0.1333,
  items: [
    {
      uid: 101,
      no: 1,
      difficulty: 0.7,
      discrimination: 0.67,
      options: [
        { option: '①', is_key: false, rate: 0.3, upper_rate: 0, lower_rate: 0.67 },
        { option: '②', is_key: true, rate: 0.7, upper_rate: 1, lower_rate: 0.33 },
      ],
      flags: [],
      key_conflict: [],
    },
    {
      uid: 104,
      no: 4,
      difficulty: 0.3,
      discrimination: -0.08,
      options: [
        { option: '①', is_key: true, rate: 0.3, upper_rate: 0.25, lower_rate: 0.33 },
        { option: '②', is_key: false, rate: 0.7, upper_rate: 0.75, lower_rate: 0.67 },
      ],
      flags: ['probably_miskeyed', 'negative_discrimination'],
      key_conflict: [
        { uid: 104, test_code: 9, test_name: '2025 해부학 중간고사', year: 2025, no: 4, answer: '①' },
        { uid: 230, test_code: 12, test_name: '2026 해부학 중간고사', year: 2026, no: 6, answer: '②' },
      ],
    },
  ],
};

describe('문항 분석', () => {
  it('shows KR-20 and the groups, flags a probable mis-key and links it to the editor; leads only', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(member({ role: 'lead' })), 'GET /v1/test/9/item-analysis': () => json(200, analysis) });
    renderRoutes('/dashboard/lead/tests/9/analysis');
    expect(await screen.findByRole('heading', { level: 1, name: '2025 해부학 중간고사 문항 분석' })).toBeTruthy();
    expect(screen.getByText('0.133')).toBeTruthy();
    expect(screen.getByText('4명 / 3명')).toBeTruthy();
    const rows = screen.getAllByTestId('analysis-item');
    expect(within(rows[1]!).getByText('정답 오류 의심')).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: '4번 문제 편집' }).getAttribute('href')).toBe('/dashboard/lead/tests/9/problems/104');
    expect(screen.getByRole('button', { name: '엑셀로 내려받기' })).toBeTruthy();
    // Keys that disagree (issue 28 item 7): flagged with a link to each version.
    expect(within(rows[0]!).queryByRole('note')).toBeNull();
    const note = within(rows[1]!).getByRole('note', { name: '같은 문제가 다른 해에 다른 정답으로 출제됨' });
    expect(within(note).getByRole('link', { name: '2026년 2026 해부학 중간고사 6번 · 정답 ②' }).getAttribute('href')).toBe('/tests/12/problems?view=all');
    expect(within(note).getAllByRole('link')).toHaveLength(2);
  });
});

describe('문항 분석 and the members’ ratings', () => {
  it('shows 체감 난이도 beside the correct rate of the problems five members rated, asked for in one call', async () => {
    const fetch = mockFetch({
      'GET /v1/auth/me': meHandler(member({ role: 'lead' })),
      'GET /v1/test/9/item-analysis': () => json(200, analysis),
      'GET /v1/ratings/summary': () =>
        json(200, {
          summaries: [
            { problem_uid: 101, good: 0, erroneous: 0, difficulty: null },
            { problem_uid: 104, good: 0, erroneous: 3, difficulty: { easy: 0, normal: 2, hard: 4, felt: 'hard' } },
          ],
        }),
    });
    renderRoutes('/dashboard/lead/tests/9/analysis');
    const rows = await screen.findAllByTestId('analysis-item');
    expect(await within(rows[1]!).findByText('체감 난이도 어려움 (6명)')).toBeTruthy();
    expect(within(rows[0]!).queryByText(/체감 난이도/)).toBeNull();
    const summaries = fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/v1/ratings/summary'));
    expect(summaries).toHaveLength(1);
    expect(new URL(summaries[0]!, 'http://x').searchParams.get('problem_uids')?.split(',').sort()).toEqual(['101', '104']);
  });
});
