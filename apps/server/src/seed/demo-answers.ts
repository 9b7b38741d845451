import type { Transaction } from 'kysely';
import { CIRCLED_DIGITS, CHOICE_LETTERS, parseChoiceAnswer, parseChoiceOptions } from '@qbank/shared/answers';
import type { Database } from '../db/schema';

// Demo answers for the statistics (issue 14): a cohort of second-year classmates who solved one
// exam in solve mode, so that a newcomer sees the class's distribution on its problems, the item
// analysis (with a problem the strong students answer "wrongly": a mis-key to find) and a
// percentile; and the demo student's own history of the last weeks (subjects, days, a streak).
// Deterministic: the same seed gives the same answers.

type Trx = Transaction<Database>;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface DemoExamProblem {
  uid: number;
  type: number;
  choice_type: number | null;
  illustration: string;
  answer: string;
}

export interface DemoExam {
  test_code: number;
  problems: DemoExamProblem[];
}

const CLASSMATE_NAMES = [
  '강민서',
  '고은비',
  '권도현',
  '김하늘',
  '남궁현',
  '문서윤',
  '박지호',
  '배수아',
  '서준혁',
  '송예린',
  '신동민',
  '오채원',
  '유재석',
  '임나연',
];

/** The classmates' member ids: demo members without an account of their own to show (not printed at start). */
export const DEMO_CLASSMATE_IDS = CLASSMATE_NAMES.map((_, i) => `classmate-${String(i + 1).padStart(2, '0')}`);

const CLASSMATE_GRADE = 2;

/** A number in [0, 1) from the inputs, the same every time. */
function unit(...parts: number[]): number {
  let h = 2166136261;
  for (const part of parts) {
    h ^= part + 0x9e3779b9;
    h = Math.imul(h, 16777619) >>> 0;
    h ^= h >>> 13;
  }
  return (h >>> 0) / 2 ** 32;
}

const isObjective = (p: DemoExamProblem) => p.type === 1;

function optionValues(p: DemoExamProblem): string[] {
  const parsed = parseChoiceOptions(p.illustration, p.choice_type);
  if (parsed) return parsed.map((o) => o.value);
  return CIRCLED_DIGITS.slice(0, 5).map((d, i) => (p.choice_type === 1 ? `${d}${CHOICE_LETTERS[i]}` : d));
}

function keyIndex(p: DemoExamProblem, values: string[]): number {
  const key = parseChoiceAnswer(p.answer)?.[0] ?? 1;
  return Math.min(values.length, key) - 1;
}

/** The exam with the most objective problems (the latest among equals): the one the class solved. */
function examOfTheClass(exams: DemoExam[]): DemoExam | undefined {
  let best: DemoExam | undefined;
  for (const exam of exams) {
    const count = exam.problems.filter(isObjective).length;
    if (!best || count >= best.problems.filter(isObjective).length) best = exam;
  }
  return best;
}

interface Answer {
  member_code: number;
  problem_uid: number;
  answer: string;
  is_correct: number;
  creation_time: string;
  run_code: number | null;
  source: 'solve' | 'session';
}

/**
 * One member's solve-mode answers to the objective problems of an exam. `ability` (0–1) sets how
 * often they are right; on the `trap` problem the stronger half prefers one distractor.
 */
function answersOf(
  member: { code: number; ability: number; seed: number },
  problems: DemoExamProblem[],
  trap: number | undefined,
  time: (j: number) => string,
) {
  return problems.map((p, j) => {
    const values = optionValues(p);
    const key = keyIndex(p, values);
    const distractors = values.map((_, i) => i).filter((i) => i !== key);
    const ease = unit(p.uid, 7);
    let chosen: number;
    if (p.uid === trap) {
      chosen = member.ability > 0.6 ? (distractors[0] ?? key) : unit(member.seed, p.uid) < 0.5 ? key : (distractors[1] ?? key);
    } else {
      const right = unit(member.seed, p.uid) < Math.min(0.97, Math.max(0.05, member.ability + (ease - 0.5) * 0.6));
      chosen = right ? key : (distractors[Math.floor(unit(member.seed, p.uid, 3) * distractors.length)] ?? key);
    }
    return { problem_uid: p.uid, answer: values[chosen] ?? '', is_correct: chosen === key ? 1 : 0, creation_time: time(j) };
  });
}

