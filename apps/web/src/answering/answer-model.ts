import { CIRCLED_DIGITS, isCorrectAnswer, normalizeAnswer, parseChoiceAnswer, parseChoiceOptions, type ChoiceOption } from '@qbank/shared/answers';
import { PROBLEM_TYPES, type Problem } from '@qbank/shared/problems';
import { isSelfJudgedType } from '@qbank/shared/solve';

// The pure rules of answering a problem, whichever screen shows it (solve mode, a study session,
// the review deck): the options, the local verdict (the shared rule, @qbank/shared/answers; nothing
// here compares answers by itself), what an answer is worth, the score, and which key does what.

/**
 * Where the latest answer of a problem is: being saved, saved, waiting in the offline queue to be
 * sent (decision 041), or kept only on this screen.
 */
export type SaveState = 'saving' | 'saved' | 'queued' | 'failed';

export interface AnswerResult {
  answer: string;
  correct: boolean;
  save: SaveState;
  /** Tells answers to the same problem apart, so a late server reply cannot overwrite a newer answer. */
  token: number;
  /** The server's record of the answer, once saved (the member's own verdict is sent for it). */
  attemptCode: number | null;
  /** 'self' once the member judged an essay or slide answer (decision 116). */
  judgedBy: 'machine' | 'self';
}

/**
 * An essay or slide answer that is not word for word the official one waits for the member's
 * own verdict (맞음 / 틀림): it counts neither as right nor as wrong until then.
 */
export function awaitsSelfJudgment(problem: Pick<Problem, 'type'>, result: Pick<AnswerResult, 'correct' | 'judgedBy'>): boolean {
  return isSelfJudgedType(problem.type) && !result.correct && result.judgedBy === 'machine';
}

export type Results = ReadonlyMap<number, AnswerResult>;
export type ProblemStatus = 'correct' | 'wrong' | 'unjudged' | 'unanswered' | 'voided';

/** The options to click or key in, or null when the problem takes a typed answer. */
export function choiceOptions(problem: Problem): ChoiceOption[] | null {
  if (problem.type !== PROBLEM_TYPES.multipleChoice) return null;
  return parseChoiceOptions(problem.illustration, problem.choice_type);
}

/** Judged on the spot with the shared rule; the server's verdict replaces it when it differs. */
export function judge(problem: Problem, answer: string): boolean {
  return isCorrectAnswer(answer, problem.answer, problem.type);
}

/** Whether an option is (one of) the official answer(s), compared in the shared canonical form. */
export function isOfficialOption(problem: Problem, option: ChoiceOption): boolean {
  const official = normalizeAnswer(problem.answer).split(',');
  return official.includes(normalizeAnswer(option.value));
}

/** Whether a recorded answer is (or, with several options, includes) this option, in any spelling ('③', '3', '③다', '③, ⑤'). */
export function isChosenOption(answer: string, option: ChoiceOption): boolean {
  return normalizeAnswer(answer).split(',').includes(normalizeAnswer(option.value));
}

/**
 * A stored answer as a reader sees it: a choice answer by its circled digits as the options show
 * them ('③다' → '③', '3,1' → '①, ③'); a typed answer as typed.
 */
export function answerForDisplay(problem: Pick<Problem, 'type'>, answer: string): string {
  const choices = problem.type === PROBLEM_TYPES.multipleChoice ? parseChoiceAnswer(answer) : null;
  return choices ? choices.map((n) => CIRCLED_DIGITS[n - 1]).join(', ') : answer;
}

/** 문항 무효 takes no answer and has no verdict, also for an answer given before the voiding (decision 079). */
export function statusOf(results: Results, problem: Pick<Problem, 'uid' | 'type' | 'is_voided'>): ProblemStatus {
  if (problem.is_voided === 1) return 'voided';
  const result = results.get(problem.uid);
  if (!result) return 'unanswered';
  if (awaitsSelfJudgment(problem, result)) return 'unjudged';
  return result.correct ? 'correct' : 'wrong';
}

export interface Score {
  /** Answered and judged (an essay answer waiting for the member's verdict is not counted yet). */
  answered: number;
  correct: number;
  /** Rounded percentage of the judged answers that are correct; null before the first one. */
  percent: number | null;
}

export function score(results: Results, problems: readonly Problem[]): Score {
  let answered = 0;
  let correct = 0;
  for (const problem of problems) {
    const result = results.get(problem.uid);
    // 문항 무효: the answer stays in the history but counts in no score; an essay answer waiting
    // for the member's own verdict counts in none yet.
    if (!result || problem.is_voided === 1 || awaitsSelfJudgment(problem, result)) continue;
    answered++;
    if (result.correct) correct++;
  }
  return { answered, correct, percent: answered === 0 ? null : Math.round((correct / answered) * 100) };
}

// ---------------------------------------------------------------- keyboard

export type Shortcut =
  | { kind: 'previous' }
  | { kind: 'next' }
  | { kind: 'toggleExplanation' }
  | { kind: 'help' }
  | { kind: 'mark' }
  | { kind: 'choose'; key: number }
  | { kind: 'judgeSelf'; correct: boolean };

/**
 * The shortcut a key press means on an answering screen, or null. Letters are read from the physical key too, so
 * they work with the Korean layout on (where H types ㅗ, M ㅡ). Modifier chords are left to the browser.
 */
export function shortcutFor(event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey'>): Shortcut | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === 'ArrowLeft') return { kind: 'previous' };
  if (event.key === 'ArrowRight') return { kind: 'next' };
  if (event.key === '?') return { kind: 'help' };
  if (event.key === 'h' || event.key === 'H' || event.code === 'KeyH') return { kind: 'toggleExplanation' };
  // M: 나중에 다시 보기 on the problem on screen, where the screen has it (study sessions).
  if (event.key === 'm' || event.key === 'M' || event.code === 'KeyM') return { kind: 'mark' };
  // Y / N: the member's own verdict on an essay answer (also with the Korean layout on: ㅛ / ㅜ).
  if (event.key === 'y' || event.key === 'Y' || event.code === 'KeyY') return { kind: 'judgeSelf', correct: true };
  if (event.key === 'n' || event.key === 'N' || event.code === 'KeyN') return { kind: 'judgeSelf', correct: false };
  if (/^[1-9]$/.test(event.key)) return { kind: 'choose', key: Number(event.key) };
  return null;
}

/** Keys typed into a field belong to the field, not to the shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}
