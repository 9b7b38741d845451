import type { Problem } from '@qbank/shared/problems';
import { awaitsVerdict } from '@qbank/shared/solve';
import {
  defaultSessionMinutes,
  type CreateSessionRequest,
  type SessionAnswer,
  type SessionAnswerRequest,
  type SessionDetail,
  type SessionResult,
  type SessionScopeNames,
  type SessionSummary,
  type StudyFilter,
  type StudyMode,
  type StudyOrder,
  type StudyScope,
} from '@qbank/shared/study';
import { listLatestStudySessionAnswers, type StoredAnswer } from '../answers/repository';
import { recordAnswer } from '../answers/service';
import { ensureSolveBoxes, requireMemberBox } from '../boxes/service';
import { addProblemToBox } from '../boxes/repository';
import type { AppContext } from '../core/context';
import { conflict, notFound, validationError } from '../errors';
import { messages } from '../messages';
import { presentProblem } from '../problems/presenter';
import { refuseVoided } from '../problems/visibility';
import { studyServerMessages as m } from './messages';
import {
  countMatching,
  finishExpiredStudySessions,
  finishStudySessionAt,
  findMemberStudySession,
  findStudySessionProblem,
  insertStudySession,
  listMemberStudySessions,
  listStudySessionProblems,
  listScopeNames,
  listStudySessionProblemUids,
  pickRandom,
  type PickedProblem,
  type StudySessionRow,
} from './repository';

// The clock of a session is the server's: ends_at is set here and compared with this clock only,
// so a device with a wrong clock can neither stretch nor cut a timed session.
const now = () => new Date();

async function checkScope(ctx: AppContext, memberCode: number, filter: StudyFilter, scope: StudyScope): Promise<void> {
  // Another member's box is as unknown as a box that does not exist.
  if (filter === 'box' && scope.box_code !== undefined) await requireMemberBox(ctx, memberCode, scope.box_code);
}

/** The builder's live count; with `onePerLineage`, what such a session can draw: each lineage once. */
export async function countStudySessionProblems(
  ctx: AppContext,
  memberCode: number,
  filter: StudyFilter,
  scope: StudyScope,
  options: { onePerLineage?: boolean } = {},
): Promise<number> {
  await checkScope(ctx, memberCode, filter, scope);
  return countMatching(ctx.db, memberCode, filter, scope, options);
}

/** The app's exam order (as in the viewers): newest exam first, then type, then number. */
function byExamOrder(a: PickedProblem, b: PickedProblem): number {
  return b.year - a.year || b.test_code - a.test_code || a.type - b.type || a.no - b.no || a.uid - b.uid;
}

async function startStudySession(
  ctx: AppContext,
  memberCode: number,
  values: { mode: StudyMode; minutes: number | undefined; filter: string; scope: StudyScope; order: StudyOrder; retry_of: number | null },
  problemUids: number[],
) {
  const start = now();
  const minutes = values.mode === 'timed' ? (values.minutes ?? defaultSessionMinutes(problemUids.length)) : null;
  const endsAt = minutes === null ? null : new Date(start.getTime() + minutes * 60_000).toISOString();
  const code = await ctx.db.transaction().execute((trx) =>
    insertStudySession(
      trx,
      {
        member_code: memberCode,
        mode: values.mode,
        filter: values.filter,
        scope: JSON.stringify(values.scope),
        problem_order: values.order,
        minutes,
        ends_at: endsAt,
        retry_of: values.retry_of,
        creation_time: start.toISOString(),
      },
      problemUids,
    ),
  );
  return { code, mode: values.mode, problem_uids: problemUids, ends_at: endsAt };
}

/**
 * A new session: up to `count` matching problems drawn at random, shown at random or in exam
 * order, or drawn and shown most-repeated lineage first (빈출 우선, decision 173). Fewer matches than asked make a shorter session; none refuse to start.
 */
export async function createStudySession(ctx: AppContext, memberCode: number, request: CreateSessionRequest) {
  await checkScope(ctx, memberCode, request.filter, request.scope);
  const picked = await pickRandom(ctx.db, memberCode, request.filter, request.scope, request.count, {
    frequent: request.order === 'frequency',
    onePerLineage: request.one_per_lineage,
  });
  if (picked.length === 0) throw validationError(m.noMatchingProblems);
  if (request.order === 'exam') picked.sort(byExamOrder);
  return startStudySession(
    ctx,
    memberCode,
    { mode: request.mode, minutes: request.minutes, filter: request.filter, scope: request.scope, order: request.order, retry_of: null },
    picked.map((problem) => problem.uid),
  );
}

