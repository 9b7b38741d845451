import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { htmlToPlainText } from '@qbank/shared/html-text';
import { buildProblemSearchText } from '../../problems/search-text';
import { QUESTION_PREFIXES } from './catalog';

// Turns one KorMedMCQA question into a problem of any type and choice format, varied by a
// replica number so that the ~50 copies of a question in the large set are not byte-identical
// but still read as the real Korean exam text.

export interface KorMedQuestion {
  id: string;
  exam: string;
  question: string;
  choices: string[];
  /** 1-based numbers of the correct choices. */
  answer: number[];
}

/** The copy in the shared data folder (see its README for the licence: CC BY-NC 2.0, test data only). */
export const DEFAULT_QUESTIONS_FILE = fileURLToPath(new URL('../../../../../../shared/data/kormedmcqa/questions.json', import.meta.url));

/**
 * 100 of those questions, kept in the repository so the tests run without the shared folder
 * (fixtures/README.md gives the source and licence).
 */
export const SAMPLE_QUESTIONS_FILE = fileURLToPath(new URL('./fixtures/kormedmcqa-sample.json', import.meta.url));

export function loadKorMedQuestions(file: string = DEFAULT_QUESTIONS_FILE): KorMedQuestion[] {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed) || parsed.length === 0) throw new Error(`${file}: expected a non-empty array of questions`);
  return parsed.map((item: KorMedQuestion, index) => {
    const correct = item.answer?.[0];
    if (typeof item.question !== 'string' || !Array.isArray(item.choices) || item.choices.length < 4 || !correct || correct > item.choices.length) {
      throw new Error(`${file}: question ${index} has an unexpected shape`);
    }
    return item;
  });
}

export type ProblemType = 1 | 2 | 4; // multiple choice, essay, slide
export type ChoiceType = 1 | 2 | 4 | 5; // lettered combination, numbered options, four, five

export interface ProblemContent {
  question: string;
  question_text: string;
  illustration: string;
  answer: string;
  comments: string;
  search_text: string;
}

const CIRCLED = ['①', '②', '③', '④', '⑤', '⑥', '⑦', '⑧', '⑨'];
const LETTERS = ['가', '나', '다', '라'];
/** Combinations offered besides the single correct statement in a lettered problem. */
const LETTER_COMBINATIONS = ['가, 나', '나, 다', '가, 다, 라', '나, 라', '가, 나, 다, 라', '다, 라'];

/** Only &, < and > need escaping: that is exactly what the sanitizer writes back, so stored HTML is already in its sanitized form. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function paragraph(text: string): string {
  return `<p>${escapeHtml(text)}</p>`;
}

/** The `index`-th permutation of 0..n-1 (factorial number system), so replicas take distinct orders. */
export function permutation(n: number, index: number): number[] {
  const pool = Array.from({ length: n }, (_, i) => i);
  const result: number[] = [];
  let rest = index;
  for (let size = n; size > 0; size--) {
    let factorial = 1;
    for (let k = 2; k < size; k++) factorial *= k;
    const pick = Math.floor(rest / factorial) % size;
    rest %= factorial;
    result.push(pool.splice(pick, 1)[0] as number);
  }
  return result;
}

function factorial(n: number): number {
  return n <= 1 ? 1 : n * factorial(n - 1);
}

/** 을/를-style particle choice: does the last syllable end in a consonant? Unknown (Latin, digits) → "이(가)" form. */
function subjectParticle(word: string): string {
  const last = word.trim().at(-1);
  if (!last) return '이(가)';
  const code = last.charCodeAt(0);
  if (code < 0xac00 || code > 0xd7a3) return '이(가)';
  return (code - 0xac00) % 28 === 0 ? '가' : '이';
}

/** Ages in a vignette move by a few years between replicas ("65세 여자" → "67세 여자"). */
function shiftAge(question: string, replica: number): string {
  const shift = [0, 2, -1, 3, -2, 1, 4, -3][replica % 8] ?? 0;
  return question.replace(/(\d{2})세/, (whole, age: string) => {
    const value = Number(age) + shift;
    return value >= 18 && value <= 95 ? `${value}세` : whole;
  });
}

/** The asking sentence of a vignette, for the explanation ("…가장 적절한 검사는?"). */
function askingPart(question: string): string {
  const sentences = question.split(/(?<=[.?])\s+|(?<=\?)/).filter((s) => s.trim() !== '');
  const asking = [...sentences].reverse().find((s) => s.includes('?')) ?? sentences.at(-1) ?? question;
  const trimmed = asking.trim();
  return [...trimmed].length > 60 ? `${[...trimmed].slice(0, 60).join('')}…` : trimmed;
}

