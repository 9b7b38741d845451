import { PROBLEM_TYPES } from '@qbank/shared/problems';
import {
  ACTIVITY_DAYS,
  MIN_CLASS_ANSWERS,
  shiftDay,
  type Item,
  type ItemAnalysis,
  type ItemFlag,
  type MyTestStats,
  type ProblemStats,
  type StatsMe,
} from '@qbank/shared/stats';
import type { AppContext } from '../core/context';
import { INDEX_DECIMALS, roundProportion, roundTo } from '../core/rounding';
import type { MemberRow } from '../db/schema';
import { notFound } from '../errors';
import { messages } from '../messages';
import { getTestInfo } from '../exams/service';
import { keyConflictsOf } from '../lineage/key-conflicts';
import { statsMessages } from './messages';
import { itemAnalysisWorkbook } from './workbook';
import {
  answerGroups,
  chosenOptions,
  groupCuts,
  keyOptions,
  scoreDistribution,
  type AnswerGroup,
  kr20,
  optionLabel,
  optionNumbers,
  percentileRank,
  seoulToday,
  streakDays,
} from './figures';
import {
  classFirstAnswers,
  examAnswersVersion,
  examAnswersByScore,
  findStatsProblem,
  gradePeersAround,
  listScoredProblems,
  myAnswersByDay,
  myFirstAnswersBySubject,
  myFirstAnswersByTest,
  myFirstPass,
  problemAnswersVersion,
} from './repository';

const rateOf = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
const proportion = (part: number, whole: number) => roundProportion(part / whole);

/** The member's own figures; nothing in them names or counts another member. */
export async function statsOfMember(ctx: AppContext, memberCode: number, now: Date = new Date()): Promise<StatsMe> {
  const [bySubject, byTest, byDay] = await Promise.all([
    myFirstAnswersBySubject(ctx.db, memberCode),
    myFirstAnswersByTest(ctx.db, memberCode),
    myAnswersByDay(ctx.db, ctx.dialect, memberCode),
  ]);
  const today = seoulToday(now);
  const firstDay = shiftDay(today, -(ACTIVITY_DAYS - 1));
  const totals = bySubject.reduce(
    (sum, row) => ({ answered: sum.answered + row.answered, correct: sum.correct + row.correct, self_judged: sum.self_judged + row.self_judged }),
    { answered: 0, correct: 0, self_judged: 0 },
  );
  // Weakest first: the lowest correct rate, then the most answered (the surer weakness).
  const weakestFirst = [...bySubject].sort(
    (a, b) => rateOf(a.correct, a.answered) - rateOf(b.correct, b.answered) || b.answered - a.answered || a.subject_code - b.subject_code,
  );
  return {
    totals,
    by_subject: weakestFirst.map(({ subject_code, subject_name, answered, correct }) => ({ subject_code, subject_name, answered, correct })),
    by_day: byDay.filter((day) => day.date >= firstDay && day.date <= today),
    streak_days: streakDays(new Set(byDay.map((day) => day.date)), today),
    today,
    by_test: byTest,
  };
}

/** What the class's answers to the problem derive from besides content: its answers version. */
export function problemStatsVersion(ctx: AppContext, uid: number): Promise<string> {
  return problemAnswersVersion(ctx.db, ctx.dialect, uid);
}

/** How approved members answered a problem the first time; figures only from MIN_CLASS_ANSWERS answers on. */
export async function problemStats(ctx: AppContext, uid: number): Promise<ProblemStats> {
  const problem = await findStatsProblem(ctx.db, uid);
  if (!problem) throw notFound(messages.problemNotFound);
  if (problem.is_voided === 1) return { answers: 0, correct_rate: null, options: [], min_answers: MIN_CLASS_ANSWERS, voided: true };
  const groups = await classFirstAnswers(ctx.db, uid);
  const answers = groups.reduce((sum, row) => sum + row.n, 0);
  const shown = answers >= MIN_CLASS_ANSWERS;
  const correct = groups.reduce((sum, row) => sum + (row.is_correct ? row.n : 0), 0);
  const counts = new Map<number, number>();
  for (const row of groups) for (const n of chosenOptions(row.answer)) counts.set(n, (counts.get(n) ?? 0) + row.n);
  const options =
    problem.type === PROBLEM_TYPES.multipleChoice
      ? optionNumbers(problem).map((n) => {
          const count = counts.get(n) ?? 0;
          return { option: optionLabel(n), count: shown ? count : null, rate: shown ? proportion(count, answers) : null };
        })
      : [];
  return { answers, correct_rate: shown ? proportion(correct, answers) : null, options, min_answers: MIN_CLASS_ANSWERS, voided: false };
}

/** The member's first pass in solve mode on an exam and its percentile among their grade. */
export async function myTestStats(ctx: AppContext, member: Pick<MemberRow, 'code' | 'grade'>, testCode: number): Promise<MyTestStats> {
  await getTestInfo(ctx, testCode);
  const scored = await listScoredProblems(ctx.db, testCode);
  const mine = await myFirstPass(ctx.db, testCode, member.code);
  const completed = scored.length > 0 && mine.answered === scored.length;
  const base = { test_code: testCode, scored_count: scored.length, ...mine, completed, min_peers: MIN_CLASS_ANSWERS };
  if (!completed || member.grade === null) return { ...base, percentile: null, peers: 0 };
  const around = await gradePeersAround(ctx.db, testCode, scored.length, member.grade, mine.correct);
  const shown = around.peers >= MIN_CLASS_ANSWERS;
  return { ...base, peers: around.peers, percentile: shown ? percentileRank(around.peers, around.below, around.equal) : null };
}

