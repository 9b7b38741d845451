import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LineageSuggestion } from '@qbank/shared/lineage';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { keyConflictVersions } from '../testing/fixtures/key-conflicts';
import { problemRow } from '../testing/fixtures/problems';
import { renderRoutes } from '../testing/render';
import { problemUidFrom } from './lineage-lead-page';

// The lead's 출제 이력 관리 screen (decision 203).

const side = (uid: number, year: number, no: number) => ({
  uid,
  test_code: uid * 10,
  test_name: `${year} 순환기학 중간고사`,
  year,
  no,
  subject_name: '순환기학',
});
const suggestion: LineageSuggestion = { problems: [side(7, 2019, 1), side(9, 2024, 8)], relation: 'variant', similarity: 0.82, keys_agree: true };
const stem2019 = '65세 남자가 가슴 통증으로 응급실에 왔다. 가장 적절한 치료는?';
const stem2024 = '65세 남성이 가슴 통증으로 응급실을 방문하였다. 가장 적절한 치료는?';

function setup(overrides: { progress?: { waiting: number; total: number; last_finished_at: string | null } } = {}) {
  let undecided = [suggestion];
  const progress = overrides.progress ?? { waiting: 0, total: 120, last_finished_at: new Date(Date.now() - 3_600_000).toISOString() };
  const fetch = mockFetch({
    'GET /v1/auth/me': meHandler(member({ role: 'lead' })),
    'GET /v1/notifications': () => json(200, { notifications: [], unread: 0, total: 0, page: 1, limit: 8 }),
    'GET /v1/disputes/open-count': () => json(200, { count: 0 }),
    'GET /v1/subject/names': () => json(200, { subject_names: [{ subject_code: 4, subject_name: '순환기학' }] }),
    'GET /v1/lineages/progress': () => json(200, progress),
    'POST /v1/lineages/run': () => json(200, { waiting: 120, total: 120, last_finished_at: progress.last_finished_at }),
    'GET /v1/lineage/suggestions': () => json(200, { suggestions: undecided, total: undecided.length, total_capped: false, page: 1, limit: 10 }),
    'GET /v1/lineage/key-conflicts': () =>
      json(200, {
        conflicts: [
          {
            lineage_code: 12,
            versions: keyConflictVersions('순환기학 기말고사', 2023, 5),
          },
        ],
        total: 1,
        page: 1,
        limit: 10,
      }),
    'GET /v1/problem/7': () =>
      json(200, { problem: problemRow({ uid: 7, question_text: stem2019, illustration: '① 경과관찰\n② 관상동맥중재술', answer: '②' }) }),
    'GET /v1/problem/9': () =>
      json(200, { problem: problemRow({ uid: 9, question_text: stem2024, illustration: '① 경과관찰\n② 관상동맥중재술', answer: '②' }) }),
    'POST /v1/lineage/links/confirm': () => {
      undecided = [];
      return json(200, { lineage: null });
    },
    'POST /v1/lineage/links/reset': () => {
      undecided = [suggestion];
      return json(200, { lineage: null });
    },
    'POST /v1/lineages/merge': () => json(200, { lineage: null }),
  });
  return { fetch, ...renderRoutes('/dashboard/lead/lineage') };
}

const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url).includes(path) && (init?.method ?? 'GET') === method);

