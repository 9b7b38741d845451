import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderElement } from '../testing/render';
import { ClassAnswers } from './class-answers';

// Issue 26 item 6: a voided problem's panel says why nothing is counted (no 404, no load failure).
describe("the class's answers panel", () => {
  it('says a voided problem is not counted', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(member()),
      'GET /v1/problem/5/stats': () => json(200, { answers: 0, correct_rate: null, options: [], min_answers: 5, voided: true }),
    });
    renderElement('/p', '/p', <ClassAnswers uid={5} officialAnswer="②" />);
    expect((await screen.findByTestId('class-answers')).textContent).toBe('문항 무효로 처리된 문항이라 다른 학생들의 답을 집계하지 않습니다.');
    expect(screen.queryByText('다른 학생들의 답을 불러오지 못했습니다.')).toBeNull();
  });
});
