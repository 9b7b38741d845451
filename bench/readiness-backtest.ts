// Backtest of the readiness model (issue 29 item 3, decision 193) on the seed:large data:
//   npm run bench:readiness -- --data-dir DIR [--database-url URL] [--members 200] [--svg FILE]
// For each subject the last exam (by year, then date) is held out. For a sample of the members
// who answered it, the model (exam-dates/readiness.ts, the service's own function) predicts their
// share right from what the database held just before their first answer to it: the class's and
// their own first answers before that instant, their review cards rebuilt from their answers
// before it. The truth is their first answer to each of the exam's problems. Two scopes:
// - "exam": the held-out exam's own problems (known to the class, unseen by the member);
// - "past": the subject's earlier exams, as a lead publishes an upcoming exam whose problems
//   nobody has seen yet (the seen ones scored by FSRS recall).
// Prints MAE, bias, the interval's coverage and a calibration table, and writes the SVG plot.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { TARGET_RECALL_DEFAULT } from '@qbank/shared/exam-dates';
import { listFirstSeenRates, listMemberFirstAnswers } from '../apps/server/src/answers/readiness-repository';
import { listJudgedAnswers } from '../apps/server/src/answers/repository';
import { openDatabase, type DbOrTx } from '../apps/server/src/core/db';
import { DEFAULT_WEIGHTS, koreanDay } from '../apps/server/src/exam-dates/memory';
import { predictReadiness } from '../apps/server/src/exam-dates/readiness';
import { listClassNames, listScopeProblems, type ScopeProblem } from '../apps/server/src/exam-dates/repository';
import { buildCard } from '../apps/server/src/study/review-scheduler';
import { renderCalibrationSvg, type Series } from './readiness-calibration-svg';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    members: { type: 'string' },
    svg: { type: 'string' },
  },
});
const dataDir = values['data-dir'];
if (!dataDir) throw new Error('usage: tsx bench/readiness-backtest.ts --data-dir DIR [--database-url URL] [--members 200] [--svg FILE]');
const perExam = Number(values.members ?? '200');
const { db, dialect } = openDatabase({ dataDir, databaseUrl: values['database-url'] });

type Scope = 'exam' | 'past';
interface Case {
  scope: Scope;
  subject: number;
  member: number;
  mean: number;
  low: number;
  high: number;
  truth: number;
  seenShare: number;
  /** The member's first answers in the subject before the cut-off (what moves their offset). */
  prior: number;
}

/** The subject's exams, newest first (year, then date, then code). */
async function examsBySubject(handle: DbOrTx) {
  const rows = await handle.selectFrom('tests').select(['code', 'subject_code', 'year', 'creation_time']).execute();
  const bySubject = new Map<number, typeof rows>();
  for (const row of rows) bySubject.set(row.subject_code, [...(bySubject.get(row.subject_code) ?? []), row]);
  for (const list of bySubject.values()) list.sort((a, b) => b.year - a.year || b.creation_time.localeCompare(a.creation_time) || b.code - a.code);
  return bySubject;
}

/** Members who answered the held-out exam and when they started it (their first answer to it). */
async function sittings(handle: DbOrTx, uids: readonly number[]) {
  const rows = await handle
    .selectFrom('solve_attempts')
    .select((eb) => ['member_code', eb.fn.min('creation_time').as('start')])
    .where('problem_uid', 'in', uids)
    .groupBy('member_code')
    .orderBy('member_code')
    .execute();
  // An even spread over the member codes, the same on every run.
  if (rows.length <= perExam) return rows;
  return Array.from({ length: perExam }, (_, i) => rows[Math.floor((i * rows.length) / perExam)]!);
}

/** The member's review cards of `uids` as they stood at `before`: rebuilt from the answers given before it. */
async function cardsAt(handle: DbOrTx, member: number, uids: readonly number[], before: string) {
  const answers = (await listJudgedAnswers(handle, member, uids)).filter((answer) => answer.creation_time < before);
  const byProblem = new Map<number, typeof answers>();
  for (const answer of answers) byProblem.set(answer.problem_uid, [...(byProblem.get(answer.problem_uid) ?? []), answer]);
  const cards = [];
  for (const [problem_uid, list] of byProblem) {
    const card = buildCard(list);
    if (card) cards.push({ problem_uid, stability: card.stability, last_review: card.last_review });
  }
  return cards;
}

async function predict(handle: DbOrTx, subject: number, member: number, before: string, problems: readonly ScopeProblem[]) {
  const uids = problems.map((problem) => problem.uid);
  const memberFirst = await listMemberFirstAnswers(handle, member, subject, before);
  const [cards, classRates, classNames] = await Promise.all([
    cardsAt(handle, member, uids, before),
    listFirstSeenRates(handle, dialect, [...new Set([...uids, ...memberFirst.map((first) => first.problem_uid)])], member, before),
    listClassNames(handle, [...new Set(problems.flatMap((problem) => (problem.class_uid === null ? [] : [problem.class_uid])))]),
  ]);
  const result = predictReadiness({
    examDay: koreanDay(before),
    problems,
    cards,
    classRates,
    memberFirst,
    targetRecall: TARGET_RECALL_DEFAULT,
    // Weights fitted on the member's whole history would see past the cut-off; the defaults do not.
    weights: DEFAULT_WEIGHTS,
    classNames: new Map(classNames.map((row) => [row.uid, row.class_name])),
    subjectName: String(subject),
  });
  return { ...result, prior: memberFirst.length };
}

