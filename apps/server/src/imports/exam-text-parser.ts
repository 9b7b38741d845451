import { CIRCLED_DIGITS } from '@qbank/shared/answers';
import type { ImportProblem, ImportSetHeader } from '@qbank/shared/imports';
import { importMessages as m } from './messages';

// Reads an exam laid out as Korean exam papers are: numbered problems ("1.", "1)", "문 1.",
// "Q1"), circled or bracketed options ("①", "(1)", or "1)" when problems use "1."), an answer line
// ("정답: ③", "답 ③") or an answer table at the end ("1 ③ 2 ⑤ …"), an explanation after "해설",
// pictures kept with the problem (or passage) they sit in, and shared passages "[1~3]".

/** One paragraph of the document: its text and the pictures (data URLs) in it. */
export interface DocumentLine {
  text: string;
  images: string[];
}

export interface ParsedProblem extends ImportProblem {
  /** The type as the file named it ('' when it named none: a Word exam's type comes from its options). */
  source_type: string;
  warnings: string[];
}

export interface ParsedExam {
  problems: ParsedProblem[];
  set_headers: ImportSetHeader[];
  warnings: string[];
}

const CIRCLED = '①②③④⑤⑥⑦⑧⑨';
const SET_HEADER = /^\[\s*(\d{1,4})\s*[~\-–∼]\s*(\d{1,4})\s*\]\s*(.*)$/;
const LABELLED_PROBLEM = /^(?:문제?\s*(\d{1,4})\s*[.)．:]?|Q\s*(\d{1,4})\s*[.):．]?)\s*(.*)$/i;
// "36.4℃였다." at the start of a wrapped line is a decimal, not problem 36.
const NUMBERED = /^(\d{1,4})\s*([.)．])(?!\d)\s*(.*)$/;
const CIRCLED_OPTION = /^([①-⑨])\s*(.*)$/;
const BRACKETED_OPTION = /^\(([1-9])\)\s*(.*)$/;
const ANSWER_LINE = /^(?:\[?정답\]?\s*[:：]?|답\s*[:：]|답\s+(?=[①-⑨\d]))\s*(.+)$/;
const ANSWER_HEADING = /^\[?(?:정답|정답표|답안)\]?\s*[:：]?$/;
const EXPLANATION = /^\[?해설\]?\s*[:：]?\s*(.*)$/;
const ANSWER_PAIR = /(\d{1,4})\s*(?:번|[.):])?\s*([①-⑨](?:\s*,\s*[①-⑨])*|\d(?!\d))/g;

interface Draft {
  no: number;
  question: string[];
  options: string[];
  answer: string;
  comments: string[];
  images: string[];
  comment_images: string[];
  section: 'question' | 'options' | 'comments';
}

function optionIndex(marker: string): number {
  const circled = CIRCLED.indexOf(marker);
  return circled >= 0 ? circled : Number(marker) - 1;
}

/** "① 가 ② 나 ③ 다" on one line: the options it holds, or null when it is one option. */
function splitInlineOptions(text: string): string[] | null {
  const parts = text
    .split(/(?=[①-⑨])/u)
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length < 2 || !parts.every((p) => CIRCLED_OPTION.test(p))) return null;
  return parts.map((p) => p.replace(CIRCLED_OPTION, '$2').trim());
}

/** An answer table line: at least two "number answer" pairs and nothing else. */
function answerPairs(text: string, inTable: boolean): Array<[number, string]> | null {
  const pairs = [...text.matchAll(ANSWER_PAIR)].map((match): [number, string] => [Number(match[1]), match[2]!.replace(/\s+/g, '')]);
  const rest = text.replace(ANSWER_PAIR, '').replace(/[\s|,;]/g, '');
  if (rest !== '' || pairs.length === 0) return null;
  if (!inTable && (pairs.length < 2 || !/[①-⑨]/.test(text))) return null;
  return pairs;
}

/** A digit answer of a multiple-choice problem is written with its circled digit ("3" → "③"). */
function normalizeChoiceAnswer(answer: string): string {
  return answer.replace(/(^|[\s,])([1-9])(?=$|[\s,])/g, (_, lead: string, digit: string) => `${lead}${CIRCLED_DIGITS[Number(digit) - 1]}`);
}

function finish(draft: Draft): ParsedProblem {
  const warnings: string[] = [];
  const options = draft.options;
  const type = options.length >= 2 ? 1 : 2;
  if (type === 1 && options.length !== 4 && options.length !== 5) warnings.push(m.optionCountOdd(options.length));
  const answer = type === 1 ? normalizeChoiceAnswer(draft.answer.trim()) : draft.answer.trim();
  if (!answer) warnings.push(m.noAnswer);
  if (!draft.question.join('').trim() && draft.images.length === 0) warnings.push(m.noQuestion);
  return {
    no: draft.no,
    type,
    choice_type: type === 1 ? (options.length === 4 ? 4 : 5) : null,
    question: draft.question.join('\n').trim(),
    illustration: options.map((text, i) => `${CIRCLED_DIGITS[i] ?? `${i + 1}.`} ${text}`.trim()).join('\n'),
    answer,
    comments: draft.comments.join('\n').trim(),
    images: draft.images,
    comment_images: draft.comment_images,
    source_type: '',
    warnings,
  };
}

