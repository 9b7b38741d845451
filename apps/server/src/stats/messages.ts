import { itemFlagLabels } from '@qbank/shared/item-flags';

// Texts of the statistics feature the server writes: the .xlsx export's sheet and headings.
export const statsMessages = {
  sheetName: '문항 분석',
  title: (testName: string) => `${testName} 문항 분석`,
  summary: (members: number, kr20: string) => `분석 인원 ${members}명 · 신뢰도(KR-20) ${kr20}`,
  groups: (upper: number, lower: number) => `상위 집단 ${upper}명 · 하위 집단 ${lower}명 (27 %, 동점자 포함)`,
  tooFew: (min: number) => `모든 객관식 문항에 답한 회원이 ${min}명 이상일 때 분석합니다.`,
  columns: {
    no: '번호',
    difficulty: '난이도(정답률)',
    discrimination: '변별도',
    flags: '표시',
    /** Three columns per option: its rate among all, the upper and the lower group. */
    option: (label: string, group: number) => `${label} ${['전체', '상위', '하위'][group]}`,
  },
  key: '정답',
  none: '-',
  flags: itemFlagLabels,
  fileName: (year: number, testName: string) => `${year}_${testName}_문항분석.xlsx`,
} as const;
