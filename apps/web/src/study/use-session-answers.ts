import { notifications } from '@mantine/notifications';
import type { Problem } from '@qbank/shared/problems';
import type { SessionAnswer, SessionDetail } from '@qbank/shared/study';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { errorMessage } from '../lib/api-client';
import type { QueuedAnswer } from '../lib/offline-data';
import { judge } from '../answering/answer-model';
import { useSelfJudgment } from '../answering/self-judgment-api';
import { selfJudgeMessages as sj } from '../answering/self-judge-messages';
import { useAnswerRecording, type Slot } from '../answering/use-answer-recording';
import { studyKeys } from './api';
import { takesMemberVerdict, type KnownAnswer } from './session-reveal';

/** An answer on the session screen; `pending` while the server has not recorded it (on its way, or kept offline). */
export interface ShownAnswer extends KnownAnswer {
  token: number;
  pending: 'saving' | 'queued' | null;
}

/**
 * The session's answers through the offline queue (decision 054), as solve mode's: each is shown
 * at once (tutor mode with the screen's own verdict: the key is on the device), kept, sent, and
 * replaced by the server's record when it arrives. `queued` are the answers an earlier visit left
 * waiting; they show over the session's last read. `skewMs` dates each answer on the server's clock,
 * so one made before a timed session ended still counts when it arrives after.
 */
export function useSessionAnswers(detail: SessionDetail, queued: QueuedAnswer[], memberCode: number | null, skewMs: number) {
  const queryClient = useQueryClient();
  const { session, problems } = detail;
  const timed = session.mode === 'timed';
  const selfJudgment = useSelfJudgment();
  const tokenRef = useRef(0);
  const [waiting, setWaiting] = useState<ReadonlyMap<number, ShownAnswer>>(() => {
    const shown = new Map<number, ShownAnswer>();
    for (const answer of queued)
      shown.set(answer.problem_uid, { answer: answer.answer, is_correct: timed ? undefined : answer.local_correct, token: 0, pending: 'queued' });
    return shown;
  });

  const answers = useMemo(() => {
    const shown = new Map<number, ShownAnswer>(detail.answers.map((answer) => [answer.problem_uid, { ...answer, token: -1, pending: null }]));
    for (const [uid, answer] of waiting) shown.set(uid, answer);
    return shown;
  }, [detail.answers, waiting]);

  /** Changes (or with null, drops) the slot's waiting answer, unless a later answer took its place. */
  function change(slot: Slot, patch: Partial<ShownAnswer> | null) {
    setWaiting((previous) => {
      const current = previous.get(slot.uid);
      if (!current || current.token !== slot.token) return previous;
      const next = new Map(previous);
      if (patch) next.set(slot.uid, { ...current, ...patch });
      else next.delete(slot.uid);
      return next;
    });
  }

  /** The server's record goes into the session's read, so a later visit of the screen shows it too. */
  function keepRecord(record: SessionAnswer) {
    queryClient.setQueryData<SessionDetail>(
      studyKeys.studySession(session.code),
      (data) => data && { ...data, answers: [...data.answers.filter((answer) => answer.problem_uid !== record.problem_uid), record] },
    );
  }

  /** The member's 맞음 / 틀림 on a recorded answer; a refusal puts the screen back and says why. */
  function sendVerdict(slot: Slot, code: number, correct: boolean, before: Partial<ShownAnswer>) {
    selfJudgment.mutate(
      { attemptCode: code, isCorrect: correct },
      {
        onSuccess: ({ attempt }) =>
          queryClient.setQueryData<SessionDetail>(
            studyKeys.studySession(session.code),
            (data) =>
              data && {
                ...data,
                answers: data.answers.map((answer) =>
                  answer.code === attempt.code ? { ...answer, is_correct: attempt.is_correct, judged_by: attempt.judged_by } : answer,
                ),
              },
          ),
        onError: (error) => {
          change(slot, before);
          notifications.show({ color: 'red', title: sj.saveFailed, message: errorMessage(error, sj.saveFailed) });
        },
      },
    );
  }

  const recording = useAnswerRecording(
    'session',
    memberCode,
    queued,
    (slot) => ({
      kind: 'session',
      session_code: session.code,
      test_code: problems.find((problem) => problem.uid === slot.uid)?.test_code ?? 0,
      answered_at: new Date(Date.now() + skewMs).toISOString(),
    }),
    {
      onRecorded: (slot, _local, record, laterVerdict) => {
        keepRecord(record);
        const recorded = { answer: record.answer, is_correct: record.is_correct, judged_by: record.judged_by, code: record.code, pending: null };
        // A 맞음 / 틀림 given while it was on its way goes with the record.
        change(slot, laterVerdict === undefined ? recorded : { ...recorded, is_correct: laterVerdict, judged_by: 'self' });
        if (laterVerdict !== undefined) sendVerdict(slot, record.code, laterVerdict, recorded);
      },
      // Refused (time up, finished elsewhere, answered on another device): the server's state is read again.
      onNotRecorded: (slot) => {
        change(slot, null);
        void queryClient.invalidateQueries({ queryKey: studyKeys.studySession(session.code) });
      },
      onKept: (slot) => change(slot, { pending: 'queued' }),
    },
  );

  function submit(problem: Problem, value: string) {
    const token = ++tokenRef.current;
    const local = !timed && judge(problem, value);
    setWaiting((previous) => new Map(previous).set(problem.uid, { answer: value, is_correct: timed ? undefined : local, token, pending: 'saving' }));
    recording.submit({ uid: problem.uid, token }, value, local);
  }

  /**
   * 맞음 / 틀림 on a text answer whose verdict is shown (decision 075), sent with the solve-mode
   * call; an answer still on its way or kept offline takes it with its record.
   */
  function judgeSelf(problem: Problem, correct: boolean) {
    const known = answers.get(problem.uid);
    if (!known || !takesMemberVerdict(problem, known)) return;
    const slot = { uid: problem.uid, token: known.token };
    const before = { is_correct: known.is_correct, judged_by: known.judged_by };
    setWaiting((previous) => new Map(previous).set(problem.uid, { ...known, is_correct: correct, judged_by: 'self' }));
    const code = recording.recordedCode(slot, known.code ?? null);
    if (code !== null) sendVerdict(slot, code, correct, before);
    else recording.verdictLater(slot, correct);
  }

  return { answers, submit, judgeSelf };
}