/**
 * A tutor session of problems another feature chose, in its order (the plan to an exam, issue 29:
 * filter 'plan', the scope naming the exam's subject).
 */
export function startPlannedSession(ctx: AppContext, memberCode: number, problemUids: number[], scope: StudyScope) {
  return startStudySession(ctx, memberCode, { mode: 'tutor', minutes: undefined, filter: 'plan', scope, order: 'exam', retry_of: null }, problemUids);
}

/** A timed session whose time ran out is finished at its ends_at when it is next read. */
async function settle(ctx: AppContext, memberCode: number, session: StudySessionRow): Promise<StudySessionRow> {
  if (session.mode !== 'timed' || session.finish_time !== null || session.ends_at === null) return session;
  if (now().toISOString() < session.ends_at) return session;
  await finishStudySessionAt(ctx.db, session.code, session.ends_at);
  return (await findMemberStudySession(ctx.db, memberCode, session.code)) ?? session;
}

async function requireStudySession(ctx: AppContext, memberCode: number, code: number): Promise<StudySessionRow> {
  const session = await findMemberStudySession(ctx.db, memberCode, code);
  if (!session) throw notFound(m.sessionNotFound);
  return settle(ctx, memberCode, session);
}

/** Verdicts are hidden only while a timed session runs. */
const verdictsHidden = (session: StudySessionRow) => session.mode === 'timed' && session.finish_time === null;

function resultOf(session: StudySessionRow): SessionResult | null {
  if (session.finish_time === null) return null;
  const seconds = Math.max(0, Math.round((Date.parse(session.finish_time) - Date.parse(session.creation_time)) / 1000));
  return { total: session.total, answered: session.answered, correct: session.correct, pending: session.pending, seconds };
}

/** The sessions' scopes by name, read together (a page of the list takes four small queries). */
async function scopeNamesOf(ctx: AppContext, memberCode: number, sessions: readonly StudySessionRow[]): Promise<Map<number, SessionScopeNames>> {
  const scopes = new Map(sessions.map((session) => [session.code, JSON.parse(session.scope) as StudyScope]));
  const all = (pick: (scope: StudyScope) => number[] | undefined) => [...new Set([...scopes.values()].flatMap((scope) => pick(scope) ?? []))];
  const names = await listScopeNames(ctx.db, memberCode, {
    subjects: all((scope) => scope.subject_codes),
    tests: all((scope) => scope.test_codes),
    classes: all((scope) => scope.class_codes),
    boxes: all((scope) => (scope.box_code === undefined ? [] : [scope.box_code])),
  });
  const named = (codes: number[] | undefined, byCode: Map<number, string>) => (codes ?? []).flatMap((code) => byCode.get(code) ?? []);
  return new Map(
    [...scopes].map(([code, scope]) => [
      code,
      {
        subjects: named(scope.subject_codes, names.subjects),
        years: scope.years ?? [],
        tests: named(scope.test_codes, names.tests),
        classes: named(scope.class_codes, names.classes),
        box: scope.box_code === undefined ? null : (names.boxes.get(scope.box_code) ?? null),
      },
    ]),
  );
}

const NO_SCOPE: SessionScopeNames = { subjects: [], years: [], tests: [], classes: [], box: null };

function summaryOf(session: StudySessionRow, scopeNames: SessionScopeNames): SessionSummary {
  return {
    code: session.code,
    mode: session.mode,
    filter: session.filter,
    scope_names: scopeNames,
    order: session.problem_order,
    minutes: session.minutes,
    ends_at: session.ends_at,
    creation_time: session.creation_time,
    finish_time: session.finish_time,
    retry_of: session.retry_of,
    total: session.total,
    answered: session.answered,
    correct: verdictsHidden(session) ? null : session.correct,
    pending: verdictsHidden(session) ? null : session.pending,
  };
}

function hideKey(problem: Problem): Problem {
  return { ...problem, answer: '', comments: '', answer_pic_path: null, comment_pic_path: null };
}

function presentAnswer(answer: StoredAnswer, hidden: boolean): SessionAnswer {
  const { code, problem_uid, answer: text, is_correct, judged_by, creation_time } = answer;
  const shown = { code, problem_uid, answer: text, creation_time };
  return hidden ? shown : { ...shown, is_correct, judged_by };
}

