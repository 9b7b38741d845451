import { notifications } from '@mantine/notifications';
import type { AuditEntry } from '@qbank/shared/audit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, meHandler, mockFetch } from '../testing/fetch-mock';
import { admin, bodyOf, paramsOf, superadmin } from '../testing/fixtures/members';
import { renderRoutes } from '../testing/render';
// Loaded up front: the router imports the page lazily, and a cold transform can outlast findBy's wait.
import './audit-page';

afterEach(() => notifications.clean());

const approval: AuditEntry = {
  code: 11,
  at: '2026-03-02T01:30:00.000Z',
  actor_code: 1,
  actor_label: '이서진 (demo-admin)',
  action: 'member.approve',
  target_kind: 'member',
  target_id: 'newbie-kim',
  target_label: '김도윤 (newbie-kim)',
  changes: { validated: { before: 0, after: 1 } },
  request_id: 'a1b2c3d4e5f60718',
};
const lockout: AuditEntry = {
  ...approval,
  code: 10,
  actor_code: null,
  actor_label: null,
  action: 'auth.lockout',
  target_kind: 'login',
  changes: { locked_minutes: { before: null, after: 15 } },
  request_id: null,
};

// Decision 196: a lead's lineage decision reads in Korean; a list reads as a list.
const merge: AuditEntry = {
  ...approval,
  code: 9,
  actor_label: '박지훈 (demo-lead)',
  action: 'lineage.merge',
  target_kind: 'problem',
  target_label: '2024 기말 · 객관식 7번 ↔ 2019 중간 · 객관식 1번',
  changes: { relation: { before: null, after: 'same' }, decision: { before: 'rejected', after: 'confirmed' } },
};
const split: AuditEntry = {
  ...merge,
  code: 8,
  action: 'lineage.split',
  changes: { linked_problems: { before: ['2019 중간 · 객관식 1번', '2021 중간 · 객관식 3번'], after: [] } },
};

function listOf(entries: AuditEntry[]) {
  return json(200, { entries, total: entries.length, page: 1, limit: 50, size: entries.length });
}

describe('audit page', () => {
  it('shows who did what to whom, before → after, and sends the filters from the URL and the form', async () => {
    const asked: URLSearchParams[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(admin),
      'GET /v1/admin/audit': ({ url }) => {
        asked.push(paramsOf(url));
        return listOf([approval, lockout, merge, split]);
      },
      'GET /v1/admin/audit/settings': () => json(200, { retention_days: 730 }),
    });
    renderRoutes('/dashboard/admin/audit?action=member.approve');
    expect(await screen.findByRole('heading', { level: 1, name: '감사 기록' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: '감사 기록 목록' });
    const [first, second, third, fourth] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('가입 승인')).toBeTruthy();
    expect(within(first!).getByText('회원 · 김도윤 (newbie-kim)')).toBeTruthy();
    expect(within(first!).getByText('이서진 (demo-admin)')).toBeTruthy();
    expect(within(first!).getByText('대기 → 승인')).toBeTruthy();
    expect(within(first!).getByText('2026.03.02 10:30')).toBeTruthy();
    expect(within(first!).getByText('요청 번호 a1b2c3d4e5f60718')).toBeTruthy();
    expect(within(second!).getByText('시스템')).toBeTruthy();
    expect(within(second!).getByText('없음 → 15')).toBeTruthy();
    expect(within(third!).getByText('계보 합치기')).toBeTruthy();
    expect(within(third!).getByText('없음 → 같은 문제')).toBeTruthy();
    expect(within(third!).getByText('거절 → 확인')).toBeTruthy();
    expect(within(fourth!).getByText('2019 중간 · 객관식 1번, 2021 중간 · 객관식 3번 → 없음')).toBeTruthy();
    expect(asked[0]?.get('action')).toBe('member.approve');

    fireEvent.change(screen.getByLabelText('대상'), { target: { value: 'newbie' } });
    fireEvent.change(screen.getByLabelText('시작 날짜'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(asked.at(-1)?.get('target')).toBe('newbie'));
    expect(asked.at(-1)?.get('from')).toBe('2026-03-01');
    expect(asked.at(-1)?.get('action')).toBe('member.approve');
    // An admin reads the period; only the superadmin gets the form.
    expect(await screen.findByText('기록은 730일 동안 보관되고, 그보다 오래된 기록은 자동으로 지워집니다.')).toBeTruthy();
    expect(screen.getByText('보관 기간은 Super Admin만 바꿀 수 있습니다.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '보관 기간 저장' })).toBeNull();
  });

  it('lets the superadmin change the retention period', async () => {
    const saved: unknown[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(superadmin),
      'GET /v1/admin/audit': () => listOf([]),
      'GET /v1/admin/audit/settings': () => json(200, { retention_days: 730 }),
      'PUT /v1/admin/audit/settings': ({ init }) => {
        saved.push(bodyOf(init));
        return json(200, { retention_days: 365 });
      },
    });
    renderRoutes('/dashboard/admin/audit');
    expect(await screen.findByText('조건에 맞는 기록이 없습니다.')).toBeTruthy();
    const input = await screen.findByLabelText('보관 기간(일)');
    fireEvent.change(input, { target: { value: '365' } });
    fireEvent.click(screen.getByRole('button', { name: '보관 기간 저장' }));
    expect(await screen.findByText('보관 기간을 저장했습니다.')).toBeTruthy();
    expect(saved).toEqual([{ retention_days: 365 }]);
  });
});
