import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { compareFingerprints, dice, diceOfCodes } from './compare';
import { disassemble } from 'es-hangul';
import { fingerprint, grams, syllableGrams, type LineageSource } from './fingerprint';
import { asProblem, type Question } from './evaluation/transform';
import { lineageKeys } from './minhash';
import { askClause, normalizeText, polarityOf } from './normalize';

const CIRCLED = ['①', '②', '③', '④', '⑤'];

function problem(stem: string, options: string[], key: number): LineageSource {
  return { question_text: stem, illustration: options.map((o, i) => `${CIRCLED[i]} ${o}`).join('\n'), answer: CIRCLED[key - 1]!, choice_type: 5 };
}

const CASE =
  '65세 남자가 3일 전부터 시작된 가슴 통증으로 응급실에 왔다. 혈압 90/60 mmHg, 맥박 110회/분이었다. 심전도에서 II, III, aVF 유도의 ST분절 상승이 관찰되었다.';
const TREATMENTS = ['니트로글리세린 투여', '관상동맥중재술', '베타차단제 투여', '경과관찰', '항응고제 단독 투여'];
const base = problem(`${CASE} 가장 적절한 치료는?`, TREATMENTS, 2);

function compare(a: LineageSource, b: LineageSource) {
  return compareFingerprints(fingerprint(a), fingerprint(b));
}

describe('normalisation', () => {
  it('ignores spacing, punctuation, markers, width, number formatting and unit spelling', () => {
    expect(normalizeText('① 혈압 1,000 ㎎/dL, 0.50%')).toBe(normalizeText('1) 혈압1000mg / dL 0.5 퍼센트'));
    expect(normalizeText('ＡＬＴ 35 U/L')).toBe(normalizeText('alt 35u/l'));
    expect(normalizeText('체온 36.5℃')).toBe(normalizeText('체온 36.5 °C'));
    // NFD input (as some editors paste it) is the same text.
    expect(normalizeText('환자'.normalize('NFD'))).toBe('환자');
  });

  it('reads the polarity of the asking clause, also without the space before it', () => {
    expect(polarityOf('다음 중 옳은 것은?')).toBe('positive');
    expect(polarityOf('다음 중 옳지 않은 것은?')).toBe('negative');
    expect(polarityOf('제시한 내용으로옳지 않은 것은?')).toBe('negative');
    // A negation in the case is not the question's.
    expect(polarityOf('약을 복용하지 않은 환자이다. 가장 적절한 치료는?')).toBe('positive');
  });

  it('finds the asking clause even when a table follows it without a space', () => {
    expect(askClause('검사 결과는 다음과 같았다. 진단은?혈액: 혈색소 12.5 g/dL')).toBe('진단은?');
  });
});

