import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Dispute } from '@qbank/shared/disputes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { keyConflictVersions } from '../testing/fixtures/key-conflicts';
import { renderRoutes } from '../testing/render';

const dispute = (overrides: Partial<Dispute> = {}): Dispute => ({
  code: 9,
  problem_uid: 41,
  problem: {
    test_code: 7,
    test_name: '2026 순환기내과학 중간고사',
    no: 4,
    type: 1,
    question_text: '병변이 있을 가능성이 가장 높은 관상동맥은?',
    answer: '③',
    is_voided: false,
  },
  member_nickname: '현우',
  mine: false,
  claimed_answer: '④',
  reason: '강의 자료에 따르면 ④입니다.',
  reference: '강의 3주차',
  status: 'open',
  backer_count: 3,
  supported_by_me: false,
  ruling: null,
  comments: [{ code: 1, member_nickname: '서연', comment_text: '저도 헷갈렸어요.', creation_time: new Date().toISOString() }],
  creation_time: new Date().toISOString(),
  ...overrides,
});

describe('lead dispute queue', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('flags a problem whose same question was keyed otherwise in another year, with a link to each version', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(member({ role: 'lead' })),
      'GET /v1/notifications': () => json(200, { notifications: [], unread: 0, total: 0, page: 1, limit: 8 }),
      'GET /v1/disputes': () =>
        json(200, {
          disputes: [dispute(), dispute({ code: 10, problem_uid: 42, problem: { ...dispute().problem, no: 5 } })],
          key_conflicts: [
            {
              problem_uid: 41,
              versions: keyConflictVersions('순환기내과학 중간고사', 2024, 7),
            },
          ],
          total: 2,
          page: 1,
          limit: 20,
        }),
    });
    renderRoutes('/dashboard/lead/disputes');
    const flagged = await screen.findByRole('region', { name: '2026 순환기내과학 중간고사 4번' });
    const note = within(flagged).getByRole('note', { name: '같은 문제가 다른 해에 다른 정답으로 출제됨' });
    expect(within(note).getByRole('link', { name: '2024년 2024 순환기내과학 중간고사 2번 · 정답 ②' }).getAttribute('href')).toBe('/tests/3/problems?view=all');
    expect(within(note).getAllByRole('link')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: '2026 순환기내과학 중간고사 5번' })).queryByRole('note')).toBeNull();
  });

  it('shows the problem, the key, the claim and comments, and rules with a reason', async () => {
    let ruled = false;
    const fetch = mockFetch({
      'GET /v1/auth/me': meHandler(member({ role: 'lead' })),
      'GET /v1/notifications': () => json(200, { notifications: [], unread: 0, total: 0, page: 1, limit: 8 }),
      'GET /v1/disputes': ({ url }) => {
        const status = new URL(url, 'http://x').searchParams.get('status');
        const rows = status === 'open' && !ruled ? [dispute()] : [];
        return json(200, { disputes: rows, key_conflicts: [], total: rows.length, page: 1, limit: 20 });
      },
      'POST /v1/disputes/9/ruling': () => {
        ruled = true;
        return json(200, { dispute: dispute({ status: 'accepted' }) });
      },
    });
    renderRoutes('/dashboard/lead/disputes');
    const item = await screen.findByRole('region', { name: '2026 순환기내과학 중간고사 4번' });
    expect(item.textContent).toContain('현재 정답③');
    expect(item.textContent).toContain('강의 자료에 따르면 ④입니다.');
    expect(item.textContent).toContain('저도 헷갈렸어요.');
    expect(within(item).getByText('3명 동의')).toBeTruthy();

    // The reason is required; the new key starts as the claim.
    fireEvent.click(within(item).getByRole('button', { name: '처리하기' }));
    expect(await within(item).findByText('처리 사유를 입력하세요.')).toBeTruthy();
    expect((within(item).getByLabelText(/새 정답/) as HTMLInputElement).value).toBe('④');
    fireEvent.change(within(item).getByLabelText(/처리 사유/), { target: { value: '강의 자료 확인' } });
    fireEvent.click(within(item).getByRole('button', { name: '처리하기' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: '2026 순환기내과학 중간고사 4번' })).toBeNull());
    const posted = fetch.mock.calls.find(([url]) => String(url).includes('/ruling'));
    expect(JSON.parse(String(posted?.[1]?.body))).toEqual({ decision: 'accepted', answer: '④', reason: '강의 자료 확인' });
  });

  it('restores a voided problem after a confirmation naming it (무효 취소)', async () => {
    let voided = true;
    const ruling = { lead_nickname: '준영', time: new Date().toISOString(), reason: '출제 오류', answer: null, previous_answer: null, superseded: false };
    const fetch = mockFetch({
      'GET /v1/auth/me': meHandler(member({ role: 'lead' })),
      'GET /v1/notifications': () => json(200, { notifications: [], unread: 0, total: 0, page: 1, limit: 8 }),
      'GET /v1/disputes': ({ url }) => {
        const status = new URL(url, 'http://x').searchParams.get('status');
        const base = dispute();
        const rows = status === 'voided' ? [dispute({ status: 'voided', ruling, problem: { ...base.problem, is_voided: voided } })] : [];
        return json(200, { disputes: rows, key_conflicts: [], total: rows.length, page: 1, limit: 20 });
      },
      'POST /v1/problem/41/unvoid': () => {
        voided = false;
        return json(200, { problem_uid: 41, is_voided: 0 });
      },
    });
    renderRoutes('/dashboard/lead/disputes');
    fireEvent.click(await screen.findByRole('radio', { name: '문항 무효' }));
    const item = await screen.findByRole('region', { name: '2026 순환기내과학 중간고사 4번' });
    fireEvent.click(within(item).getByRole('button', { name: '무효 취소' }));
    const dialog = await screen.findByRole('dialog', { name: '문항 무효 취소' });
    expect(dialog.textContent).toContain('2026 순환기내과학 중간고사 4번의 무효 처리를 취소할까요?');
    fireEvent.click(within(dialog).getByRole('button', { name: '무효 취소하기' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/v1/problem/41/unvoid'))).toBe(true));
    expect(await screen.findByTestId('unvoided-note')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '무효 취소' })).toBeNull();
  });
});