export function parseExamLines(lines: readonly DocumentLine[]): ParsedExam {
  const drafts: Draft[] = [];
  const headers: ImportSetHeader[] = [];
  const answerTable = new Map<number, string>();
  const warnings: string[] = [];
  let current: Draft | null = null;
  let header: ImportSetHeader | null = null;
  let problemDelimiter: string | null = null;
  let inAnswerTable = false;

  const startProblem = (no: number, rest: string) => {
    current = { no, question: rest ? [rest] : [], options: [], answer: '', comments: [], images: [], comment_images: [], section: 'question' };
    drafts.push(current);
    header = null;
    inAnswerTable = false;
  };
  const lastNo = () => drafts.at(-1)?.no ?? 0;

  for (const line of lines) {
    const text = line.text.replace(/\s+/g, ' ').trim();
    const draft = current as Draft | null;

    if (text) {
      const pairs = answerPairs(text, inAnswerTable);
      if (pairs) {
        for (const [no, answer] of pairs) answerTable.set(no, answer);
        current = null;
        inAnswerTable = true;
        continue;
      }
      if (ANSWER_HEADING.test(text)) {
        inAnswerTable = true;
        current = null;
        continue;
      }
      const setHeader = SET_HEADER.exec(text);
      if (setHeader) {
        header = { begin_problem_no: Number(setHeader[1]), end_problem_no: Number(setHeader[2]), header_text: setHeader[3] ?? '', images: [...line.images] };
        headers.push(header);
        current = null;
        continue;
      }
      const labelled = LABELLED_PROBLEM.exec(text);
      if (labelled && Number(labelled[1] ?? labelled[2]) > lastNo()) {
        startProblem(Number(labelled[1] ?? labelled[2]), labelled[3] ?? '');
        (current as Draft | null)?.images.push(...line.images);
        continue;
      }
      const numbered = NUMBERED.exec(text);
      if (numbered) {
        const [, digits, delimiter, rest] = numbered;
        const no = Number(digits);
        const isOption = draft !== null && draft.section !== 'comments' && delimiter !== problemDelimiter && no === draft.options.length + 1;
        if (isOption) {
          draft.options.push(rest ?? '');
          draft.section = 'options';
          continue;
        }
        if (no > lastNo() && (problemDelimiter === null || delimiter === problemDelimiter)) {
          problemDelimiter ??= delimiter!;
          startProblem(no, rest ?? '');
          (current as Draft | null)?.images.push(...line.images);
          continue;
        }
      }
      if (draft && draft.section !== 'comments') {
        const inline = splitInlineOptions(text);
        const option = CIRCLED_OPTION.exec(text) ?? BRACKETED_OPTION.exec(text);
        if (inline) {
          draft.options.push(...inline);
          draft.section = 'options';
          continue;
        }
        if (option && optionIndex(option[1]!) === draft.options.length) {
          draft.options.push(option[2] ?? '');
          draft.section = 'options';
          continue;
        }
      }
      if (draft) {
        const answer = ANSWER_LINE.exec(text);
        if (answer && (draft.section !== 'comments' || !draft.answer)) {
          draft.answer = answer[1]!.trim();
          continue;
        }
        const explanation = EXPLANATION.exec(text);
        if (explanation) {
          draft.section = 'comments';
          if (explanation[1]) draft.comments.push(explanation[1]);
          draft.comment_images.push(...line.images);
          continue;
        }
      }
    }

    // Plain text (or a picture alone): it continues whatever is open.
    if (draft) {
      if (draft.section === 'comments') {
        if (text) draft.comments.push(text);
        draft.comment_images.push(...line.images);
      } else if (draft.section === 'options' && text) {
        draft.options[draft.options.length - 1] += ` ${text}`;
        draft.images.push(...line.images);
      } else {
        if (text) draft.question.push(text);
        draft.images.push(...line.images);
      }
    } else if (header) {
      const open = header as ImportSetHeader;
      if (text) open.header_text = open.header_text ? `${open.header_text}\n${text}` : text;
      open.images.push(...line.images);
    }
  }

  const problems = drafts.map((draft) => {
    if (!draft.answer && answerTable.has(draft.no)) draft.answer = answerTable.get(draft.no)!;
    return finish(draft);
  });
  if (problems.length === 0) warnings.push(m.noProblemsFound);
  return { problems, set_headers: headers, warnings };
}
