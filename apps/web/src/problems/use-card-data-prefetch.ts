import type { Problem } from '@qbank/shared/problems';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { prefetchDisputeSummaries } from '../disputes/api';
import { prefetchNotes } from '../notes/api';
import { useProblemCardSlots } from './components/problem-card-slots';

/**
 * What each card asks the server about its problem (the member's note, the dispute badge, the
 * bookmark star) is asked for a whole chunk of the list as soon as the chunk arrives: one call per
 * part for 20 problems, instead of one per part for every few cards as they are drawn, and each
 * card is drawn once, with its answers, instead of twice (issue 17 item 4). Each problem is asked
 * for once per visit of the list.
 */
export function useCardDataPrefetch(problems: readonly Problem[]): void {
  const queryClient = useQueryClient();
  const { prefetchBookmarks } = useProblemCardSlots();
  const asked = useRef(new Set<number>());

  useEffect(() => {
    const uids = problems.map((problem) => problem.uid).filter((uid) => !asked.current.has(uid));
    if (uids.length === 0) return;
    for (const uid of uids) asked.current.add(uid);
    prefetchNotes(queryClient, uids);
    prefetchDisputeSummaries(queryClient, uids);
    prefetchBookmarks?.(queryClient, uids);
  }, [problems, queryClient, prefetchBookmarks]);
}
