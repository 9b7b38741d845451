import { describe, expect, it } from 'vitest';
import {
  CHOICE_LETTERS,
  CIRCLED_DIGITS,
  choiceKeyToValue,
  isCorrectAnswer,
  normalizeAnswer,
  normalizeTextAnswer,
  numberedChoices,
  parseChoiceAnswer,
  parseChoiceOptions,
  type ChoiceOption,
} from './answers';

const MC = 1;
const ESSAY = 2;
const SLIDE = 4;

const circledRows = CIRCLED_DIGITS.map((mark, i) => [mark, i + 1] as const);
const letterRows = CHOICE_LETTERS.map((letter, i) => [letter, i + 1] as const);

describe('normalizeAnswer: one canonical form per choice', () => {
  it.each(circledRows)('circled %s ↔ digit %i', (mark, n) => {
    expect(normalizeAnswer(mark)).toBe(mark);
    expect(normalizeAnswer(String(n))).toBe(mark);
    expect(normalizeAnswer(`${n}번`)).toBe(mark);
    expect(normalizeAnswer(`  ${mark}  `)).toBe(mark);
  });

  it.each(letterRows)('letter %s ↔ choice %i (only 가 to 마)', (letter, n) => {
    const mark = CIRCLED_DIGITS[n - 1];
    expect(normalizeAnswer(letter)).toBe(mark);
    expect(normalizeAnswer(`${mark}${letter}`)).toBe(mark);
    expect(isCorrectAnswer(letter, String(n), MC)).toBe(true);
  });

  it.each(['③', '3', '다', '3번', ' ③ ', '3 번', '③번', '③다', '(3)', '3)', '(다)', '다.', '３', '３번', '\t③\n'])('%j is choice ③', (answer) => {
    expect(normalizeAnswer(answer)).toBe('③');
  });

  it.each([
    ['①, ③', '①,③'],
    ['③, ①', '①,③'],
    ['1,3', '①,③'],
    ['3, 1', '①,③'],
    ['가, 다', '①,③'],
    ['다,가', '①,③'],
    ['①③', '①,③'],
    ['①가, ③다', '①,③'],
    ['1 3', '①,③'],
    ['1/3', '①,③'],
    ['①·③', '①,③'],
    ['１，３', '①,③'],
    ['①、③', '①,③'],
    ['②, ⑤, ④', '②,④,⑤'],
    ['⑨, 1, 나', '①,②,⑨'],
    ['③, ③', '③'],
    ['3, 다', '③'],
  ])('multiple answer %j → %j', (answer, canonical) => {
    expect(normalizeAnswer(answer)).toBe(canonical);
  });

  it.each([
    ['', ''],
    ['   ', ''],
    ['0', '0'],
    ['10', '10'],
    ['13', '13'],
    ['바', '바'],
    ['①나', '①나'],
    ['가나다라', '가나다라'],
    ['③ 크레아티닌', '③ 크레아티닌'],
    ['HBsAg', 'hbsag'],
  ])('%j is not a choice answer and stays text: %j', (answer, canonical) => {
    expect(parseChoiceAnswer(answer)).toBeNull();
    expect(normalizeAnswer(answer)).toBe(canonical);
  });
});

describe('parseChoiceAnswer', () => {
  it.each([
    ['⑤', [5]],
    ['마', [5]],
    ['4번', [4]],
    ['④, ②', [2, 4]],
    ['가, 나, 다, 라', [1, 2, 3, 4]],
    ['①②③④⑤⑥⑦⑧⑨', [1, 2, 3, 4, 5, 6, 7, 8, 9]],
  ])('%j → %o', (answer, numbers) => {
    expect(parseChoiceAnswer(answer)).toEqual(numbers);
  });

  it('a mix of a choice and free text is not a choice answer', () => {
    expect(parseChoiceAnswer('③ 또는 알부민')).toBeNull();
    expect(parseChoiceAnswer('정답 ③')).toBeNull();
  });
});

