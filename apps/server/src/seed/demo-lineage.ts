import type { ProblemSeed } from './demo-subjects';

// 출제 이력 (issue 28): the demo's exams repeat pool questions across three years, which makes
// their lineages; one question is also reworded in last year's exam, so a newcomer sees a 변형 with
// its changed words beside the exact copies (출제 N회 · 2024·2025·2026 on the list).
const LAST_YEARS_REWORDINGS: Record<string, Pick<ProblemSeed, 'stem'>> = {
  'card-as': {
    stem: '77세 남자가 운동할 때 실신과 가슴 통증, 호흡곤란이 있다. 오른쪽 둘째 갈비사이에서 목으로 뻗치는 수축기 박출성 잡음이 들린다. 가장 가능성이 높은 진단은?',
  },
};

/** The problem as last year's exam asked it. */
export function askedLastYear(problem: ProblemSeed): ProblemSeed {
  const rewording = problem.key === undefined ? undefined : LAST_YEARS_REWORDINGS[problem.key];
  return rewording ? { ...problem, ...rewording } : problem;
}
