import type { Notification } from '@qbank/shared/notifications';
import { describe, expect, it } from 'vitest';
import { notificationMessages as m } from './messages';

const problem = { uid: 41, test_code: 7, test_name: '2026 순환기내과학 중간고사', no: 4, type: 1 };
const row = (kind: Notification['kind'], detail: string): Notification => ({
  code: 1,
  kind,
  problem,
  dispute_code: 3,
  detail,
  is_read: false,
  creation_time: '2026-11-27T00:00:00.000Z',
});

describe('notification texts', () => {
  it('says a ruling in a whole sentence for each decision (issue 26 item 19: not "문항 무효되었습니다")', () => {
    expect(m.text(row('dispute_ruled', 'accepted'))).toBe('2026 순환기내과학 중간고사 4번에 제기한 이의제기가 인정되었습니다.');
    expect(m.text(row('dispute_ruled', 'rejected'))).toBe('2026 순환기내과학 중간고사 4번에 제기한 이의제기가 기각되었습니다.');
    expect(m.text(row('dispute_ruled', 'voided'))).toBe('2026 순환기내과학 중간고사 4번에 제기한 이의제기로 문항이 무효 처리되었습니다.');
    expect(m.text(row('supported_dispute_ruled', 'voided'))).toBe('동의한 2026 순환기내과학 중간고사 4번 이의제기로 문항이 무효 처리되었습니다.');
    expect(m.text(row('supported_dispute_ruled', 'accepted'))).toBe('동의한 2026 순환기내과학 중간고사 4번 이의제기가 인정되었습니다.');
  });
});
