import { createContext, useContext, type ComponentType } from 'react';

/**
 * What other features put on a problem card. problems never imports them (boxes → problems, one
 * direction): the app shell provides the bookmark star (app/providers.tsx).
 */
export interface ProblemCardSlots {
  Bookmark: ComponentType<{ problemUid: number }> | null;
}

const ProblemCardSlotsContext = createContext<ProblemCardSlots>({ Bookmark: null });

export const ProblemCardSlotsProvider = ProblemCardSlotsContext.Provider;

export function useProblemCardSlots(): ProblemCardSlots {
  return useContext(ProblemCardSlotsContext);
}
