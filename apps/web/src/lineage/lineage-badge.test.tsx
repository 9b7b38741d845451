import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LineageMember } from '@qbank/shared/lineage';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { problemRow } from '../testing/fixtures/problems';
import { renderElement } from '../testing/render';
import { LineageBadge } from './lineage-badge';

// Issue 28 items 2 and 3: the 출제 N회 badge of a problem card and the panel it opens.

const row = (uid: number, year: number, no: number, overrides: Partial<LineageMember> = {}): LineageMember => ({
  uid,
  test_code: year,
  test_name: `${year} 순환기내과학 중간고사`,
  year,
  no,
  relation: 'same',
  similarity: 1,
  confirmed: true,
  keys_agree: true,
  ...overrides,
});

const members = [
  row(41, 2024, 3, { relation: null, similarity: null }),
  row(52, 2025, 5, { relation: 'variant', similarity: 0.93 }),
  row(63, 2026, 2),
  row(70, 2026, 9, { relation: 'variant', confirmed: false, similarity: 0.8 }),
];
const stems: Record<number, string> = {
  41: '65세 남자가 가슴 통증으로 왔다. 진단은?',
  52: '68세 남자가 가슴 통증으로 왔다. 진단은?',
  63: '65세 남자가 가슴 통증으로 왔다. 진단은?',
  70: '65세 여자가 복통으로 왔다. 진단은?',
};

function setup(role: 'student' | 'lead', calls: string[] = []) {
  const fetch = mockFetch({
    'GET /v1/auth/me': meHandler(member({ role })),
    'GET /v1/lineages/summary': ({ url }) => {
      calls.push(url);
      return json(200, { summaries: [{ uid: 41, count: 3, years: [2024, 2025, 2026] }] });
    },
    'GET /v1/problem/41/lineage': () => json(200, { lineage: { code: 41, members: role === 'lead' ? members : members.filter((m) => m.confirmed) } }),
    ...Object.fromEntries(
      Object.entries(stems).map(([uid, text]) => [
        `GET /v1/problem/${uid}`,
        () => json(200, { problem: problemRow({ uid: Number(uid), question_text: text, answer: uid === '52' ? '③' : '②' }) }),
      ]),
    ),
    'POST /v1/lineage/links/confirm': () => json(200, { lineage: { code: 41, members } }),
    'POST /v1/problem/41/lineage/split': () => json(200, { lineage: null }),
  });
  renderElement('/p', '/p', <LineageBadge problemUid={41} />);
  return fetch;
}

describe('the lineage badge', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says how often and in which years, and opens every appearance with its key, relation, link and changes', async () => {
    setup('student');
    const badge = await screen.findByRole('button', { name: '출제 3회 · 2024·2025·2026, 출제 이력 보기' });
    expect(badge.textContent).toBe('출제 3회 · 2024·2025·2026');
    fireEvent.click(badge);
    const dialog = await screen.findByRole('dialog', { name: '출제 이력' });
    const cards = await within(dialog).findAllByTestId('lineage-member');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('이 문제')).toBeTruthy();
    expect(within(cards[1]!).getByText('변형')).toBeTruthy();
    expect(await within(cards[1]!).findByText('정답 ③')).toBeTruthy();
    expect(within(cards[1]!).getByLabelText('삭제').textContent).toContain('65세');
    expect(within(cards[1]!).getByLabelText('추가').textContent).toContain('68세');
    expect(await within(cards[2]!).findByText('문제와 보기가 같습니다.')).toBeTruthy();
    expect(within(cards[2]!).getByRole('link', { name: '시험에서 보기: 2026 순환기내과학 중간고사 2번' }).getAttribute('href')).toBe('/tests/2026/problems');
    expect(within(dialog).queryByText('확인이 필요한 비슷한 문제')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '분리' })).toBeNull();
  });

  it('asks for its badge through the batched summary call', async () => {
    const calls: string[] = [];
    setup('student', calls);
    await screen.findByText('출제 3회');
    expect(calls).toEqual([expect.stringContaining('/v1/lineages/summary?uids=41')]);
  });

  it('lets a lead confirm a suggestion and split the problem out', async () => {
    const fetch = setup('lead');
    fireEvent.click(await screen.findByRole('button', { name: /출제 이력 보기/ }));
    const dialog = await screen.findByRole('dialog', { name: '출제 이력' });
    fireEvent.click(await within(dialog).findByRole('button', { name: '확인: 2026 순환기내과학 중간고사 9번은 같은 문제의 계열' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('/v1/lineage/links/confirm'))).toBe(true));
    const confirm = fetch.mock.calls.find(([url]) => String(url).includes('/v1/lineage/links/confirm'))!;
    expect(JSON.parse(String(confirm[1]?.body))).toEqual({ problem_a: 41, problem_b: 70 });
    fireEvent.click(within(dialog).getByRole('button', { name: '분리' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('/v1/problem/41/lineage/split'))).toBe(true));
  });
});