const started = performance.now();
const cases: Case[] = [];
let heldOut = 0;
for (const [subject, exams] of await examsBySubject(db)) {
  const [held, ...earlier] = exams;
  if (!held) continue;
  const examProblems = await listScopeProblems(db, { code: 0, subject_code: subject }, { classes: [], tests: [held.code] });
  const pastProblems =
    earlier.length === 0 ? [] : await listScopeProblems(db, { code: 0, subject_code: subject }, { classes: [], tests: earlier.map((exam) => exam.code) });
  if (examProblems.length === 0) continue;
  const members = await sittings(
    db,
    examProblems.map((problem) => problem.uid),
  );
  if (members.length > 0) heldOut += 1;
  for (const { member_code: member, start } of members) {
    const before = String(start);
    // The truth: the member's first answer to each of the exam's problems they answered.
    const first = new Map<number, boolean>();
    for (const answer of await listJudgedAnswers(
      db,
      member,
      examProblems.map((problem) => problem.uid),
    ))
      if (!first.has(answer.problem_uid)) first.set(answer.problem_uid, answer.is_correct);
    if (first.size === 0) continue;
    const truth = [...first.values()].filter(Boolean).length / first.size;
    const answered = examProblems.filter((problem) => first.has(problem.uid));
    for (const [scope, problems] of [
      ['exam', answered],
      ['past', pastProblems],
    ] as const) {
      if (problems.length === 0) continue;
      const result = await predict(db, subject, member, before, problems);
      cases.push({ scope, subject, member, ...result.predicted, truth, seenShare: result.coverage, prior: result.prior });
    }
  }
}
await db.destroy();

const pct = (value: number) => (value * 100).toFixed(1);
function summarize(scope: Scope) {
  const list = cases.filter((item) => item.scope === scope);
  const n = list.length;
  const mae = list.reduce((sum, item) => sum + Math.abs(item.mean - item.truth), 0) / n;
  const bias = list.reduce((sum, item) => sum + (item.mean - item.truth), 0) / n;
  const covered = list.filter((item) => item.truth >= item.low && item.truth <= item.high).length / n;
  const width = list.reduce((sum, item) => sum + (item.high - item.low), 0) / n;
  const seen = list.reduce((sum, item) => sum + item.seenShare, 0) / n;
  // Deciles of the prediction (equal counts).
  const sorted = [...list].sort((a, b) => a.mean - b.mean);
  const bins = Array.from({ length: Math.min(10, n) }, (_, i) =>
    sorted.slice(Math.floor((i * n) / Math.min(10, n)), Math.floor(((i + 1) * n) / Math.min(10, n))),
  );
  const deciles = bins.map((bin) => ({
    n: bin.length,
    predicted: bin.reduce((sum, item) => sum + item.mean, 0) / bin.length,
    actual: bin.reduce((sum, item) => sum + item.truth, 0) / bin.length,
    covered: bin.filter((item) => item.truth >= item.low && item.truth <= item.high).length / bin.length,
  }));
  // By how much the member had answered in the subject before: their offset's evidence.
  const byPrior = [
    ['none', (prior: number) => prior === 0],
    ['1–99', (prior: number) => prior > 0 && prior < 100],
    ['100+', (prior: number) => prior >= 100],
  ] as const;
  const groups = byPrior.map(([label, test]) => {
    const group = list.filter((item) => test(item.prior));
    const share = (f: (item: Case) => number) => group.reduce((sum, item) => sum + f(item), 0) / Math.max(1, group.length);
    return {
      label,
      n: group.length,
      mae: share((item) => Math.abs(item.mean - item.truth)),
      bias: share((item) => item.mean - item.truth),
      covered: share((item) => (item.truth >= item.low && item.truth <= item.high ? 1 : 0)),
      width: share((item) => item.high - item.low),
    };
  });
  return { scope, n, members: new Set(list.map((item) => item.member)).size, mae, bias, covered, width, seen, deciles, groups, list };
}

const summaries = (['exam', 'past'] as const).map(summarize).filter((summary) => summary.n > 0);
console.log(`readiness backtest on ${dialect} (${dataDir}): ${heldOut} held-out exams, ${((performance.now() - started) / 1000).toFixed(1)} s`);
for (const s of summaries) {
  console.log(
    `\n## scope ${s.scope}: ${s.n} member-exams (${s.members} members), MAE ${pct(s.mae)} points, bias ${s.bias >= 0 ? '+' : ''}${pct(s.bias)}, 90 % interval coverage ${pct(s.covered)} % (mean width ${pct(s.width)}), seen share ${pct(s.seen)} %`,
  );
  console.log('| decile | n | predicted | actual | in interval |\n|---|---|---|---|---|');
  s.deciles.forEach((bin, i) => console.log(`| ${i + 1} | ${bin.n} | ${pct(bin.predicted)} | ${pct(bin.actual)} | ${pct(bin.covered)} % |`));
  console.log('\n| earlier answers in the subject | n | MAE | bias | in interval | width |\n|---|---|---|---|---|---|');
  for (const g of s.groups) console.log(`| ${g.label} | ${g.n} | ${pct(g.mae)} | ${pct(g.bias)} | ${pct(g.covered)} % | ${pct(g.width)} |`);
}

if (values.svg) {
  const series: Series[] = summaries.map((s) => ({
    label:
      s.scope === 'exam'
        ? `the exam's own problems (MAE ${pct(s.mae)}, in interval ${pct(s.covered)} %)`
        : `the subject's past exams (MAE ${pct(s.mae)}, in interval ${pct(s.covered)} %)`,
    points: s.list.map((item) => ({ x: item.mean, y: item.truth })),
    deciles: s.deciles.map((bin) => ({ x: bin.predicted, y: bin.actual, n: bin.n })),
  }));
  writeFileSync(values.svg, renderCalibrationSvg(series, `Readiness backtest: ${heldOut} held-out exams, ${dialect}`));
  console.log(`\nwrote ${values.svg}`);
}