/** What an exam's item analysis and its percentiles derive from besides content and the member: its problems' answers versions. */
export function examStatsVersion(ctx: AppContext, testCode: number): Promise<string> {
  return examAnswersVersion(ctx.db, ctx.dialect, testCode);
}

/** Classical item analysis of an exam's objective problems over the members who answered them all. */
export async function itemAnalysis(ctx: AppContext, testCode: number): Promise<ItemAnalysis> {
  const test = await getTestInfo(ctx, testCode);
  const scored = await listScoredProblems(ctx.db, testCode);
  const conflicts = await keyConflictsOf(
    ctx.db,
    scored.map((problem) => problem.uid),
  );
  const conflictOf = (uid: number) => conflicts.get(uid) ?? [];
  const answers = scored.length > 0 ? await examAnswersByScore(ctx.db, testCode, scored.length) : [];
  const distribution = scoreDistribution(answers);
  const members = distribution.reduce((sum, row) => sum + row.n, 0);
  const cuts = members >= MIN_CLASS_ANSWERS ? groupCuts(distribution) : null;
  const header = { test_code: testCode, test_name: test.test_name, members, min_members: MIN_CLASS_ANSWERS };
  if (!cuts) {
    const items = scored.map((problem) => ({
      uid: problem.uid,
      no: problem.no,
      difficulty: null,
      discrimination: null,
      options: optionNumbers(problem).map((n) => ({
        option: optionLabel(n),
        is_key: keyOptions(problem.answer).has(n),
        upper_rate: null,
        lower_rate: null,
        rate: null,
      })),
      flags: [],
      key_conflict: conflictOf(problem.uid),
    }));
    return { ...header, upper_size: 0, lower_size: 0, kr20: null, items };
  }
  const groups = answerGroups(answers, cuts);
  const items = scored.map((problem) =>
    analyseItem(
      problem,
      groups.filter((row) => row.problem_uid === problem.uid),
      members,
      cuts,
    ),
  );
  const reliability = kr20(
    scored.length,
    items.map((item) => item.difficulty),
    distribution,
  );
  return {
    ...header,
    upper_size: cuts.upperSize,
    lower_size: cuts.lowerSize,
    kr20: reliability === null ? null : roundTo(reliability, INDEX_DECIMALS),
    items: items.map((item) => ({ ...roundedItem(item), key_conflict: conflictOf(item.uid) })),
  };
}

type AnalysedItem = Omit<Item, 'key_conflict' | 'difficulty' | 'discrimination' | 'options'> & {
  difficulty: number;
  discrimination: number;
  options: Array<{ option: string; is_key: boolean; rate: number; upper_rate: number; lower_rate: number }>;
};

/** The item as sent (decision 215): its figures rounded once its flags and the KR-20 have used them exactly. */
function roundedItem(item: AnalysedItem): Omit<Item, 'key_conflict'> {
  return {
    ...item,
    difficulty: roundProportion(item.difficulty),
    discrimination: roundTo(item.discrimination, INDEX_DECIMALS),
    options: item.options.map((option) => ({
      ...option,
      rate: roundProportion(option.rate),
      upper_rate: roundProportion(option.upper_rate),
      lower_rate: roundProportion(option.lower_rate),
    })),
  };
}

function analyseItem(
  problem: { uid: number; no: number; illustration: string; choice_type: number | null; answer: string },
  rows: AnswerGroup[],
  members: number,
  cuts: { upperSize: number; lowerSize: number },
): AnalysedItem {
  const keys = keyOptions(problem.answer);
  const sum = (pick: (row: AnswerGroup) => number, filter: (row: AnswerGroup) => boolean = () => true) =>
    rows.filter(filter).reduce((total, row) => total + pick(row), 0);
  const correct = (row: AnswerGroup) => row.is_correct === 1;
  const difficulty = sum((row) => row.n, correct) / members;
  const discrimination = sum((row) => row.upper_n, correct) / cuts.upperSize - sum((row) => row.lower_n, correct) / cuts.lowerSize;
  const options = optionNumbers(problem).map((n) => {
    const names = (row: AnswerGroup) => chosenOptions(row.answer).includes(n);
    return {
      option: optionLabel(n),
      is_key: keys.has(n),
      rate: sum((row) => row.n, names) / members,
      upper_rate: sum((row) => row.upper_n, names) / cuts.upperSize,
      lower_rate: sum((row) => row.lower_n, names) / cuts.lowerSize,
    };
  });
  const keyUpper = Math.max(0, ...options.filter((o) => o.is_key).map((o) => o.upper_rate));
  const distractors = options.filter((o) => !o.is_key);
  const flags: ItemFlag[] = [];
  if (keys.size > 0 && distractors.some((o) => o.upper_rate > keyUpper)) flags.push('probably_miskeyed');
  if (distractors.some((o) => o.rate === 0)) flags.push('unchosen_distractor');
  if (discrimination < 0) flags.push('negative_discrimination');
  return { uid: problem.uid, no: problem.no, difficulty, discrimination, options, flags };
}

/** The analysis as an .xlsx file for the committee, with its download names. */
export async function itemAnalysisFile(ctx: AppContext, testCode: number) {
  const [test, analysis] = await Promise.all([getTestInfo(ctx, testCode), itemAnalysis(ctx, testCode)]);
  return {
    body: await itemAnalysisWorkbook(analysis),
    fileName: safeFileName(statsMessages.fileName(test.year, test.test_name)),
    asciiFileName: `item-analysis-${test.year}-${testCode}.xlsx`,
  };
}

function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]/gu, '').replace(/\s+/g, '_');
}