describe('normalizeTextAnswer: whitespace, full-width forms and case only', () => {
  it.each([
    ['  급성   췌장염 ', '급성 췌장염'],
    ['담석,\t알코올', '담석,알코올'],
    ['담석 , 알코올', '담석,알코올'],
    ['담석，알코올', '담석,알코올'],
    ['ＨＢｓＡｇ', 'hbsag'],
    ['ＨＢｓＡｇ　양성', 'hbsag 양성'],
    ['（ＡＳＴ）', '(ast)'],
    ['１２０ ｍｍＨｇ', '120 mmhg'],
    ['Wilson disease', 'wilson disease'],
    ['가나다라', '가나다라'],
    ['가다', '가다'],
    ['③', '③'],
    ['3', '3'],
    ['\u1100\u1161\u11a8', '각'], // decomposed Hangul (macOS input) is composed
  ])('%j → %j', (answer, canonical) => {
    expect(normalizeTextAnswer(answer)).toBe(canonical);
  });
});

describe('isCorrectAnswer', () => {
  it.each([
    ['③', '③'],
    ['3', '③'],
    ['다', '③'],
    ['3번', '③'],
    [' ③ ', '3'],
    ['③다', '다'],
    ['２', '②'],
    ['③, ①', '①, ③'],
    ['1,3', '가, 다'],
    ['가,다', '①,③'],
    ['⑤마', '⑤'],
  ])('multiple choice: %j matches official %j', (user, official) => {
    expect(isCorrectAnswer(user, official, MC)).toBe(true);
  });

  it.each([
    ['②', '③'],
    ['①', '①, ③'],
    ['①, ③, ⑤', '①, ③'],
    ['라', '③'],
    ['바', '⑥'],
    ['①나', '①'],
    ['', '③'],
    ['   ', '③'],
    ['③', ''],
    ['', ''],
    [' ', '  '],
  ])('multiple choice: %j does not match official %j', (user, official) => {
    expect(isCorrectAnswer(user, official, MC)).toBe(false);
  });

  it.each([
    ['HBsAg', 'hbsag', ESSAY],
    ['  급성   신부전 ', '급성 신부전', ESSAY],
    ['ＡＬＴ', 'ALT', ESSAY],
    ['윌슨병 , 혈색소증', '윌슨병,혈색소증', ESSAY],
    ['가나다라', '가나다라', ESSAY],
    ['가족성 고콜레스테롤혈증', '가족성  고콜레스테롤혈증', ESSAY],
    ['Reed-Sternberg cell', 'reed-sternberg CELL', SLIDE],
    ['편평상피세포암', ' 편평상피세포암 ', SLIDE],
  ])('text: %j matches official %j (type %i)', (user, official, type) => {
    expect(isCorrectAnswer(user, official, type)).toBe(true);
  });

  it.each([
    ['가', '①', ESSAY],
    ['3', '③', ESSAY],
    ['가나다라', '①,②,③,④', ESSAY],
    ['나', '가', ESSAY],
    ['가족', '가', ESSAY],
    ['HBsAb', 'HBsAg', ESSAY],
    ['급성신부전', '급성 신부전', ESSAY],
    ['', '', ESSAY],
    ['크론병', '', SLIDE],
    ['', '궤양성 대장염', SLIDE],
    ['다', '③', SLIDE],
  ])('text: %j does not match official %j (type %i)', (user, official, type) => {
    expect(isCorrectAnswer(user, official, type)).toBe(false);
  });
});

const option = (value: string, label: string, key: number): ChoiceOption => ({ value, label, key });

