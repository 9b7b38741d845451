import { useEffect, useState, useSyncExternalStore } from 'react';
import { answerStore, savedExams, subscribeOfflineData, waitingAnswers } from '../lib/offline-data';

/** How many of the member's answers wait to be sent (0 for no member). */
export function usePendingAnswers(memberCode: number | null): number {
  const [read, setRead] = useState<{ memberCode: number; count: number } | null>(null);
  useEffect(() => {
    if (memberCode === null) return;
    let live = true;
    // Read from the store itself: the shell's count needs none of the queue's sending code.
    const update = () =>
      void waitingAnswers(answerStore, memberCode).then(
        (list) => live && setRead({ memberCode, count: list.length }),
        () => undefined,
      );
    update();
    const unsubscribe = subscribeOfflineData(update);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [memberCode]);
  return read !== null && read.memberCode === memberCode ? read.count : 0;
}

/** When the exam was saved with 오프라인 저장 (ISO time), or null. */
export function useSavedAt(testCode: number): string | null {
  return useSyncExternalStore(
    subscribeOfflineData,
    () => savedExams()[String(testCode)] ?? null,
    () => null,
  );
}
