import type { SessionSummary } from '@qbank/shared/study';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

// My study sessions (issue 26 item 18): each entry says what it was — scope, filter, mode, size.

const summary = (overrides: Partial<SessionSummary>): SessionSummary => ({
  code: 1,
  mode: 'tutor',
  filter: 'all',
  scope_names: { subjects: [], years: [], tests: [], classes: [], box: null },
  order: 'random',
  minutes: null,
  ends_at: null,
  creation_time: new Date().toISOString(),
  finish_time: null,
  retry_of: null,
  total: 10,
  answered: 0,
  correct: null,
  pending: null,
  ...overrides,
});

describe('my study sessions', () => {
  it('says what each session was: its scope, filter, mode and number of problems', async () => {
    const sessions = [
      summary({
        code: 3,
        mode: 'timed',
        minutes: 12,
        filter: 'wrong',
        total: 10,
        scope_names: { subjects: [], years: [], tests: ['2025 해부학 중간고사'], classes: [], box: null },
      }),
      summary({
        code: 2,
        filter: 'all',
        total: 20,
        scope_names: { subjects: ['병리학', '약리학', '생리학'], years: [2025, 2024], tests: [], classes: [], box: null },
      }),
      summary({
        code: 1,
        filter: 'box',
        total: 5,
        scope_names: { subjects: [], years: [], tests: [], classes: [], box: '심장' },
        finish_time: new Date().toISOString(),
        answered: 5,
        correct: 4,
        pending: 0,
      }),
      summary({ code: 0, filter: 'all', total: 30 }),
    ];
    mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      'GET /v1/study/sessions': () => json(200, { sessions, total: sessions.length, page: 1, limit: 20 }),
    });
    renderRoutes('/study/sessions');
    const rows = await screen.findAllByTestId('session-row');
    const what = rows.map((row) => within(row).getByTestId('session-what').textContent);
    expect(what).toEqual(['2025 해부학 중간고사 · 틀린 문제', '병리학, 약리학 외 1개 · 2025, 2024년', '박스 심장 · 내 박스', '전체 범위']);
    expect(rows[0]!.textContent).toContain('시험 모드 · 10문제');
    expect(rows[1]!.textContent).toContain('튜터 모드 · 20문제');
    expect(rows[2]!.textContent).toContain('5문제 중 4문제 정답');
  });
});
