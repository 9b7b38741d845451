// Korean texts of 출제 이력 (issue 28): the badge on a problem card and its panel.
import type { LineageRelation } from '@qbank/shared/lineage';

export const lineageMessages = {
  badge: (count: number, years: readonly number[]) => `출제 ${count}회 · ${years.join('·')}`,
  /** The badge's visible text first (WCAG 2.5.3), then what the button does. */
  badgeLabel: (count: number, years: readonly number[]) => `출제 ${count}회 · ${years.join('·')}, 출제 이력 보기`,
  panelTitle: '출제 이력',
  loading: '출제 이력을 불러오는 중…',
  failed: '출제 이력을 불러오지 못했습니다.',
  none: '이 문제의 출제 이력이 없습니다.',
  appearances: '출제된 문제',
  suggestions: '확인이 필요한 비슷한 문제',
  suggestionsHint: '확인하면 학생에게도 출제 이력으로 보입니다.',
  thisProblem: '이 문제',
  relations: { same: '같은 문제', variant: '변형', inverted: '반대로 물음' } satisfies Record<LineageRelation, string>,
  examNo: (testName: string, no: number) => `${testName} ${no}번`,
  key: (answer: string) => `정답 ${answer}`,
  keysDisagree: '정답이 다름',
  open: '시험에서 보기',
  openLabel: (testName: string, no: number) => `시험에서 보기: ${testName} ${no}번`,
  changes: '바뀐 부분',
  noChanges: '문제와 보기가 같습니다.',
  added: '추가',
  removed: '삭제',
  confirm: '확인',
  confirmLabel: (testName: string, no: number) => `확인: ${testName} ${no}번은 같은 문제의 계열`,
  reject: '아님',
  rejectLabel: (testName: string, no: number) => `아님: ${testName} ${no}번은 다른 문제`,
  split: '분리',
  splitHint: '이 문제를 출제 이력에서 떼어냅니다.',
  decided: '반영했습니다.',
  decideFailed: '반영하지 못했습니다. 다시 시도하세요.',
};