describe('출제 이력 관리', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the run, a suggestion side by side with its changed words, and the key conflicts', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: '출제 이력 관리', level: 1 })).toBeTruthy();
    expect(await screen.findByText('120문항 중 120문항 감지함')).toBeTruthy();
    expect(screen.getByText('1시간 전')).toBeTruthy();
    const card = await screen.findByRole('article', { name: '2019년 2019 순환기학 중간고사 1번 ↔ 2024년 2024 순환기학 중간고사 8번' });
    expect(within(card).getByText('82% 비슷함')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(card)
          .getAllByLabelText('추가')
          .map((node) => node.textContent?.trim()),
      ).toContain('남성이'),
    );
    expect(
      within(card)
        .getAllByLabelText('삭제')
        .map((node) => node.textContent?.trim()),
    ).toContain('남자가');
    expect(within(card).getByRole('link', { name: '2024년 2024 순환기학 중간고사 8번' }).getAttribute('href')).toBe('/tests/90/problems');
    const conflicts = screen.getByRole('region', { name: '정답이 다른 같은 문제 1건' });
    expect(within(conflicts).getByRole('link', { name: '2025년 2025 순환기학 기말고사 4번 · 정답 ③' })).toBeTruthy();
  });

  it('decides a suggestion as the same question, and undoes it', async () => {
    const { fetch } = setup();
    fireEvent.click(await screen.findByRole('button', { name: '같은 문제: 2019년 2019 순환기학 중간고사 1번 ↔ 2024년 2024 순환기학 중간고사 8번' }));
    expect(await screen.findByText('결정할 제안이 없습니다.')).toBeTruthy();
    expect(JSON.parse(String(calls(fetch, 'POST', '/v1/lineage/links/confirm')[0]![1]!.body))).toEqual({ problem_a: 7, problem_b: 9 });
    const decided = screen.getByRole('region', { name: '방금 결정한 것' });
    fireEvent.click(within(decided).getByRole('button', { name: /^되돌리기: / }));
    expect(await screen.findByRole('article', { name: /2024 순환기학 중간고사 8번$/ })).toBeTruthy();
    expect(JSON.parse(String(calls(fetch, 'POST', '/v1/lineage/links/reset')[0]![1]!.body))).toEqual({ problem_a: 7, problem_b: 9 });
    await waitFor(() => expect(screen.queryByRole('region', { name: '방금 결정한 것' })).toBeNull());
  });

  it('starts the whole-bank run and asks for its progress while problems wait', async () => {
    const { fetch } = setup();
    fireEvent.click(await screen.findByRole('button', { name: '전체 다시 감지' }));
    expect(await screen.findByText('120문항 중 0문항 감지함')).toBeTruthy();
    expect(screen.getByText('감지하는 중입니다. 끝나면 아래 목록이 새로 고쳐집니다.')).toBeTruthy();
    expect(calls(fetch, 'POST', '/v1/lineages/run')).toHaveLength(1);
  });

  it('filters by subject through the address, and merges two lineages named by uid or address', async () => {
    const { fetch, router } = setup();
    await screen.findByRole('option', { name: '순환기학' });
    fireEvent.change(screen.getByRole('combobox', { name: '과목' }), { target: { value: '4' } });
    expect(router.state.location.search).toBe('?subject=4');
    await waitFor(() => expect(calls(fetch, 'GET', '/v1/lineage/suggestions?subject_code=4').length).toBeGreaterThan(0));

    const merge = screen.getByRole('region', { name: '두 계열 합치기' });
    fireEvent.change(within(merge).getByRole('textbox', { name: '첫 번째 문제' }), { target: { value: '12' } });
    fireEvent.change(within(merge).getByRole('textbox', { name: '두 번째 문제' }), { target: { value: '12' } });
    fireEvent.click(within(merge).getByRole('button', { name: '합치기' }));
    expect(within(merge).getByRole('alert').textContent).toBe('서로 다른 두 문제를 넣으세요.');
    fireEvent.change(within(merge).getByRole('textbox', { name: '두 번째 문제' }), {
      target: { value: 'https://qbank.example/dashboard/lead/tests/5/problems/41' },
    });
    fireEvent.change(within(merge).getByRole('combobox', { name: '관계' }), { target: { value: 'same' } });
    fireEvent.click(within(merge).getByRole('button', { name: '합치기' }));
    await waitFor(() => expect(calls(fetch, 'POST', '/v1/lineages/merge')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetch, 'POST', '/v1/lineages/merge')[0]![1]!.body))).toEqual({ problem_a: 12, problem_b: 41, relation: 'same' });
    expect(await screen.findByText('12 ↔ 41: 합침')).toBeTruthy();
  });

  it('reads a problem from a uid or an address, and nothing else', () => {
    expect(problemUidFrom(' 42 ')).toBe(42);
    expect(problemUidFrom('/dashboard/lead/tests/3/problems/77?x=1')).toBe(77);
    expect(problemUidFrom('/tests/3/problems')).toBeNull();
    expect(problemUidFrom('abc')).toBeNull();
    expect(problemUidFrom('0')).toBeNull();
  });
});
