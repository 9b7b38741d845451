import { CIRCLED_DIGITS, parseChoiceAnswer, parseChoiceOptions } from '@qbank/shared/answers';
import { CHOICE_TYPES } from '@qbank/shared/problems';
import { GROUP_SHARE, shiftDay } from '@qbank/shared/stats';

// The arithmetic on the aggregates the repository returns (a handful of rows per problem or per
// score), kept apart from the SQL so the rules read in one place.

/** The option numbers (1-based) a multiple-choice problem offers: read from its choices, else by its style. */
export function optionNumbers(problem: { illustration: string; choice_type: number | null }): number[] {
  const parsed = parseChoiceOptions(problem.illustration, problem.choice_type);
  const count = parsed ? Math.max(...parsed.map((option) => option.key)) : problem.choice_type === CHOICE_TYPES.four ? 4 : 5;
  return Array.from({ length: count }, (_, i) => i + 1);
}

export const optionLabel = (n: number): string => CIRCLED_DIGITS[n - 1] ?? String(n);

/** The options an answer text names ('3', '③', '다', '①,③' …); an answer naming none counts in no option. */
export function chosenOptions(answer: string): number[] {
  return parseChoiceAnswer(answer) ?? [];
}

/** The key's option numbers. */
export function keyOptions(officialAnswer: string): Set<number> {
  return new Set(parseChoiceAnswer(officialAnswer) ?? []);
}

export interface ScoreCount {
  score: number;
  n: number;
}

/** The answer rows of one pass, each with the score of the completers who gave it. */
export interface AnswersAtScore {
  problem_uid: number;
  answer: string;
  is_correct: number;
  score: number;
  n: number;
}

/**
 * How many completers had each score. Every completer has exactly one first answer to every scored
 * problem, so the rows of any one problem, summed by score, count each completer once.
 */
export function scoreDistribution(rows: readonly AnswersAtScore[]): ScoreCount[] {
  const first = rows[0]?.problem_uid;
  const byScore = new Map<number, number>();
  for (const row of rows) if (row.problem_uid === first) byScore.set(row.score, (byScore.get(row.score) ?? 0) + row.n);
  return [...byScore].map(([score, n]) => ({ score, n })).sort((a, b) => a.score - b.score);
}

export interface AnswerGroup {
  problem_uid: number;
  answer: string;
  is_correct: number;
  n: number;
  upper_n: number;
  lower_n: number;
}

/** Per problem and answer text: how many completers gave it, and how many of the upper (score >= upperCut) and lower (<= lowerCut) groups. */
export function answerGroups(rows: readonly AnswersAtScore[], cuts: { upperCut: number; lowerCut: number }): AnswerGroup[] {
  const groups = new Map<string, AnswerGroup>();
  for (const row of rows) {
    const key = JSON.stringify([row.problem_uid, row.answer, row.is_correct]);
    const group = groups.get(key) ?? { problem_uid: row.problem_uid, answer: row.answer, is_correct: row.is_correct, n: 0, upper_n: 0, lower_n: 0 };
    group.n += row.n;
    if (row.score >= cuts.upperCut) group.upper_n += row.n;
    if (row.score <= cuts.lowerCut) group.lower_n += row.n;
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * The upper and lower 27 % of the ranked members. Members with equal scores are never split: a
 * group is every member whose score is at least (at most) the score of the member at the 27 %
 * mark, so ties at the boundary all join (decision 088). The group size target is round(27 % of N), at least 1.
 */
export function groupCuts(distribution: readonly ScoreCount[]): { upperCut: number; lowerCut: number; upperSize: number; lowerSize: number } | null {
  const total = distribution.reduce((sum, row) => sum + row.n, 0);
  if (total === 0) return null;
  const target = Math.max(1, Math.round(GROUP_SHARE * total));
  const ascending = [...distribution].sort((a, b) => a.score - b.score);
  const walk = (rows: ScoreCount[]) => {
    let size = 0;
    for (const row of rows) {
      size += row.n;
      if (size >= target) return { cut: row.score, size };
    }
    return { cut: rows[rows.length - 1]!.score, size };
  };
  const lower = walk(ascending);
  const upper = walk([...ascending].reverse());
  return { upperCut: upper.cut, lowerCut: lower.cut, upperSize: upper.size, lowerSize: lower.size };
}

/**
 * Kuder–Richardson 20: k/(k−1) · (1 − Σ p·q / σ²), with σ² the population variance of the total
 * scores. Null when it is undefined (fewer than 2 items, or every member with the same score).
 */
export function kr20(itemCount: number, difficulties: readonly number[], distribution: readonly ScoreCount[]): number | null {
  const total = distribution.reduce((sum, row) => sum + row.n, 0);
  if (itemCount < 2 || total === 0) return null;
  const mean = distribution.reduce((sum, row) => sum + row.score * row.n, 0) / total;
  const variance = distribution.reduce((sum, row) => sum + row.n * (row.score - mean) ** 2, 0) / total;
  if (variance === 0) return null;
  const pq = difficulties.reduce((sum, p) => sum + p * (1 - p), 0);
  return (itemCount / (itemCount - 1)) * (1 - pq / variance);
}

/** Percentile rank: the share scoring below, plus half of those tied (me included), in percent. */
export function percentileRank(peers: number, below: number, equal: number): number {
  return ((below + equal / 2) / peers) * 100;
}

/** Consecutive days with an answer, ending today, or yesterday when today has none yet. */
export function streakDays(activeDays: ReadonlySet<string>, today: string): number {
  let day = activeDays.has(today) ? today : shiftDay(today, -1);
  let streak = 0;
  while (activeDays.has(day)) {
    streak += 1;
    day = shiftDay(day, -1);
  }
  return streak;
}

const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Today's date in Asia/Seoul. */
export function seoulToday(now: Date = new Date()): string {
  return new Date(now.getTime() + SEOUL_OFFSET_MS).toISOString().slice(0, 10);
}

/** The next midnight in Asia/Seoul after `now`, in ms since the epoch: when seoulToday() changes. */
export function nextSeoulMidnight(now: Date): number {
  const day = 24 * 60 * 60 * 1000;
  return (Math.floor((now.getTime() + SEOUL_OFFSET_MS) / day) + 1) * day - SEOUL_OFFSET_MS;
}