describe('parseChoiceOptions', () => {
  it('reads one option a line', () => {
    expect(parseChoiceOptions('① 담석과 알코올\n② 고중성지방혈증\n③ 고칼슘혈증\n④ 약물\n⑤ ERCP 시술', 5)).toEqual([
      option('①', '담석과 알코올', 1),
      option('②', '고중성지방혈증', 2),
      option('③', '고칼슘혈증', 3),
      option('④', '약물', 4),
      option('⑤', 'ERCP 시술', 5),
    ]);
  });

  it('reads inline options', () => {
    expect(parseChoiceOptions('① 빌리루빈 ② 알부민 ③ 크레아티닌', 4)).toEqual([
      option('①', '빌리루빈', 1),
      option('②', '알부민', 2),
      option('③', '크레아티닌', 3),
    ]);
  });

  it.each([
    ['1) 노신경\n2) 자신경\n3) 정중신경'],
    ['1. 노신경\n2. 자신경\n3. 정중신경'],
    ['(1) 노신경\n(2) 자신경\n(3) 정중신경'],
    ['１）노신경\n２）자신경\n３）정중신경'],
    ['  1)  노신경\r\n  2)  자신경\r\n  3)  정중신경\r\n'],
  ])('reads numbered style %j', (illustration) => {
    expect(parseChoiceOptions(illustration, 2)).toEqual([option('①', '노신경', 1), option('②', '자신경', 2), option('③', '정중신경', 3)]);
  });

  it('skips blank lines and trims', () => {
    expect(parseChoiceOptions('\n\n  ① 겨드랑신경  \n\n②   노신경\n\n\n③ 자신경\n\n', 2)).toEqual([
      option('①', '겨드랑신경', 1),
      option('②', '노신경', 2),
      option('③', '자신경', 3),
    ]);
  });

  it('joins a line without a number to the option above', () => {
    expect(parseChoiceOptions('① 수축기 혈압 140 mmHg 이상\n또는 이완기 90 mmHg 이상\n② 정상 혈압', 2)).toEqual([
      option('①', '수축기 혈압 140 mmHg 이상 또는 이완기 90 mmHg 이상', 1),
      option('②', '정상 혈압', 2),
    ]);
  });

  it('ignores text before the first option', () => {
    expect(parseChoiceOptions('다음 중 옳은 것은?\n① 철결핍빈혈\n② 거대적혈모구빈혈', 2)?.map((o) => o.label)).toEqual(['철결핍빈혈', '거대적혈모구빈혈']);
  });

  it('reads a decimal at the start of a line as text, not as a number', () => {
    expect(parseChoiceOptions('1. 0.9% 생리식염수\n1.5 L를 1시간에\n2. 5% 포도당액', 2)).toEqual([
      option('①', '0.9% 생리식염수 1.5 L를 1시간에', 1),
      option('②', '5% 포도당액', 2),
    ]);
  });

  it('keeps a circled digit out of sequence inside the text', () => {
    expect(parseChoiceOptions('① 빌리루빈\n② 알부민\n③ ①과 ② 모두', 2)).toEqual([
      option('①', '빌리루빈', 1),
      option('②', '알부민', 2),
      option('③', '①과 ② 모두', 3),
    ]);
  });

  it('reads at most nine circled digits', () => {
    const marks = '①②③④⑤⑥⑦⑧⑨⑩⑪⑫';
    const illustration = [...marks].map((mark, i) => `${mark} 항목${i + 1}`).join('\n');
    const options = parseChoiceOptions(illustration, 2);
    expect(options).toHaveLength(9);
    expect(options?.map((o) => o.key)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(options?.map((o) => o.value)).toEqual([...CIRCLED_DIGITS]);
    expect(options?.[8]).toEqual(option('⑨', '항목9', 9));
  });

  it('reads at most nine numbered items', () => {
    const illustration = Array.from({ length: 11 }, (_, i) => `${i + 1}) 항목${i + 1}`).join('\n');
    const options = parseChoiceOptions(illustration, 2);
    expect(options).toHaveLength(9);
    expect(options?.[8]).toEqual(option('⑨', '항목9', 9));
  });

  it.each([[''], ['   \n  '], ['① 담석증'], ['1) 담석증'], ['담석증\n알코올'], ['② 담석증\n③ 알코올'], ['혈청 칼슘 1.5 mg/dL']])(
    '%j has fewer than two numbered items → null',
    (illustration) => {
      expect(parseChoiceOptions(illustration, 5)).toBeNull();
    },
  );

  it('keeps options whose text is only in a picture', () => {
    expect(parseChoiceOptions('① ② ③ ④', 4)).toEqual([option('①', '', 1), option('②', '', 2), option('③', '', 3), option('④', '', 4)]);
  });

  it('gives lettered-style options the values ①가 to ⑤마', () => {
    const illustration = '① 가, 나, 다\n② 가, 다\n③ 나, 라\n④ 라\n⑤ 가, 나, 다, 라';
    expect(parseChoiceOptions(illustration, 1)).toEqual([
      option('①가', '가, 나, 다', 1),
      option('②나', '가, 다', 2),
      option('③다', '나, 라', 3),
      option('④라', '라', 4),
      option('⑤마', '가, 나, 다, 라', 5),
    ]);
  });

  it('prefers the circled choices to the 가. 나. statements of a lettered stem', () => {
    const illustration =
      '가. 콩팥\n나. 샘창자의 둘째~넷째 부분\n다. 이자(꼬리 제외)\n라. 가로잘록창자\n\n① 가, 나, 다\n② 가, 다\n③ 나, 라\n④ 라\n⑤ 가, 나, 다, 라';
    expect(parseChoiceOptions(illustration, 1)?.map((o) => [o.value, o.label])).toEqual([
      ['①가', '가, 나, 다'],
      ['②나', '가, 다'],
      ['③다', '나, 라'],
      ['④라', '라'],
      ['⑤마', '가, 나, 다, 라'],
    ]);
  });

  it.each([['가. 콩팥\n나. 부신\n다. 요관'], ['가) 콩팥\n나) 부신\n다) 요관'], ['(가) 콩팥\n(나) 부신\n(다) 요관']])(
    'reads lettered items %j',
    (illustration) => {
      expect(parseChoiceOptions(illustration, 1)).toEqual([option('①가', '콩팥', 1), option('②나', '부신', 2), option('③다', '요관', 3)]);
      expect(parseChoiceOptions(illustration, 2)?.map((o) => o.value)).toEqual(['①', '②', '③']);
    },
  );

  it('gives the lettered pairing only to options ① to ⑤', () => {
    const illustration = '①a ②b ③c ④d ⑤e ⑥f';
    expect(parseChoiceOptions(illustration, 1)?.map((o) => o.value)).toEqual(['①가', '②나', '③다', '④라', '⑤마', '⑥']);
  });

  it.each([[2], [4], [5], [null]])('choice_type %s gives plain circled values', (choiceType) => {
    expect(parseChoiceOptions('① 크론병\n② 궤양성 대장염', choiceType)?.map((o) => o.value)).toEqual(['①', '②']);
  });

  it('every lettered option value compares equal to its number, letter and circled digit', () => {
    const options = parseChoiceOptions('① 가, 나, 다\n② 가, 다\n③ 나, 라\n④ 라\n⑤ 가, 나, 다, 라', 1) ?? [];
    for (const { value, key } of options) {
      const letter = CHOICE_LETTERS[key - 1] ?? '';
      for (const official of [String(key), CIRCLED_DIGITS[key - 1] ?? '', letter, value]) {
        expect(isCorrectAnswer(value, official, MC)).toBe(true);
      }
      expect(isCorrectAnswer(value, String((key % 5) + 1), MC)).toBe(false);
    }
  });
});

describe('choiceKeyToValue', () => {
  const five = parseChoiceOptions('① 담석증\n② 알코올\n③ 고중성지방혈증\n④ 고칼슘혈증\n⑤ 약물', 5);
  const lettered = parseChoiceOptions('① 가, 나, 다\n② 가, 다\n③ 나, 라\n④ 라\n⑤ 가, 나, 다, 라', 1);

  it.each([
    [1, '①'],
    [3, '③'],
    [5, '⑤'],
  ])('key %i chooses %s', (key, value) => {
    expect(choiceKeyToValue(key, five)).toBe(value);
  });

  it.each([
    [1, '①가'],
    [4, '④라'],
    [5, '⑤마'],
  ])('lettered style: key %i chooses %s', (key, value) => {
    expect(choiceKeyToValue(key, lettered)).toBe(value);
  });

  it.each([[0], [6], [9], [10], [-1], [1.5], [Number.NaN]])('key %s chooses nothing', (key) => {
    expect(choiceKeyToValue(key, five)).toBeNull();
  });

  it('chooses nothing without options', () => {
    expect(choiceKeyToValue(1, null)).toBeNull();
    expect(choiceKeyToValue(1, [])).toBeNull();
  });

  it('reaches the ninth option with key 9', () => {
    const nine = parseChoiceOptions([...CIRCLED_DIGITS].map((mark) => `${mark} x`).join('\n'), 2);
    expect(choiceKeyToValue(9, nine)).toBe('⑨');
  });
});

describe('numberedChoices (issue 26 item 3)', () => {
  it('numbers choices typed one a line, so the options parser reads them', () => {
    const stored = numberedChoices(' 담석\n\n알코올 \n약물', 1);
    expect(stored).toBe('① 담석\n② 알코올\n③ 약물');
    expect(parseChoiceOptions(stored, 1)?.map((o) => o.value)).toEqual(['①가', '②나', '③다']);
  });

  it('keeps numbered, single-line, over-long and other types’ choices as written', () => {
    for (const kept of ['① a\n② b', '1) a\n2) b', '(가) a\n(나) b', '① a\nb', 'a', 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj', '', '１. a\n２. b']) {
      expect(numberedChoices(kept, 1)).toBe(kept);
    }
    expect(numberedChoices('기전\n치료', 2)).toBe('기전\n치료');
  });
});