export async function studySessionDetail(ctx: AppContext, memberCode: number, code: number): Promise<SessionDetail> {
  const session = await requireStudySession(ctx, memberCode, code);
  const hidden = verdictsHidden(session);
  const [uids, rows, answers] = await Promise.all([
    listStudySessionProblemUids(ctx.db, session.code),
    listStudySessionProblems(ctx.db, session.code),
    listLatestStudySessionAnswers(ctx.db, session.code),
  ]);
  const problems = rows.map(presentProblem);
  const scopeNames = (await scopeNamesOf(ctx, memberCode, [session])).get(session.code) ?? NO_SCOPE;
  return {
    session: { ...summaryOf(session, scopeNames), problem_uids: uids },
    problems: hidden ? problems.map(hideKey) : problems,
    answers: answers.map((answer) => presentAnswer(answer, hidden)),
    result: resultOf(session),
    server_time: now().toISOString(),
  };
}

/**
 * How far ahead of the server's clock an answer's time may be (decision 071): the screen dates an
 * answer with the device's clock corrected by the last server_time it read, which runs behind
 * the server by that read's latency, and ahead only by the device clock's drift since.
 */
const CLOCK_SKEW_MS = 60_000;

/**
 * When an answer may be recorded (decision 071). Its time, when sent, must lie between the
 * session's start (its problems existed by then) and now. An open session takes it. A timed
 * session whose time ran out while nobody read it (no finish time yet: the result has not been
 * shown) still takes an answer made before its end: it waited in the offline queue (decision 054).
 * A finished session takes none: its result and keys have been shown, and a time before the
 * finish is no proof the answer was made before the keys were known.
 */
function checkAnswerTime(session: StudySessionRow, answeredAt: string | undefined): void {
  const nowMs = now().getTime();
  if (answeredAt !== undefined) {
    const at = Date.parse(answeredAt);
    if (at < Date.parse(session.creation_time)) throw validationError(m.answeredBeforeSession, { answered_at: m.answeredBeforeSession });
    if (at > nowMs + CLOCK_SKEW_MS) throw validationError(m.answeredInFuture, { answered_at: m.answeredInFuture });
  }
  if (session.finish_time !== null) throw conflict(session.mode === 'timed' && session.finish_time === session.ends_at ? m.timeUp : m.sessionFinished);
  const endsAt = session.ends_at === null ? null : Date.parse(session.ends_at);
  if (endsAt !== null && nowMs >= endsAt && !(answeredAt !== undefined && Date.parse(answeredAt) < endsAt)) throw conflict(m.timeUp);
}

/**
 * Records an answer with the shared judging rule (answers/, decision 134). Tutor mode answers each
 * problem once and tells the verdict; timed mode keeps the latest answer and tells nothing until
 * the end. An answer sent again under its client_id (the offline queue replaying, two tabs) gets
 * its first record back, `replayed`, and adds nothing (decision 054): also when this session would
 * now refuse it (finished, time up) or, in tutor mode, when that first send answered the problem.
 */
export async function answerInStudySession(
  ctx: AppContext,
  memberCode: number,
  code: number,
  request: SessionAnswerRequest,
): Promise<{ answer: SessionAnswer; replayed: boolean }> {
  // Not settled here: an answer shows no result, so a timed session past its end stays unfinished
  // for the answers still arriving from the offline queue until someone reads it.
  const session = await findMemberStudySession(ctx.db, memberCode, code);
  if (!session) throw notFound(m.sessionNotFound);
  const recorded = await recordAnswer(ctx.db, {
    memberCode,
    clientId: request.client_id ?? null,
    answer: request.answer,
    admit: async () => {
      checkAnswerTime(session, request.answered_at);
      const problem = await findStudySessionProblem(ctx.db, session.code, request.problem_uid);
      if (!problem) throw notFound(m.problemNotInSession);
      return refuseVoided(problem);
    },
    place: async (trx, problem) => {
      if (session.mode === 'tutor') {
        const earlierInSession = await listLatestStudySessionAnswers(trx, session.code);
        if (earlierInSession.some((row) => row.problem_uid === problem.uid)) throw conflict(m.alreadyAnswered);
      }
      return { source: 'session', session_code: session.code };
    },
  });
  // An id names one answer: the same id on another session, problem or answer is a client's mistake, not a replay.
  const earlier = recorded.answer;
  if (
    recorded.replayed &&
    !(earlier.source === 'session' && earlier.session_code === session.code && earlier.problem_uid === request.problem_uid && earlier.answer === request.answer)
  ) {
    throw conflict(messages.attemptClientIdTaken);
  }
  return { answer: presentAnswer(earlier, verdictsHidden(session)), replayed: recorded.replayed };
}

