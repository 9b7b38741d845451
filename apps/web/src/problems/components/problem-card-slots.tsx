import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ComponentType } from 'react';

/**
 * What other features put on a problem card. problems never imports them (boxes → problems, one
 * direction): the app shell provides the bookmark star (app/providers.tsx).
 */
export interface ProblemCardSlots {
  Bookmark: ComponentType<{ problemUid: number }> | null;
  /** Asks for the stars of many problems at once, before their cards are drawn. */
  prefetchBookmarks: ((queryClient: QueryClient, problemUids: readonly number[]) => void) | null;
}

const ProblemCardSlotsContext = createContext<ProblemCardSlots>({ Bookmark: null, prefetchBookmarks: null });

export const ProblemCardSlotsProvider = ProblemCardSlotsContext.Provider;

export function useProblemCardSlots(): ProblemCardSlots {
  return useContext(ProblemCardSlotsContext);
}
