import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@qbank/shared/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

const problem = { uid: 41, test_code: 7, test_name: '2026 순환기내과학 중간고사', no: 4, type: 1 };
const row = (overrides: Partial<Notification>): Notification => ({
  code: 1,
  kind: 'dispute_ruled',
  problem,
  dispute_code: 3,
  detail: 'accepted',
  is_read: false,
  creation_time: new Date().toISOString(),
  ...overrides,
});

describe('notifications', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists them with their Korean text and link, counts the unread in the bell, and marks all read', async () => {
    let unread = 2;
    const rows = () => [
      row({ code: 2, kind: 'submission_returned', problem: { ...problem, no: 5 }, detail: '해설을 보강해 주세요.', is_read: unread === 0 }),
      row({ code: 1, is_read: unread === 0 }),
    ];
    const fetch = mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      'GET /v1/notifications': () => json(200, { notifications: rows(), unread, total: 2, page: 1, limit: 20 }),
      'POST /v1/notifications/read': () => {
        unread = 0;
        return json(200, { unread: 0 });
      },
    });
    renderRoutes('/dashboard/notifications');
    const link = await screen.findByRole('link', { name: '2026 순환기내과학 중간고사 4번에 제기한 이의제기가 인정되었습니다.' });
    expect(link.getAttribute('href')).toBe('/tests/7/problems?view=all');
    expect(screen.getByRole('link', { name: '제출한 2026 순환기내과학 중간고사 5번에 수정 요청이 있습니다: 해설을 보강해 주세요.' }).getAttribute('href')).toBe(
      '/dashboard/my',
    );
    // The bell comes once the page has settled (decision 065).
    expect(await screen.findByRole('button', { name: '알림 2개 읽지 않음' })).toBeTruthy();

    fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: '모두 읽음' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '알림' })).toBeTruthy());
    const posted = fetch.mock.calls.find(([url, init]) => String(url).includes('/v1/notifications/read') && init?.method === 'POST');
    expect(JSON.parse(String(posted?.[1]?.body))).toEqual({});
  });
});
