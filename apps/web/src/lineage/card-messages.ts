// Korean texts of what the app shell draws on every problem card and class page (app/providers.tsx
// card slots): the 출제 N회 badge and a class's recurrence line. Apart from messages.ts (which
// spreads them in), so the shell's entry chunk carries these lines and not every 출제 이력 screen's
// texts, over the first screen's JS budget (bench/web-assets.mjs).
export const lineageCardMessages = {
  /** The badge's two parts: the years give way on a narrow card (lineage-badge.tsx). */
  badgeCount: (count: number) => `출제 ${count}회`,
  badgeYears: (years: readonly number[]) => ` · ${years.join('·')}`,
  /** The badge's visible text first (WCAG 2.5.3), then what the button does. */
  badgeLabel: (count: number, years: readonly number[]) => `출제 ${count}회 · ${years.join('·')}, 출제 이력 보기`,
  /** How much of a lecture class recurs (decision 190). */
  classRecurrence: (total: number, recurring: number) =>
    `이 수업 문제 ${total}개 중 ${recurring}개(${total === 0 ? 0 : Math.round((recurring / total) * 100)}%)가 반복 출제`,
  classRecurrenceLoading: '반복 출제 비율을 세는 중…',
};
