import { notifications } from '@mantine/notifications';
import { SOLVE_BOX_SLOTS } from '@qbank/shared/boxes';
import { useEffect, useRef, useState } from 'react';
import { useAddToBox, useProblemBoxes, useRemoveFromBox, useSolveBoxes } from '../boxes/api';
import { errorMessage } from '../lib/api-client';
import { messages } from './messages';

const m = messages.solve;

// Solve mode's two boxes (decision 016): ★ 중요 toggles the problem in the member's 중요 문제 box;
// a wrong answer puts it in 오답 노트 (said once per visit). Both boxes are the member's own server
// boxes, made by the server the first time they are needed.

/** The member's two solve boxes, read (and so made) on first need, not with the screen. */
function useEnsureSolveBoxes() {
  const solveBoxes = useSolveBoxes(false);
  const latest = useRef(solveBoxes);
  useEffect(() => {
    latest.current = solveBoxes;
  });
  return async function ensureBoxes() {
    const known = latest.current.data;
    if (known) return known;
    const fetched = await latest.current.refetch();
    if (!fetched.data) throw fetched.error ?? new Error(m.bookmarkAddFailed);
    return fetched.data;
  };
}

/**
 * The ★ 중요 switch of one problem. Used by the button itself (components/important-button.tsx),
 * not the screen: the problem's boxes arrive after the screen is drawn, and read by the screen they
 * drew the whole screen again (the problem and the grid of up to 120) on a phone's busy first second.
 */
export function useImportantToggle(problemUid: number) {
  const ensureBoxes = useEnsureSolveBoxes();
  const problemBoxes = useProblemBoxes(problemUid);
  const add = useAddToBox();
  const remove = useRemoveFromBox();
  const [pending, setPending] = useState<{ uid: number; checked: boolean } | null>(null);

  const importantBox = problemBoxes.data?.find((box) => box.solve_slot === SOLVE_BOX_SLOTS.important);
  const waiting = pending !== null && pending.uid === problemUid;
  const checked = waiting ? pending.checked : importantBox?.has_problem === true;

  async function toggleImportant() {
    if (waiting) return;
    const uid = problemUid;
    const next = !checked;
    setPending({ uid, checked: next });
    try {
      const { important } = await ensureBoxes();
      if (next) await add.mutateAsync({ boxId: important.code, problemUid: uid });
      else await remove.mutateAsync({ boxId: important.code, problemUid: uid });
      notifications.show({ color: 'teal', message: next ? m.bookmarkAdded : m.bookmarkRemoved });
    } catch (error) {
      const failed = next ? m.bookmarkAddFailed : m.bookmarkRemoveFailed;
      notifications.show({ color: 'red', title: failed, message: errorMessage(error, failed) });
    } finally {
      setPending(null);
    }
  }

  return { checked, busy: waiting, onToggle: () => void toggleImportant() };
}

/** 오답 노트: a wrong answer's problem goes in, said once per visit. */
export function useWrongNotes() {
  const ensureBoxes = useEnsureSolveBoxes();
  const add = useAddToBox();
  const inWrongNotes = useRef(new Set<number>());
  const toldWrongNotes = useRef(false);

  function addToWrongNotes(uid: number) {
    if (inWrongNotes.current.has(uid)) return;
    inWrongNotes.current.add(uid);
    void (async () => {
      try {
        const { wrong } = await ensureBoxes();
        await add.mutateAsync({ boxId: wrong.code, problemUid: uid });
        if (!toldWrongNotes.current) {
          toldWrongNotes.current = true;
          notifications.show({ color: 'blue', title: m.wrongNoteAdded, message: m.wrongNoteAddedText });
        }
      } catch (error) {
        inWrongNotes.current.delete(uid); // the next wrong answer tries again
        notifications.show({ color: 'red', title: m.wrongNoteFailed, message: errorMessage(error, m.wrongNoteFailed) });
      }
    })();
  }

  return { addToWrongNotes };
}
