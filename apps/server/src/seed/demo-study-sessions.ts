import type { Transaction } from 'kysely';
import { CIRCLED_DIGITS, isCorrectAnswer, normalizeAnswer } from '@qbank/shared/answers';
import { visibleProblems } from '../visibility/visible-problems';
import type { Database } from '../db/schema';

// Two finished study sessions of the demo student, so a newcomer sees the sessions history and a
// result screen at once: a tutor session over one cardiology exam, and a timed mixed session.
// Answers go into solve_attempts like real ones (source 'session'), judged with the shared rule.

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

interface SessionPlan {
  mode: 'tutor' | 'timed';
  filter: string;
  scope: object;
  order: 'random' | 'exam';
  startDaysAgo: number;
  minutes: number | null;
  /** How long the student took, in minutes. */
  tookMinutes: number;
  problems: Array<{ uid: number; answer: string; type: number }>;
  /** Problem positions answered wrong, and left unanswered. */
  wrongAt: number[];
  skipAt: number[];
}

/** An option that is not the official one (for the wrong answers of the demo). */
function wrongChoice(official: string): string {
  const right = normalizeAnswer(official);
  return CIRCLED_DIGITS.slice(0, 5).find((digit) => digit !== right) ?? '①';
}

/**
 * How long before the seed's time of day each session starts. Reviews are scheduled in whole days
 * from an answer, so an answer given minutes after that time of day fell due minutes after the
 * seed: the demo's due count moved by itself while a newcomer (or an end-to-end run) used it.
 */
const START_HOURS_BEFORE = 3;

async function insertPlan(trx: Transaction<Database>, memberCode: number, now: Date, plan: SessionPlan): Promise<void> {
  const start = new Date(now.getTime() - plan.startDaysAgo * DAY_MS - START_HOURS_BEFORE * 60 * MINUTE_MS);
  const endsAt = plan.minutes === null ? null : new Date(start.getTime() + plan.minutes * MINUTE_MS).toISOString();
  const finish = new Date(start.getTime() + plan.tookMinutes * MINUTE_MS).toISOString();
  const session = await trx
    .insertInto('study_sessions')
    .values({
      member_code: memberCode,
      mode: plan.mode,
      filter: plan.filter,
      scope: JSON.stringify(plan.scope),
      problem_order: plan.order,
      minutes: plan.minutes,
      ends_at: endsAt,
      finish_time: finish,
      retry_of: null,
      creation_time: start.toISOString(),
    })
    .returning('code')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('study_session_problems')
    .values(plan.problems.map((problem, position) => ({ session_code: session.code, position, problem_uid: problem.uid })))
    .execute();
  const step = (plan.tookMinutes * MINUTE_MS) / (plan.problems.length + 1);
  const rows = plan.problems.flatMap((problem, position) => {
    if (plan.skipAt.includes(position)) return [];
    const answer = plan.wrongAt.includes(position) ? wrongChoice(problem.answer) : problem.answer;
    return [
      {
        run_code: null,
        member_code: memberCode,
        problem_uid: problem.uid,
        answer,
        is_correct: isCorrectAnswer(answer, problem.answer, problem.type) ? 1 : 0,
        creation_time: new Date(start.getTime() + step * (position + 1)).toISOString(),
        source: 'session' as const,
        session_code: session.code,
        judged_by: 'machine' as const,
      },
    ];
  });
  if (rows.length > 0) await trx.insertInto('solve_attempts').values(rows).execute();
}

/** Written multiple-choice problems with an official answer (what a session may hold). */
function choiceProblems(trx: Transaction<Database>) {
  return trx
    .selectFrom('problems')
    .innerJoin('tests', 'tests.code', 'problems.test_code')
    .select(['problems.uid', 'problems.answer', 'problems.type', 'problems.test_code', 'tests.subject_code'])
    .where(visibleProblems())
    .where('problems.type', '=', 1)
    .where('problems.answer', '<>', '')
    .orderBy('tests.year', 'desc')
    .orderBy('problems.test_code', 'desc')
    .orderBy('problems.no')
    .execute();
}

export async function seedDemoStudySessions(trx: Transaction<Database>, memberCode: number, now: Date, anchorProblemUid: number): Promise<void> {
  const all = await choiceProblems(trx);
  const anchor = all.find((problem) => problem.uid === anchorProblemUid);
  if (!anchor) throw new Error('demo study sessions: the anchor problem is not a written multiple-choice problem');
  const exam = all.filter((problem) => problem.test_code === anchor.test_code).slice(0, 10);
  await insertPlan(trx, memberCode, now, {
    mode: 'tutor',
    filter: 'all',
    scope: { test_codes: [anchor.test_code] },
    order: 'exam',
    startDaysAgo: 3,
    minutes: null,
    tookMinutes: 14,
    problems: exam,
    wrongAt: exam.length > 3 ? [1, exam.length - 2] : [],
    skipAt: [],
  });
  // Every third problem across the subjects, newest exams first: a mixed timed session.
  const mixed = all.filter((_, index) => index % 3 === 0).slice(0, 20);
  await insertPlan(trx, memberCode, now, {
    mode: 'timed',
    filter: 'all',
    scope: {},
    order: 'random',
    startDaysAgo: 1,
    minutes: Math.ceil(mixed.length * 1.2),
    tookMinutes: Math.ceil(mixed.length * 1.2) - 3,
    problems: mixed,
    wrongAt: [2, 5, 9, 13, 16],
    skipAt: [18, 19],
  });
}