describe('relations', () => {
  it('a copy with the options reshuffled is `same`, keys agreeing', () => {
    const shuffled = problem(`${CASE} 가장 적절한 치료는?`, [TREATMENTS[3]!, TREATMENTS[1]!, TREATMENTS[0]!, TREATMENTS[4]!, TREATMENTS[2]!], 2);
    expect(compare(base, shuffled)).toMatchObject({ relation: 'same', similarity: 1, keysAgree: true });
  });

  it('a copy keyed to another option is still `same` but its keys disagree (the dispute flag)', () => {
    expect(compare(base, problem(`${CASE} 가장 적절한 치료는?`, TREATMENTS, 3))).toMatchObject({ relation: 'same', keysAgree: false });
  });

  it('changed particles and endings, changed numbers, or a changed distractor make a `variant`', () => {
    const reworded = problem(CASE.replace('남자가', '남성이').replace('관찰되었다', '관찰됐다') + ' 가장 적절한 치료는?', TREATMENTS, 2);
    expect(compare(base, reworded)).toMatchObject({ relation: 'variant', keysAgree: true });
    const numbers = problem(CASE.replace('65세', '68세').replace('90/60', '85/55') + ' 가장 적절한 치료는?', TREATMENTS, 2);
    expect(compare(base, numbers)).toMatchObject({ relation: 'variant', keysAgree: true });
    const distractor = problem(`${CASE} 가장 적절한 치료는?`, [...TREATMENTS.slice(0, 4), '혈전용해제 투여'], 2);
    expect(compare(base, distractor)?.relation).toBe('variant');
  });

  it('옳은 것은 ↔ 옳지 않은 것은 with the key of one among the wrong options of the other is `inverted`', () => {
    const right = problem(
      '급성 심근경색의 초기 치료에 관한 설명으로 옳은 것은?',
      ['아스피린을 씹어 복용한다', '모르핀은 금기이다', '산소는 모든 환자에게 준다', '베타차단제는 금기이다', '헤파린은 쓰지 않는다'],
      1,
    );
    const wrong = problem(
      '급성 심근경색의 초기 치료에 관한 설명으로 옳지 않은 것은?',
      ['아스피린을 씹어 복용한다', '모르핀은 금기이다', '니트로글리세린을 쓴다', '재관류 치료를 서두른다', '심전도를 10분 안에 찍는다'],
      2,
    );
    expect(compare(right, wrong)).toMatchObject({ relation: 'inverted', keysAgree: false });
    // The same pair where no key crosses is another question, not an inversion.
    const unrelated = problem(
      '급성 심근경색의 초기 치료에 관한 설명으로 옳지 않은 것은?',
      ['니트로글리세린을 쓴다', '재관류 치료를 서두른다', '심전도를 10분 안에 찍는다', '모르핀은 금기이다', '칼슘차단제를 쓴다'],
      5,
    );
    expect(compare(right, unrelated)).toBeNull();
  });
});

describe('hard negatives', () => {
  it('a shared case passage with a different question and options is no lineage', () => {
    const sibling = problem(`${CASE} 가장 가능성이 높은 진단은?`, ['하벽 심근경색', '대동맥박리', '폐색전증', '심낭염', '긴장성 기흉'], 1);
    expect(compare(base, sibling)).toBeNull();
  });

  it('the same option list under a different question is no lineage (진료비 지불방법 중 가장 큰 것 / 가장 작은 것)', () => {
    const methods = ['행위별수가제', '포괄수가제', '인두제', '봉급제', '총액계약제'];
    const largest = problem('의료비 증가 억제 효과가 진료비 지불방법 중 가장 큰 것은?', methods, 5);
    const smallest = problem('의료비 증가 억제 효과가 진료비 지불방법 중 가장 작은 것은?', methods, 1);
    expect(compare(largest, smallest)).toBeNull();
    const other = problem(`${CASE} 치료 후 가장 먼저 확인할 검사는?`, TREATMENTS, 4);
    expect(compare(base, other)).toBeNull();
  });

  it('unrelated questions in the same boilerplate ("…에 관한 설명으로 옳은 것은?") are no lineage', () => {
    const a = problem('치태에 관한 설명으로 옳은 것은?', ['무생물 막이다', '치아보호 막이다', '불투과성 막이다', '균막이다', '획득피막이다'], 4);
    const b = problem(
      '혀점막에 관한 설명으로 옳은 것은?',
      ['모두 특수점막이다', '실유두는 각질화된다', '버섯유두는 후방에 있다', '잎새유두에 맛봉오리가 있다', '성곽유두는 앞쪽에 있다'],
      2,
    );
    expect(compare(a, b)).toBeNull();
  });
});