export async function seedDemoAnswers(
  trx: Trx,
  ctx: { now: Date; passwordHash: string; currentYear: number; memberCode: (id: string) => number; exams: DemoExam[] },
): Promise<void> {
  const { now } = ctx;
  const exam = examOfTheClass(ctx.exams);
  if (!exam) return;
  const objective = exam.problems.filter(isObjective);
  const trap = objective[Math.min(2, objective.length - 1)]?.uid;
  const at = (daysAgo: number, hoursAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS - hoursAgo * HOUR_MS).toISOString();
  const gradYear = ctx.currentYear + 5 - CLASSMATE_GRADE;

  const answers: Answer[] = [];
  async function solveRun(memberCode: number, testCode: number, time: string): Promise<number> {
    const run = await trx
      .insertInto('solve_runs')
      .values({ member_code: memberCode, test_code: testCode, creation_time: time })
      .returning('code')
      .executeTakeFirstOrThrow();
    return run.code;
  }

  for (const [i, name] of CLASSMATE_NAMES.entries()) {
    const id = DEMO_CLASSMATE_IDS[i]!;
    const joined = at(200 + i, 0);
    const row = await trx
      .insertInto('members')
      .values({
        id,
        name,
        nickname: `${name.slice(1)}`,
        email: `${id}@example.ac.kr`,
        school_no: `${gradYear - 4}19${String(9000 + i).padStart(4, '0')}`,
        password_hash: ctx.passwordHash,
        grad_year: gradYear,
        grade: CLASSMATE_GRADE,
        authority: null,
        validated: 1,
        token_version: 0,
        creation_time: joined,
        update_time: joined,
      })
      .returning('code')
      .executeTakeFirstOrThrow();
    const started = 3 + ((i * 5) % 25);
    const run = await solveRun(row.code, exam.test_code, at(started, 2));
    const ability = 0.3 + (0.65 * i) / (CLASSMATE_NAMES.length - 1);
    for (const a of answersOf({ code: row.code, ability, seed: 1000 + i }, objective, trap, (j) => at(started, 2 - j * 0.02))) {
      answers.push({ ...a, member_code: row.code, run_code: run, source: 'solve' });
    }
  }

  // The demo student and a second-year friend solved it too: over the last ten days for the student.
  const student = ctx.memberCode('demo-student');
  const studentRun = await solveRun(student, exam.test_code, at(10, 3));
  const perDay = Math.max(1, Math.ceil(objective.length / 10));
  for (const a of answersOf({ code: student, ability: 0.62, seed: 1 }, objective, trap, (j) => at(Math.floor(j / perDay), 3 - (j % perDay) * 0.05))) {
    answers.push({ ...a, member_code: student, run_code: studentRun, source: 'solve' });
  }
  const friend = ctx.memberCode('han-seoyeon');
  const friendRun = await solveRun(friend, exam.test_code, at(6, 5));
  for (const a of answersOf({ code: friend, ability: 0.8, seed: 2 }, objective, trap, (j) => at(6, 5 - j * 0.02))) {
    answers.push({ ...a, member_code: friend, run_code: friendRun, source: 'solve' });
  }

  // The student's earlier practice on other exams (study sessions, so no solve-mode run is left
  // half done): some subjects go better than others.
  const others = ctx.exams.filter((e) => e !== exam && e.problems.some(isObjective)).slice(0, 6);
  for (const [k, other] of others.entries()) {
    const problems = other.problems.filter(isObjective).slice(0, 6);
    const daysAgo = 12 + k * 9;
    const ability = 0.3 + ((k * 37) % 60) / 100;
    for (const a of answersOf({ code: student, ability, seed: 50 + k }, problems, undefined, (j) => at(daysAgo, 4 - j * 0.05))) {
      answers.push({ ...a, member_code: student, run_code: null, source: 'session' });
    }
  }

  // Oldest first, so codes grow with time as real answers do.
  answers.sort((a, b) => a.creation_time.localeCompare(b.creation_time));
  for (let i = 0; i < answers.length; i += 200) {
    await trx
      .insertInto('solve_attempts')
      .values(answers.slice(i, i + 200))
      .execute();
  }
}
