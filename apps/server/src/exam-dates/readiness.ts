import { roundProportion } from '../core/rounding';
import { elapsedUntilDay, recall, type Weights } from './memory';

// The predicted score (decision 152): the expected share of the exam's problems the member
// answers right on the day, a pure function of what the repositories read.
//
// Per problem in scope:
// - answered before (a review card): FSRS recall on the exam morning R, and p = R + (1 − R)·g
//   (g: a guess among five choices);
// - never answered: the class's first-seen accuracy on it (shrunk toward the scope's pooled rate
//   by M_PROBLEM pseudo-answers), moved by the member's own offset: how much better or worse than
//   the class they did on first meeting the subject's problems, shrunk toward 0 by K_MEMBER.
// Each problem weighs its lineage size: a question asked in several years is likelier to come back.
// The interval adds two variances: the exam as a draw of N_EXAM problems (binomial), and the
// member's unknown ability on unseen problems (TAU, narrowing as they answer more first-seen).

export const GUESS = 0.2;
export const M_PROBLEM = 5;
export const K_MEMBER = 10;
export const TAU = 0.15;
export const SEEN_SD = 0.05;
export const N_EXAM = 50;
const Z90 = 1.645;

export interface ReadinessProblem {
  uid: number;
  class_uid: number | null;
  lineage_size: number;
}

export interface ReadinessInput {
  examDay: string;
  problems: readonly ReadinessProblem[];
  cards: ReadonlyArray<{ problem_uid: number; stability: number; last_review: string }>;
  /** Other members' first judged answers, per problem. */
  classRates: ReadonlyArray<{ problem_uid: number; answered: number; correct: number }>;
  /** The member's first judged answers to the subject's problems. */
  memberFirst: ReadonlyArray<{ problem_uid: number; is_correct: boolean }>;
  targetRecall: number;
  weights: Weights;
  /** Names of the scope's classes; `subjectName` for problems in none. */
  classNames: ReadonlyMap<number, string>;
  subjectName: string;
}

export interface ReadinessOutput {
  predicted: { mean: number; low: number; high: number };
  coverage: number;
  by_subject: Array<{ class_uid: number | null; name: string; problems: number; seen: number; mean: number }>;
  levers: Array<{ kind: 'unseen' | 'review'; class_uid: number | null; name: string; count: number; gain: number }>;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

export function predictReadiness(input: ReadinessInput): ReadinessOutput {
  const rates = new Map(input.classRates.map((rate) => [rate.problem_uid, rate]));
  let pooledAnswered = 0;
  let pooledCorrect = 0;
  for (const rate of input.classRates) {
    pooledAnswered += rate.answered;
    pooledCorrect += rate.correct;
  }
  const pooled = (pooledCorrect + 1) / (pooledAnswered + 2);
  const classP = (uid: number) => {
    const rate = rates.get(uid);
    return ((rate?.correct ?? 0) + M_PROBLEM * pooled) / ((rate?.answered ?? 0) + M_PROBLEM);
  };

  // The member's offset from the class on first meeting a problem.
  let residual = 0;
  for (const first of input.memberFirst) residual += (first.is_correct ? 1 : 0) - classP(first.problem_uid);
  const n = input.memberFirst.length;
  const offset = residual / (n + K_MEMBER);
  const offsetSd = TAU * Math.sqrt(K_MEMBER / (n + K_MEMBER));

  const cards = new Map(input.cards.map((card) => [card.problem_uid, card]));
  const studied = input.targetRecall + (1 - input.targetRecall) * GUESS;
  interface Scored {
    problem: ReadinessProblem;
    p: number;
    seen: boolean;
    weak: boolean;
  }
  const scored: Scored[] = input.problems.map((problem) => {
    const card = cards.get(problem.uid);
    if (card) {
      const r = recall(input.weights, elapsedUntilDay(card.last_review, input.examDay), card.stability);
      return { problem, p: r + (1 - r) * GUESS, seen: true, weak: r < input.targetRecall };
    }
    return { problem, p: clamp(classP(problem.uid) + offset, 0.02, 0.98), seen: false, weak: false };
  });

  const weight = (item: Scored) => Math.max(1, item.problem.lineage_size);
  const total = scored.reduce((sum, item) => sum + weight(item), 0);
  if (total === 0) {
    return { predicted: { mean: 0, low: 0, high: 1 }, coverage: 0, by_subject: [], levers: [] };
  }
  let mean = 0;
  let binomial = 0;
  let unseenShare = 0;
  for (const item of scored) {
    const w = weight(item) / total;
    mean += w * item.p;
    binomial += w * item.p * (1 - item.p);
    if (!item.seen) unseenShare += w;
  }
  const items = Math.min(N_EXAM, scored.length);
  const variance = binomial / items + (unseenShare * offsetSd) ** 2 + ((1 - unseenShare) * SEEN_SD) ** 2;
  const sd = Math.sqrt(variance);

  // Grouped by the class's name: a lecture given every year is one class row per year.
  const groups = new Map<
    string,
    {
      class_uid: number | null;
      name: string;
      problems: number;
      seen: number;
      sum: number;
      weight: number;
      unseen: number;
      unseenGain: number;
      weak: number;
      weakGain: number;
    }
  >();
  for (const item of scored) {
    const uid = item.problem.class_uid;
    const key = uid === null ? input.subjectName : (input.classNames.get(uid) ?? input.subjectName);
    const group = groups.get(key) ?? {
      class_uid: uid,
      name: key,
      problems: 0,
      seen: 0,
      sum: 0,
      weight: 0,
      unseen: 0,
      unseenGain: 0,
      weak: 0,
      weakGain: 0,
    };
    const w = weight(item);
    group.problems += 1;
    group.sum += w * item.p;
    group.weight += w;
    if (item.seen) group.seen += 1;
    else {
      group.unseen += 1;
      group.unseenGain += (w * Math.max(0, studied - item.p)) / total;
    }
    if (item.weak) {
      group.weak += 1;
      group.weakGain += (w * Math.max(0, studied - item.p)) / total;
    }
    groups.set(key, group);
  }
  const levers: ReadinessOutput['levers'] = [];
  for (const group of groups.values()) {
    if (group.unseen > 0)
      levers.push({ kind: 'unseen', class_uid: group.class_uid, name: group.name, count: group.unseen, gain: roundProportion(group.unseenGain) });
    if (group.weak > 0) levers.push({ kind: 'review', class_uid: group.class_uid, name: group.name, count: group.weak, gain: roundProportion(group.weakGain) });
  }
  levers.sort((a, b) => b.gain - a.gain || b.count - a.count);

  return {
    predicted: { mean: roundProportion(mean), low: roundProportion(clamp(mean - Z90 * sd, 0, 1)), high: roundProportion(clamp(mean + Z90 * sd, 0, 1)) },
    coverage: roundProportion(scored.filter((item) => item.seen).length / scored.length),
    by_subject: [...groups.values()]
      .sort((a, b) => a.name.localeCompare(b.name, 'ko'))
      .map((group) => ({
        class_uid: group.class_uid,
        name: group.name,
        problems: group.problems,
        seen: group.seen,
        mean: roundProportion(group.sum / group.weight),
      })),
    levers: levers.filter((lever) => lever.gain > 0).slice(0, 5),
  };
}