describe('candidate keys', () => {
  it('a reshuffled copy has exactly the same keys; an unrelated problem shares none', () => {
    const shuffled = problem(`${CASE} 가장 적절한 치료는?`, [...TREATMENTS].reverse(), 4);
    expect(new Set(lineageKeys(fingerprint(shuffled)))).toEqual(new Set(lineageKeys(fingerprint(base))));
    const other = problem('라론드 보고서에 제시된 건강결정요인 중 개인이 통제할 수 있는 요인은?', ['생활습관', '유전', '환경', '보건의료체계', '소득'], 1);
    const keys = new Set(lineageKeys(fingerprint(base)));
    expect(lineageKeys(fingerprint(other)).some((key) => keys.has(key))).toBe(false);
  });

  it('the letter combinations of a 가나다라 problem give no keys (they would join every such problem)', () => {
    const lettered: LineageSource = {
      question_text: '모두 고른 것은?',
      illustration: '① 가, 나\n② 나, 다\n③ 가, 다, 라\n④ 라\n⑤ 가, 나, 다, 라',
      answer: '①가',
      choice_type: 1,
    };
    expect(lineageKeys(fingerprint(lettered))).toEqual([]);
  });

  it('a problem keeps a bounded number of keys however long it is', () => {
    const long = problem(CASE.repeat(40) + ' 가장 적절한 치료는?', TREATMENTS, 2);
    expect(lineageKeys(fingerprint(long)).length).toBeLessThanOrEqual(40);
  });
});

describe('the stem similarity over gram codes', () => {
  it('equals Dice over the gram sets on real stems: near copies, typed beginnings and unrelated pairs', () => {
    const questions: Question[] = JSON.parse(readFileSync(new URL('../seed/large/fixtures/kormedmcqa-sample.json', import.meta.url), 'utf8'));
    const prints = questions.flatMap((q) => {
      const whole = asProblem(q);
      // A stem being typed (the editor's suggestions) and one with a changed particle.
      const typed = { ...whole, question_text: q.question.slice(0, Math.ceil(q.question.length * 0.6)) };
      const reworded = { ...whole, question_text: q.question.replace('은?', '으로 옳은 것은?') };
      return [whole, typed, reworded].map((source) => fingerprint(source));
    });
    let compared = 0;
    for (let i = 0; i < prints.length; i++) {
      for (const j of [i + 1, i + 2, i + 3, (i * 7) % prints.length]) {
        const a = prints[i]!;
        const b = prints[j % prints.length]!;
        expect(diceOfCodes(a.stemCodes, b.stemCodes)).toBe(dice(syllableGrams(a.stem), syllableGrams(b.stem)));
        a.options.forEach((option, k) => {
          const other = b.options[k];
          if (other !== undefined) expect(diceOfCodes(a.optionCodes[k]!, b.optionCodes[k]!)).toBe(dice(syllableGrams(option), syllableGrams(other)));
        });
        expect(diceOfCodes(a.jamoCodes, b.jamoCodes)).toBe(dice(new Set(grams(disassemble(a.stem), 3)), new Set(grams(disassemble(b.stem), 3))));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
    // Short texts (a gram of the whole text) and the 3-gram tag keep their own codes.
    const short = fingerprint(asProblem({ id: 'x', question: '빈혈', choices: ['가'], answer: [1] }));
    const other = fingerprint(asProblem({ id: 'y', question: '빈혈은', choices: ['가'], answer: [1] }));
    expect(diceOfCodes(short.stemCodes, other.stemCodes)).toBe(dice(syllableGrams(short.stem), syllableGrams(other.stem)));
    expect(diceOfCodes(new Float64Array(), new Float64Array())).toBe(1);
  });
});

describe('the band keys', () => {
  it('are those already stored in lineage_keys: a new version of the code keeps finding the bank problems', () => {
    // Made by the code that filled existing databases; a change here needs the whole bank detected again.
    expect(lineageKeys(fingerprint(base))).toEqual([
      -755126666, 1686928357, 542404024, 556648544, 460352867, -823091792, 1286517811, 218410547, -302130343, 1997975994, 757866594, 803790296, -1597397096,
      -1157263169, 787726530, 1724403391, -903577181, -552295095, 318827695, -22208545, 44036180, 630856063, 1008646042, 104770792, -1490422102, -415843630,
      -251481342, 947363299, 342126167, 397738648, -1193003457, -1784486944, 1056742313, -1586172623, -386565772, -464057234, -1615495316, 213411951, 702209898,
      1852350000,
    ]);
  });
});
