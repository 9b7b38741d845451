import type { Attempt } from '@qbank/shared/solve';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { QueuedAnswer } from '../lib/offline-data';
import { newClientId } from '../offline/answer-queue';
import { answerQueue } from '../offline/api';

/** One answer on the screen: its problem and the token that tells it from a later answer to it. */
type Slot = { uid: number; token: number };
const slotKey = ({ uid, token }: Slot) => `${uid}:${token}`;

interface Handlers {
  /** The server recorded it (at once, or later from the offline queue); `laterVerdict` is a 맞음/틀림 given meanwhile. */
  onRecorded(slot: Slot, local: boolean, attempt: Attempt, laterVerdict: boolean | undefined): void;
  /** Not recorded and not kept: refused for good, or the browser could not even keep it. */
  onNotRecorded(slot: Slot, local: boolean): void;
  /** Kept in the queue, to be sent when the connection returns. */
  onKept(slot: Slot): void;
}

/**
 * Solve mode's answers go through the offline queue (decision 041): kept first, then sent, and
 * sent again when the connection returns under the same client_id. `queued` are the answers an
 * earlier visit left waiting; they are shown with token 0, so their records find them too.
 */
export function useAnswerRecording(memberCode: number | null, testCode: number, queued: QueuedAnswer[] | null, handlers: Handlers) {
  // Answers on their way, by client_id.
  const sending = useRef(new Map<string, Slot>());
  // The records that arrived, by slot: a 맞음/틀림 given right after may find the code before the screen does.
  const recordedCodes = useRef(new Map<string, number>());
  // 맞음/틀림 given before the answer was recorded, by slot: sent with the record.
  const laterVerdicts = useRef(new Map<string, boolean>());

  const onQueueEvent = useEffectEvent((event: Parameters<Parameters<typeof answerQueue.subscribe>[0]>[0]) => {
    const id = event.answer.client_id;
    const earlier = queued?.find((answer) => answer.client_id === id);
    const slot = sending.current.get(id) ?? (earlier ? { uid: earlier.problem_uid, token: 0 } : undefined);
    if (!slot) return;
    sending.current.delete(id);
    if (event.type === 'rejected') return handlers.onNotRecorded(slot, event.answer.local_correct);
    recordedCodes.current.set(slotKey(slot), event.attempt.code);
    const verdict = laterVerdicts.current.get(slotKey(slot));
    laterVerdicts.current.delete(slotKey(slot));
    handlers.onRecorded(slot, event.answer.local_correct, event.attempt, verdict);
  });
  useEffect(() => answerQueue.subscribe((event) => onQueueEvent(event)), []);

  return {
    submit(slot: Slot, value: string, local: boolean): void {
      if (memberCode === null) return;
      const entry: QueuedAnswer = {
        client_id: newClientId(),
        member_code: memberCode,
        test_code: testCode,
        problem_uid: slot.uid,
        answer: value,
        local_correct: local,
        queued_at: new Date().toISOString(),
      };
      sending.current.set(entry.client_id, slot);
      answerQueue.submit(entry).then(
        (outcome) => {
          if (outcome.kind === 'kept') handlers.onKept(slot);
        },
        () => {
          sending.current.delete(entry.client_id);
          handlers.onNotRecorded(slot, local);
        },
      );
    },
    /** The server's record of the answer, also when it arrived after the screen was last drawn. */
    recordedCode(slot: Slot, known: number | null): number | null {
      return known ?? recordedCodes.current.get(slotKey(slot)) ?? null;
    },
    /** A 맞음/틀림 for an answer still on its way: it goes with the record (onRecorded's laterVerdict). */
    verdictLater(slot: Slot, correct: boolean): void {
      laterVerdicts.current.set(slotKey(slot), correct);
    },
  };
}
