import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import { problemRow, problemsPage, testInfoRow } from '../testing/fixtures/problems';

const problems = [
  problemRow({ uid: 21, no: 1, question: '<p>간경변의 소견으로 옳지 않은 것은? 원인인지 아닌지는 묻지 않는다.</p>', comments: '<p>옳지 않은 해설</p>' }),
  // A phrase split by an inline tag: each part is wrapped inside its own element.
  problemRow({ uid: 22, no: 2, question: '<p>원인이 <em>아</em>닌 것은?</p>' }),
];

function setup() {
  const fetch = mockFetch({
    'GET /v1/auth/me': meHandler(member()),
    'GET /v1/test/3': () => json(200, { test_info: testInfoRow() }),
    'GET /v1/problem': () => json(200, problemsPage(problems, { page: 1, count: problems.length })),
    'GET /v1/box': () => json(200, { boxes: [] }),
  });
  return { fetch, ...renderRoutes('/tests/3/problems?view=all') };
}

const card = (uid: number) => document.getElementById(`problem-${uid}`) as HTMLElement;
const emphasized = (uid: number) => [...card(uid).querySelectorAll('strong.qbank-negation > u')].map((u) => u.textContent);

describe('negation emphasis (issue 16 item 5)', () => {
  it('bolds and underlines 옳지 않은 in the question, not in the explanation, and leaves the markup nested', async () => {
    setup();
    await screen.findByText('Q02');
    await waitFor(() => expect(emphasized(21)).toEqual(['옳지 않은']));
    expect(card(21).textContent).toContain('간경변의 소견으로 옳지 않은 것은? 원인인지 아닌지는 묻지 않는다.');
    expect(emphasized(22)).toEqual(['아', '닌']);
    expect(card(22).querySelector('em > strong.qbank-negation > u')?.textContent).toBe('아');
    expect(card(22).querySelector('p')?.textContent).toBe('원인이 아닌 것은?');
  });

  it('turns off with the switch, remembers it in this browser, and the export follows it', async () => {
    const { fetch } = setup();
    await screen.findByText('Q02');
    const toggle = screen.getByRole('switch', { name: '부정 표현 강조' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(emphasized(21)).toEqual([]));
    expect(card(21).querySelector('strong, u')).toBeNull();
    expect(card(21).textContent).toContain('옳지 않은 것은?');
    expect(window.localStorage.getItem('qbank.negationEmphasis')).toBe('0');

    fireEvent.click(screen.getByRole('button', { name: '내보내기' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '문제만' }));
    await waitFor(() => expect(fetch.mock.calls.some(([input]) => String(input).includes('/v1/test/3/export'))).toBe(true));
    const call = fetch.mock.calls.map(([input]) => new URL(String(input), 'http://test')).find((u) => u.pathname === '/v1/test/3/export');
    expect(call?.searchParams.get('emphasis')).toBe('0');
  });

  it('starts off when the member turned it off before', async () => {
    window.localStorage.setItem('qbank.negationEmphasis', '0');
    setup();
    await screen.findByText('Q02');
    expect(emphasized(21)).toEqual([]);
    expect((screen.getByRole('switch', { name: '부정 표현 강조' }) as HTMLInputElement).checked).toBe(false);
  });
});
