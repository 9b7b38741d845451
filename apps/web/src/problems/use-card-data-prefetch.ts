import type { Problem } from '@qbank/shared/problems';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { prefetchDisputeSummaries } from '../disputes/api';
import { holdUidBatches } from '../lib/batch-by-uid';
import { prefetchNotes } from '../notes/api';
import { useProblemCardSlots } from './components/problem-card-slots';

/**
 * What each card asks the server about its problem (the member's note, the dispute badge, the
 * bookmark star, the 출제 N회 badge) is asked for a whole chunk of the list as soon as the chunk arrives: one call per
 * part for 20 problems, instead of one per part for every few cards as they are drawn, and each
 * card is drawn once, with its answers, instead of twice (issue 17 item 4). Each problem is asked
 * for once per visit of the list.
 */
export function useCardDataPrefetch(problems: readonly Problem[]): void {
  const queryClient = useQueryClient();
  const { prefetchBookmarks, prefetchLineages } = useProblemCardSlots();
  const asked = useRef(new Set<number>());

  useEffect(() => {
    const uids = problems.map((problem) => problem.uid).filter((uid) => !asked.current.has(uid));
    if (uids.length === 0) return;
    for (const uid of uids) asked.current.add(uid);
    // Each part in a task of its own, after the commit that draws the chunk's first card: asked in
    // that commit, 20 problems' notes and badges were a ~50 ms task in Lighthouse's trace (most of
    // the list's blocking time, decision 068). The batches wait meanwhile, so each part still goes
    // out as one call, together with what the first card asked for itself. The stars' part loads
    // its module first, so it runs later anyway.
    eachInATaskOfItsOwn(
      [() => prefetchNotes(queryClient, uids), () => prefetchDisputeSummaries(queryClient, uids), () => prefetchLineages?.(queryClient, uids)],
      holdUidBatches(),
    );
    prefetchBookmarks?.(queryClient, uids);
  }, [problems, queryClient, prefetchBookmarks, prefetchLineages]);
}

/** Runs the steps one per task, in order, then `done` (after a step that throws, too). */
function eachInATaskOfItsOwn(steps: ReadonlyArray<() => void>, done: () => void): void {
  const [step, ...rest] = steps;
  if (!step) return done();
  setTimeout(() => {
    try {
      step();
    } finally {
      eachInATaskOfItsOwn(rest, done);
    }
  }, 0);
}
