import type { ProblemSeed } from './demo-subjects';

// 출제 이력 (issue 28): the demo's exams repeat pool questions across three years, which makes
// their lineages. Last year's exam changes three of them, so a newcomer sees each kind a lineage
// holds (decision 203):
// - card-as is reworded a little: a 변형 students see, with its changed words beside the copies;
// - card-psvt is reworded more and two distractors are new: too far apart to be shown without a
//   lead, it waits on 출제 이력 관리 as a suggestion (같은 문제 / 아님);
// - card-ms is copied word for word but keyed to another option, as a reconstructed 족보 sometimes
//   is: the lead's screen and dispute queue list it as a question keyed differently in two years.
const CIRCLED = ['①', '②', '③', '④', '⑤'];

/** The key that names `text` among `choices`. */
function keyOf(choices: readonly string[] | undefined, text: string): string {
  const index = choices?.indexOf(text) ?? -1;
  if (index < 0) throw new Error(`demo lineage: no choice ${text}`);
  return CIRCLED[index]!;
}

const LAST_YEARS_CHANGES: Record<string, (problem: ProblemSeed) => Partial<ProblemSeed>> = {
  'card-as': () => ({
    stem: '77세 남자가 운동할 때 실신과 가슴 통증, 호흡곤란이 있다. 오른쪽 둘째 갈비사이에서 목으로 뻗치는 수축기 박출성 잡음이 들린다. 가장 가능성이 높은 진단은?',
  }),
  'card-psvt': () => {
    const choices = ['아데노신', '아미오다론', '리도카인', '베라파밀', '에피네프린'];
    return {
      stem: '혈역학적으로 안정된 좁은 QRS 빈맥(180회/분) 환자에서 발살바 수기가 효과가 없을 때 다음으로 투여할 약물은?',
      choices,
      answer: keyOf(choices, '아데노신'),
    };
  },
  'card-ms': (problem) => ({ answer: keyOf(problem.choices, '승모판 탈출증') }),
};

/** The problem as last year's exam asked it. */
export function askedLastYear(problem: ProblemSeed): ProblemSeed {
  const change = problem.key === undefined ? undefined : LAST_YEARS_CHANGES[problem.key];
  return change ? { ...problem, ...change(problem) } : problem;
}
