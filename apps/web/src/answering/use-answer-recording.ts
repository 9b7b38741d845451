import { useEffect, useEffectEvent, useRef } from 'react';
import { answerKindOf, type AnswerKind, type QueuedAnswer } from '../lib/offline-data';
import { newClientId } from './answer-queue';
import { answerQueue, type AnswerQueueEvent, type RecordOf } from './api';

/** One answer on the screen: its problem and the token that tells it from a later answer to it. */
export type Slot = { uid: number; token: number };
const slotKey = ({ uid, token }: Slot) => `${uid}:${token}`;

export interface RecordingHandlers<R> {
  /** The server recorded it (at once, or later from the offline queue); `laterVerdict` is a 맞음/틀림 given meanwhile. */
  onRecorded(slot: Slot, local: boolean, record: R, laterVerdict: boolean | undefined, sent: QueuedAnswer): void;
  /** Not recorded and not kept: refused for good (`code`: the server's error code), or the browser could not even keep it. */
  onNotRecorded(slot: Slot, local: boolean, code?: string): void;
  /** Kept in the queue, to be sent when the connection returns. */
  onKept(slot: Slot): void;
}

/** What a kind of answer carries besides the common fields (its session, its rating…). */
type EntryOf<K extends AnswerKind> = Extract<QueuedAnswer, { kind?: K }>;
export type AnswerFields<K extends AnswerKind> = Omit<EntryOf<K>, 'client_id' | 'member_code' | 'problem_uid' | 'answer' | 'local_correct' | 'queued_at'>;

/**
 * A screen's answers through the offline queue (decisions 041, 054): kept first, then sent, and
 * sent again when the connection returns under the same client_id. `queued` are the answers of this
 * screen an earlier visit left waiting; they are shown with token 0, so their records find them too.
 * `fields` gives what the kind of answer carries besides the answer (solve mode: the exam; a
 * session: its code and the time; a review: the rating).
 */
export function useAnswerRecording<K extends AnswerKind>(
  kind: K,
  memberCode: number | null,
  queued: QueuedAnswer[] | null,
  fields: (slot: Slot) => AnswerFields<K>,
  handlers: RecordingHandlers<RecordOf[K]>,
) {
  // Answers on their way, by client_id.
  const sending = useRef(new Map<string, Slot>());
  // The records that arrived, by slot: a 맞음/틀림 given right after may find the code before the screen does.
  const recordedCodes = useRef(new Map<string, number>());
  // 맞음/틀림 given before the answer was recorded, by slot: sent with the record.
  const laterVerdicts = useRef(new Map<string, boolean>());
  // The queued answer of each slot still waiting, so a later change (a rating) can go with it.
  const clientIds = useRef(new Map<string, string>());

  const onQueueEvent = useEffectEvent((event: AnswerQueueEvent) => {
    const id = event.answer.client_id;
    if (answerKindOf(event.answer) !== kind) return;
    const earlier = queued?.find((answer) => answer.client_id === id);
    const slot = sending.current.get(id) ?? (earlier ? { uid: earlier.problem_uid, token: 0 } : undefined);
    if (!slot) return;
    sending.current.delete(id);
    clientIds.current.delete(slotKey(slot));
    if (event.type === 'rejected') return handlers.onNotRecorded(slot, event.answer.local_correct, event.code);
    const record = event.record.record as RecordOf[K];
    const code = 'code' in record ? record.code : 'attempt_code' in record ? record.attempt_code : null;
    if (code !== null) recordedCodes.current.set(slotKey(slot), code);
    const verdict = laterVerdicts.current.get(slotKey(slot));
    laterVerdicts.current.delete(slotKey(slot));
    handlers.onRecorded(slot, event.answer.local_correct, record, verdict, event.answer);
  });
  useEffect(() => answerQueue.subscribe((event) => onQueueEvent(event)), []);

  return {
    submit(slot: Slot, value: string, local: boolean): void {
      if (memberCode === null) return;
      const entry = {
        ...fields(slot),
        client_id: newClientId(),
        member_code: memberCode,
        problem_uid: slot.uid,
        answer: value,
        local_correct: local,
        queued_at: new Date().toISOString(),
      } as QueuedAnswer;
      sending.current.set(entry.client_id, slot);
      clientIds.current.set(slotKey(slot), entry.client_id);
      answerQueue.submit(entry).then(
        (outcome) => {
          if (outcome.kind === 'kept') handlers.onKept(slot);
        },
        () => {
          sending.current.delete(entry.client_id);
          clientIds.current.delete(slotKey(slot));
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
    /**
     * Changes the slot's answer while it waits in the queue (kept across a reload); false when it
     * is not waiting any more (sent, or on its way: compare onRecorded's `sent`).
     */
    amendWaiting(slot: Slot, change: (answer: QueuedAnswer) => QueuedAnswer): Promise<boolean> {
      const id = clientIds.current.get(slotKey(slot)) ?? (slot.token === 0 ? queued?.find((answer) => answer.problem_uid === slot.uid)?.client_id : undefined);
      return id ? answerQueue.amend(id, change) : Promise.resolve(false);
    },
  };
}