/** Finishing twice answers the same result: the first finish time stands. */
export async function finishStudySession(ctx: AppContext, memberCode: number, code: number): Promise<SessionResult> {
  const session = await requireStudySession(ctx, memberCode, code);
  if (session.finish_time === null) {
    const at = now().toISOString();
    // A finish that arrives after ends_at still ends at ends_at.
    await finishStudySessionAt(ctx.db, session.code, session.ends_at !== null && session.ends_at < at ? session.ends_at : at);
  }
  const finished = await requireStudySession(ctx, memberCode, code);
  const result = resultOf(finished);
  if (!result) throw new Error('session not finished after finish');
  return result;
}

export async function myStudySessions(ctx: AppContext, memberCode: number, paging: { page: number; limit: number }) {
  await finishExpiredStudySessions(ctx.db, memberCode, now().toISOString());
  const { rows, total } = await listMemberStudySessions(ctx.db, memberCode, paging);
  const scopeNames = await scopeNamesOf(ctx, memberCode, rows);
  return { sessions: rows.map((row) => summaryOf(row, scopeNames.get(row.code) ?? NO_SCOPE)), total, page: paging.page, limit: paging.limit };
}

/**
 * The finished session's counted problems that were not answered right (wrong, or left unanswered):
 * 문항 무효 ones are no misses, and an essay answer still waiting for the member's 맞음 / 틀림 is not a
 * miss until they say 틀림.
 */
async function missedProblems(ctx: AppContext, memberCode: number, code: number): Promise<{ session: StudySessionRow; uids: number[] }> {
  const session = await requireStudySession(ctx, memberCode, code);
  if (session.finish_time === null) throw conflict(m.notFinishedYet);
  const [rows, answers] = await Promise.all([listStudySessionProblems(ctx.db, session.code), listLatestStudySessionAnswers(ctx.db, session.code)]);
  const typeOf = new Map(rows.map((row) => [row.uid, row.type]));
  const notMissed = new Set(
    answers.filter((answer) => answer.is_correct || awaitsVerdict(typeOf.get(answer.problem_uid) ?? 0, answer)).map((answer) => answer.problem_uid),
  );
  return { session, uids: rows.filter((row) => row.is_voided === 0 && !notMissed.has(row.uid)).map((row) => row.uid) };
}

/**
 * A session answer may be judged by its member (맞음 / 틀림) once its session shows verdicts: in
 * tutor mode at once, in timed mode on the result screen, never while the timed session runs.
 */
export async function requireJudgeableStudySessionAnswer(ctx: AppContext, memberCode: number, sessionCode: number): Promise<void> {
  const session = await requireStudySession(ctx, memberCode, sessionCode);
  if (verdictsHidden(session)) throw conflict(m.judgeAfterFinish);
}

/** 틀린 문제 다시 풀기: a new session of the misses, in the same order, by default in the same mode. */
export async function retryStudySession(
  ctx: AppContext,
  memberCode: number,
  code: number,
  request: { mode?: StudyMode | undefined; minutes?: number | undefined },
) {
  const { session, uids } = await missedProblems(ctx, memberCode, code);
  if (uids.length === 0) throw validationError(m.nothingToRetry);
  const mode = request.mode ?? session.mode;
  if (mode === 'tutor' && request.minutes !== undefined) throw validationError(m.minutesOnlyTimed);
  const scope = JSON.parse(session.scope) as StudyScope;
  return startStudySession(
    ctx,
    memberCode,
    { mode, minutes: request.minutes, filter: 'retry', scope, order: session.problem_order, retry_of: session.code },
    uids,
  );
}

/** 오답 노트에 모두 담기: the misses go into the member's solve-mode 오답 노트 box. */
export async function saveMissesToWrongNotes(ctx: AppContext, memberCode: number, code: number) {
  const { uids } = await missedProblems(ctx, memberCode, code);
  const { wrong } = await ensureSolveBoxes(ctx, memberCode);
  const added = await ctx.db.transaction().execute(async (trx) => {
    let count = 0;
    for (const uid of uids) if (await addProblemToBox(trx, wrong.code, uid)) count++;
    return count;
  });
  return { box_code: wrong.code, added, total: uids.length };
}
