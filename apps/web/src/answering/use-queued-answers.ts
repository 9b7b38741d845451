import { useEffect, useEffectEvent, useState } from 'react';
import { answerKindOf, type QueuedAnswer } from '../lib/offline-data';
import { useDrawnByServer } from '../lib/server-paint';
import { answerQueue } from './api';

/**
 * The member's answers of one screen still waiting in the queue (`key` names the screen, `match`
 * picks its answers), read once when the screen opens (what happens to them afterwards the queue's
 * events tell); null while being read.
 */
export function useQueuedAnswersWhere(memberCode: number | null, key: string, match: (answer: QueuedAnswer) => boolean): QueuedAnswer[] | null {
  const readKey = `${memberCode}:${key}`;
  const [read, setRead] = useState<{ key: string; list: QueuedAnswer[] } | null>(null);
  const pick = useEffectEvent(match);
  // The server's drawing of a page has no queue of this browser's: nothing waits there.
  const drawnByServer = useDrawnByServer();
  useEffect(() => {
    if (memberCode === null) return;
    let live = true;
    answerQueue
      .pending(memberCode, (answer) => pick(answer))
      .then(
        (list) => live && setRead({ key: readKey, list }),
        () => live && setRead({ key: readKey, list: [] }),
      );
    return () => {
      live = false;
    };
  }, [readKey, memberCode]);
  if (memberCode === null || drawnByServer) return [];
  return read?.key === readKey ? read.list : null;
}

/** Solve mode's answers to this exam still waiting in the queue. */
export function useQueuedAnswers(memberCode: number | null, testCode: number): QueuedAnswer[] | null {
  return useQueuedAnswersWhere(memberCode, `solve:${testCode}`, (answer) => answerKindOf(answer) === 'solve' && answer.test_code === testCode);
}
