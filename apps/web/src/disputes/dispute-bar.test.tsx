import { fireEvent, screen, within } from '@testing-library/react';
import type { Dispute, ProblemDisputeSummary } from '@qbank/shared/disputes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderElement } from '../testing/render';
import { ProblemDisputeBar } from './dispute-bar';

// Issue 26 items 5 and 19: the badge and the dispute's card give one count; a correction whose key
// was edited back is history beside the current key; the modal always offers the current key.

const dispute = (overrides: Partial<Dispute> = {}): Dispute => ({
  code: 9,
  problem_uid: 41,
  problem: { test_code: 7, test_name: '2026 순환기내과학 중간고사', no: 4, type: 1, question_text: '관상동맥은?', answer: '②', is_voided: false },
  member_nickname: '현우',
  mine: false,
  claimed_answer: '①',
  reason: '①이 맞습니다.',
  reference: '',
  status: 'open',
  backer_count: 2,
  supported_by_me: false,
  ruling: null,
  comments: [],
  creation_time: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

function setup(summary: ProblemDisputeSummary, disputes: Dispute[], keyShown: boolean) {
  mockFetch({
    'GET /v1/auth/me': meHandler(member()),
    'GET /v1/disputes/summary': () => json(200, { summaries: [summary] }),
    'GET /v1/problem/41/disputes': () => json(200, { disputes }),
  });
  renderElement('/p', '/p', <ProblemDisputeBar problemUid={41} label="4번" problemKey="②" keyShown={keyShown} />);
}

/** Problem 41 whose accepted correction ② → ① (for this reason) was later edited back to ②. */
function setupEditedBack(reason: string, keyShown: boolean) {
  const time = '2026-11-27T03:00:00.000Z';
  setup(
    {
      problem_uid: 41,
      open_count: 0,
      backer_count: 0,
      corrected: { time, reason, answer: '①', previous_answer: '②', superseded: true },
      voided: null,
    },
    [dispute({ status: 'accepted', ruling: { reason, answer: '①', previous_answer: '②', superseded: true, lead_nickname: '준영', time } })],
    keyShown,
  );
}

describe('the dispute bar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the same number of backers on the badge and on the dispute, and shows the current key in the modal', async () => {
    setup({ problem_uid: 41, open_count: 1, backer_count: 2, corrected: null, voided: null }, [dispute()], true);
    expect(await screen.findByText('이의제기 검토 중 (2명 동의)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '이의제기 (1)' }));
    const dialog = await screen.findByRole('dialog', { name: '4번 정답 이의제기' });
    expect(await within(dialog).findByText('2명 동의')).toBeTruthy();
    expect(within(dialog).getByTestId('dispute-current-key').textContent).toBe('현재 정답②');
  });

  it('keeps the key behind a button where the screen hides it', async () => {
    setup({ problem_uid: 41, open_count: 0, backer_count: 0, corrected: null, voided: null }, [], false);
    fireEvent.click(await screen.findByRole('button', { name: '이의제기' }));
    const dialog = await screen.findByRole('dialog', { name: '4번 정답 이의제기' });
    const key = within(dialog).getByTestId('dispute-current-key');
    expect(key.textContent).not.toContain('②');
    fireEvent.click(within(key).getByRole('button', { name: '현재 정답 보기' }));
    expect(key.textContent).toBe('현재 정답②');
  });

  it("leaves an accepted ruling's keys out until the key is revealed", async () => {
    setupEditedBack('정정', false);
    expect((await screen.findByTestId('dispute-correction-history')).textContent).not.toContain('②');
    fireEvent.click(screen.getByRole('button', { name: '이의제기' }));
    const dialog = await screen.findByRole('dialog', { name: '4번 정답 이의제기' });
    await within(dialog).findByTestId('dispute-card');
    expect(within(dialog).queryByText('정답 변경: ② → ①')).toBeNull();
    expect(within(dialog).queryByTestId('dispute-changed-again')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '현재 정답 보기' }));
    expect(within(dialog).getByText('정답 변경: ② → ①')).toBeTruthy();
    expect(within(dialog).getByTestId('dispute-changed-again').textContent).toBe('이후 정답이 다시 수정되었습니다. 현재 정답: ②');
  });

  it('shows an accepted correction edited back as history beside the current key, not as the key', async () => {
    setupEditedBack('①로 정정', true);
    const history = await screen.findByTestId('dispute-correction-history');
    expect(history.textContent).toContain('② → ①(으)로 정정했으나(사유: ①로 정정), 이후 정답이 다시 수정되었습니다. 현재 정답: ②');
    expect(screen.getByText('정정 후 정답 다시 수정됨')).toBeTruthy();
    expect(screen.queryByText('정답 정정됨')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '이의제기' }));
    const dialog = await screen.findByRole('dialog', { name: '4번 정답 이의제기' });
    expect((await within(dialog).findByTestId('dispute-changed-again')).textContent).toBe('이후 정답이 다시 수정되었습니다. 현재 정답: ②');
  });
});
