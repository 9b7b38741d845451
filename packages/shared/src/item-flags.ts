import type { ItemFlag } from './stats';

// No zod here (a type import only): the web's statistics texts read these without the schemas.
/** The item analysis flags' Korean names, one wording for the screen and the .xlsx export (issue 26 item 19). */
export const itemFlagLabels: Record<ItemFlag, string> = {
  probably_miskeyed: '정답 오류 의심',
  unchosen_distractor: '아무도 고르지 않은 오답지',
  negative_discrimination: '음의 변별도',
};
