import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ComponentType } from 'react';

/**
 * What other features put on a problem card, or a viewer. problems never imports them (boxes →
 * problems, one direction): the app shell provides the bookmark star, the 출제 이력 badge and a
 * class's recurrence line (app/providers.tsx).
 */
export interface ProblemCardSlots {
  Bookmark: ComponentType<{ problemUid: number }> | null;
  /** Asks for the stars of many problems at once, before their cards are drawn. */
  prefetchBookmarks: ((queryClient: QueryClient, problemUids: readonly number[]) => void) | null;
  /** The 출제 N회 badge (lineage builds on problems). */
  Lineage: ComponentType<{ problemUid: number }> | null;
  /** Asks for the badges of many problems at once, with the chunk's notes and dispute badges. */
  prefetchLineages: ((queryClient: QueryClient, problemUids: readonly number[]) => void) | null;
  /** "이 수업 문제 42개 중 17개(40%)가 반복 출제" under a class's header (decision 190). */
  ClassRecurrence: ComponentType<{ classCode: number }> | null;
}

const ProblemCardSlotsContext = createContext<ProblemCardSlots>({
  Bookmark: null,
  prefetchBookmarks: null,
  Lineage: null,
  prefetchLineages: null,
  ClassRecurrence: null,
});

export const ProblemCardSlotsProvider = ProblemCardSlotsContext.Provider;

export function useProblemCardSlots(): ProblemCardSlots {
  return useContext(ProblemCardSlotsContext);
}
