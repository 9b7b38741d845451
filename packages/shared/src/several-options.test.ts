import { describe, expect, it } from 'vitest';
import { isCorrectAnswer, joinChoiceValues, parseChoiceOptions, takesSeveralOptions } from './answers';

describe('several correct options', () => {
  it('knows a problem by an official answer naming two or more options, or by its stem', () => {
    expect(takesSeveralOptions('③, ⑤', '<p>옳은 것은?</p>')).toBe(true);
    expect(takesSeveralOptions('3,5', '옳은 것은?')).toBe(true);
    expect(takesSeveralOptions('가, 다', '옳은 것은?')).toBe(true);
    expect(takesSeveralOptions('③', '<p>옳은 것을 <b>모두</b> 고르시오.</p>')).toBe(true);
    expect(takesSeveralOptions('②', '다음 중 옳은 것 두 개를 고르시오')).toBe(true);
    expect(takesSeveralOptions('③', '옳은 것은?')).toBe(false);
    // "옳은 것을 모두 고른 것은?" asks for one option that lists the statements: one answer.
    expect(takesSeveralOptions('④', '보기에서 옳은 것을 모두 고른 것은?')).toBe(false);
    expect(takesSeveralOptions('HBsAg', '주관식')).toBe(false);
  });

  it('joins the chosen options in option order, and judges the set fully right only when it is exact', () => {
    const options = parseChoiceOptions('① 가\n② 나\n③ 다\n④ 라\n⑤ 마', 2)!;
    const answer = joinChoiceValues(['⑤', '③', '⑤'], options);
    expect(answer).toBe('③, ⑤');
    expect(isCorrectAnswer(answer, '③, ⑤', 1)).toBe(true);
    expect(isCorrectAnswer(answer, '3,5', 1)).toBe(true);
    expect(isCorrectAnswer(joinChoiceValues(['③'], options), '③, ⑤', 1)).toBe(false);
    expect(isCorrectAnswer(joinChoiceValues(['①', '③', '⑤'], options), '③, ⑤', 1)).toBe(false);
    const lettered = parseChoiceOptions('① ㄱ\n② ㄴ\n③ ㄷ\n④ ㄹ\n⑤ ㅁ', 1)!;
    expect(isCorrectAnswer(joinChoiceValues(['③다', '①가'], lettered), '가, 다', 1)).toBe(true);
  });
});