export interface VariantRequest {
  type: ProblemType;
  choiceType: ChoiceType | null;
  /** Which copy of this question this is (0, 1, 2 …); drives every variation. */
  replica: number;
  /** Slide number shown in a slide's caption. */
  no: number;
  /** Where this copy appears, for the explanation's last line. */
  examLabel: string;
}

function explanation(q: KorMedQuestion, request: VariantRequest, answerLabel: string, correct: string, wrong: string[]): string {
  const parts = [
    paragraph(`정답: ${answerLabel}`),
    paragraph(`이 문항은 "${askingPart(q.question)}"를 묻는다. 제시된 소견을 종합하면 ${correct}${subjectParticle(correct)} 가장 적절하다.`),
  ];
  if (wrong.length > 0) {
    parts.push(paragraph(`${wrong.slice(0, 2).join(', ')} 등 나머지 선지는 이 환자의 소견이나 문항의 조건과 맞지 않는다.`));
  }
  if (request.replica % 3 === 0) parts.push(paragraph(`${request.examLabel}에 출제된 문항이다. (출처: ${q.exam} 기출 문항 변형)`));
  return parts.join('');
}

/** One problem's content, written exactly as the product's write path stores it. */
export function buildProblemContent(q: KorMedQuestion, request: VariantRequest): ProblemContent {
  const correctIndex = (q.answer[0] as number) - 1;
  const correct = q.choices[correctIndex] as string;
  const wrongIndexes = q.choices.map((_, i) => i).filter((i) => i !== correctIndex);
  const prefix = QUESTION_PREFIXES[request.replica % QUESTION_PREFIXES.length] ?? '';
  const stem = `${prefix}${shiftAge(q.question, request.replica)}`;
  // Distinct replicas of a question get distinct choice orders (37 is coprime to 5!, 4! and 3!).
  const order = (n: number) => permutation(n, (request.replica * 37 + q.id.length) % factorial(n));

  let question: string;
  let illustration = '';
  let answer: string;
  let comments: string;

  if (request.type === 1) {
    let choices: string[];
    let correctAt: number;
    if (request.choiceType === 1) {
      // 가나다라형: four statements (the correct choice and three others); the answer is the
      // combination naming the correct statement alone.
      const statementIdx = [correctIndex, ...wrongIndexes.slice(0, 3)];
      const statementOrder = order(4).map((i) => statementIdx[i] as number);
      const letter = LETTERS[statementOrder.indexOf(correctIndex)] as string;
      const others = LETTER_COMBINATIONS.filter((combo) => combo !== letter).slice(request.replica % 2, (request.replica % 2) + 4);
      const combos = [letter, ...others];
      choices = order(5).map((i) => combos[i] as string);
      correctAt = choices.indexOf(letter);
      const statements = statementOrder.map((i, k) => `${LETTERS[k]}. ${escapeHtml(q.choices[i] as string)}`).join('<br />');
      question = `${paragraph(stem)}${paragraph('위 질문에 해당하는 것을 모두 고른 것은?')}<p>${statements}</p>`;
    } else {
      const count = request.choiceType === 4 ? 4 : request.choiceType === 2 ? 3 : 5;
      // Drop wrong choices (a different one per replica) down to the wanted count.
      const turn = request.replica % wrongIndexes.length;
      const kept = [correctIndex, ...wrongIndexes.slice(turn), ...wrongIndexes.slice(0, turn)].slice(0, count);
      const shuffled = order(count).map((i) => kept[i] as number);
      choices = shuffled.map((i) => q.choices[i] as string);
      correctAt = shuffled.indexOf(correctIndex);
      question = paragraph(stem);
    }
    illustration = choices.map((choice, i) => `${CIRCLED[i]} ${choice}`).join('\n');
    answer = CIRCLED[correctAt] as string;
    comments = explanation(
      q,
      request,
      `${answer} ${correct}`,
      correct,
      wrongIndexes.map((i) => q.choices[i] as string),
    );
  } else if (request.type === 2) {
    question = paragraph(`${stem.replace(/\?\s*$/, '')}? 답을 쓰고 그 근거를 간단히 서술하시오.`);
    answer = correct;
    comments = explanation(
      q,
      request,
      correct,
      correct,
      wrongIndexes.map((i) => q.choices[i] as string),
    );
  } else {
    question = paragraph(`[슬라이드 ${request.no}번] ${stem}`);
    answer = correct;
    comments = explanation(q, request, correct, correct, []);
  }

  const fields = { question, illustration, answer, comments };
  return { ...fields, question_text: htmlToPlainText(question), search_text: buildProblemSearchText(fields) };
}
