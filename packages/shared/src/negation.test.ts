import { describe, expect, it } from 'vitest';
import { findNegationRanges, splitByNegation } from './negation';

const emphasized = (text: string) => findNegationRanges(text).map(({ start, end }) => text.slice(start, end));

describe('findNegationRanges (issue 16 item 5)', () => {
  it.each([
    ['다음 중 옳지 않은 것은?', ['옳지 않은']],
    ['다음 중 옳지 않는 것은?', ['옳지 않는']],
    ['다음 중 옳지않은것은?', ['옳지않은']],
    ['가장 적절하지 않은 것은?', ['가장 적절하지 않은']],
    ['이 질환에 해당하지 않는 것은?', ['해당하지 않는']],
    ['원인이 아닌 것은?', ['아닌']],
    ['틀린 설명을 고르시오.', ['틀린']],
    ['이 환자의 소견과 거리가 먼 것은?', ['거리가 먼']],
    ['거리가 가장 먼 것은?', ['거리가 가장 먼']],
    ['병인과 관계없는 것은?', ['관계없는']],
    ['병인과 관련이 없는 것은?', ['관련이 없는']],
    ['이 환자에서 관찰되지 않는 것은?', ['관찰되지 않는']],
    ['이 질환에서 볼 수 없는 것은?', ['없는']],
    ['옳은 것은? (단, 틀린 것은 없다)', ['틀린']],
    ['(가)와 (나) 중 아닌 것과 틀린 것', ['아닌', '틀린']],
  ])('%s → %j', (text, expected) => {
    expect(emphasized(text)).toEqual(expected);
  });

  it.each([
    '이것이 원인인지 아닌지 판단하라.',
    '감염이 아닌가?',
    '다음 중 옳은 것은?',
    '가장 적절한 것은?',
    '치료받지 않은 환자에서 가장 적절한 치료는?',
    '이 약은 간에서 대사되지 않는다.',
    '혈압이 높지 않은 환자',
    '증상이 없는 환자에서 가장 적절한 검사는?',
    '',
  ])('nothing in %j', (text) => {
    expect(findNegationRanges(text)).toEqual([]);
  });

  it('counts UTF-16 indices and handles a phrase at the very start and end', () => {
    expect(findNegationRanges('아닌')).toEqual([{ start: 0, end: 2 }]);
    expect(findNegationRanges('🩺 틀린')).toEqual([{ start: 3, end: 5 }]);
  });

  it('treats a non-breaking space like a space', () => {
    expect(emphasized('옳지\u00a0않은 것은?')).toEqual(['옳지\u00a0않은']);
  });
});

// Issue 26 item 10: a generic negated predicate also asks the question when it stands right before
// the question's last noun. The stems are real (KorMedMCQA, /work/shared/data/kormedmcqa, ids given).
describe("findNegationRanges before the question's last noun (issue 26 item 10)", () => {
  it.each([
    ['이 질환의 진행을 늦추는 것으로 입증되지 않은 약물은?', ['입증되지 않은']],
    ['안압을 낮추지 않는 약물은?', ['낮추지 않는']],
    // doctor_0139
    [
      '임신나이 42주, 출생체중 4.2 kg의 신생아가 난산으로 태어났다. 오른쪽 빗장뼈 골절과 오른쪽\n위팔신경마비가 있었다. 생후 1일에 신경학적 검사를 하였을 때 나타나지 않는 반사는?',
      ['나타나지 않는'],
    ],
    // nurse_0269
    ['손가락으로 눌렀다가 떼도 창백해지지 않고 지속되는 홍반이 있으며, 표피층과 진피층의 소실이 없는 욕창단계는?', ['없는']],
    ['수술 후 회복되지 못한 환자는 ？', ['회복되지 못한']],
  ])('%s → %j', (text, expected) => {
    expect(emphasized(text)).toEqual(expected);
  });

  // 않은/않는/없는 that describe the case, not what is asked: more words follow before the "?".
  it.each([
    // dentist_0059
    '9세 어린이의 하악 제1대구치에 3면 이상의 치관 파괴를 동반한 심한 molar-incisor hypomineralization이 관찰되었다. 치과치료의 협조도는 좋으나 구강위생관리가 잘되지 않는 경우 수복은?',
    // nurse_0071
    '6개월 전에 초경을 시작한 14세 여자가 월경 시작 후 1～2일 동안 심한 월경통으로 일상생활이 어렵다고 호소한다. 검진 결과에서 특이한 병리적 소견이 없는 경우 월경통의 주요 원인은?',
    // pharm_0492
    '59세 여자가 갑작스런 의식소실로 응급실로 이송된 후 지주막하출혈을 진단받았다. 지연성 뇌경색으로 인한 신경손상 감소를 위해 특별한 금기사항이 없는 한 투여해야 하는 약물은?',
    // doctor_0856
    '후천성면역결핍증(AIDS) 의 심각성에 대해서는 잘 알고 있지만 이환 가능성이 낮기 때문에 AIDS 예방에 많은 노력을 기울이지 않는 현상을 설명하는 건강관련행태 모형은?',
    // doctor_0313
    '정액검사에서 모든 정자가 활동성이 전혀 없는 경우를 일컫는 용어는?',
    // doctor_1306
    '25세 남자가 오늘 아침 직장에서 경련발작을 한 후 응급실에 실려 왔다. 수 년 전부터 항경련제를 복용했고 어제 밤샘 작업을 하였다고 한다. 응급실에서 의식이 회복되지 않은 상태에서 다시 전신 발작이 있었다. 가장 먼저 투여할 약물은?',
    // a choice or a case sentence without a question mark
    '혈압을 낮추지 않는 약물',
    '치료에 반응하지 않는 환자였다. 진단은?',
  ])('nothing in %j', (text) => {
    expect(findNegationRanges(text)).toEqual([]);
  });
});

describe('splitByNegation', () => {
  it('covers the whole text in order', () => {
    const pieces = splitByNegation('다음 중 옳지 않은 것은?');
    expect(pieces).toEqual([
      { text: '다음 중 ', emphasized: false },
      { text: '옳지 않은', emphasized: true },
      { text: ' 것은?', emphasized: false },
    ]);
    expect(pieces.map((piece) => piece.text).join('')).toBe('다음 중 옳지 않은 것은?');
  });

  it('keeps text without phrases as one piece', () => {
    expect(splitByNegation('옳은 것은?')).toEqual([{ text: '옳은 것은?', emphasized: false }]);
  });
});
