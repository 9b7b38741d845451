import { askClause } from '../normalize';

// The transformations of the labelled set (labelled-set.json): each case names a KorMedMCQA
// question by id and how its partner is made from it, so the set stays a few kilobytes and the
// data set itself is not copied (its licence: /work/shared/data/kormedmcqa/README.md).

export interface Question {
  id: string;
  question: string;
  choices: string[];
  /** 1-based numbers of the correct choices. */
  answer: number[];
}

export type CaseKind =
  'copy' | 'reshuffle' | 'reword' | 'numbers' | 'distractors' | 'inversion' | 'passage-sibling' | 'same-options' | 'antonym' | 'real-variant' | 'near-miss';

export interface LabelledCase {
  kind: CaseKind;
  a: string;
  /** The other question the transformation borrows from, or the partner itself for real pairs. */
  b?: string;
  order?: number[];
  rules?: string[];
  delta?: number;
  count?: number;
  swap?: [string, string];
  expect: 'same' | 'variant' | 'inverted' | null;
}

/** Particle and ending rewordings: each a (pattern, replacement) that keeps the meaning. */
export const REWORD_RULES: Record<string, [RegExp, string]> = {
  'e-daehan': [/에 대한/g, '에 관한'],
  'e-gwanhan': [/에 관한/g, '에 대한'],
  'hwanja-eseo': [/환자에서/g, '환자에게서'],
  boinda: [/보인다\./g, '보였다.'],
  hayeotda: [/하였다\./g, '했다.'],
  itda: [/있다\./g, '있었다.'],
  'ga-jang': [/가장 /g, ''],
  euro: [/으로 /g, '로서 '],
  kkaji: [/ 중 /g, ' 가운데 '],
  yeoseong: [/여자가/g, '여성이'],
  namseong: [/남자가/g, '남성이'],
  hoso: [/호소하며/g, '호소하고'],
  wonin: [/원인은\?/g, '원인으로 옳은 것은?'],
};

/** Polarity flips of an asking clause (옳은 것은 → 옳지 않은 것은). */
export const POLARITY_FLIPS: [RegExp, string][] = [
  [/옳은 것은/, '옳지 않은 것은'],
  [/적절한 것은/, '적절하지 않은 것은'],
  [/맞는 것은/, '맞지 않는 것은'],
  [/바른 것은/, '바르지 않은 것은'],
];

/** Pairs of words that turn one question into another with the same options. */
export const ANTONYMS: [string, string][] = [
  ['큰', '작은'],
  ['높은', '낮은'],
  ['많은', '적은'],
  ['흔한', '드문'],
  ['증가', '감소'],
  ['빠른', '느린'],
  ['긴', '짧은'],
  ['최대', '최소'],
];

const CIRCLED = ['①', '②', '③', '④', '⑤', '⑥', '⑦', '⑧', '⑨'];

/** A question as a problem's stored fields (five numbered options). */
export function asProblem(q: Question): { question_text: string; illustration: string; answer: string; choice_type: number } {
  return {
    question_text: q.question,
    illustration: q.choices.map((choice, i) => `${CIRCLED[i]} ${choice}`).join('\n'),
    answer: q.answer.map((n) => CIRCLED[n - 1]).join(', '),
    choice_type: 5,
  };
}

function wrongChoices(q: Question): string[] {
  return q.choices.filter((_, i) => !q.answer.includes(i + 1));
}

function withAsk(stem: string, ask: string): string {
  const current = askClause(stem);
  const at = stem.lastIndexOf(current);
  return at < 0 ? ask : `${stem.slice(0, at)}${ask}${stem.slice(at + current.length)}`;
}

/** The partner question a case describes. */
export function partnerOf(c: LabelledCase, byId: Map<string, Question>): Question {
  const a = byId.get(c.a)!;
  const other = c.b ? byId.get(c.b)! : undefined;
  switch (c.kind) {
    case 'copy':
      return { ...a, id: `${a.id}~copy` };
    case 'reshuffle': {
      const order = c.order!;
      return { ...a, id: `${a.id}~reshuffle`, choices: order.map((i) => a.choices[i]!), answer: a.answer.map((n) => order.indexOf(n - 1) + 1) };
    }
    case 'reword': {
      let question = a.question;
      for (const rule of c.rules!) question = question.replace(REWORD_RULES[rule]![0], REWORD_RULES[rule]![1]);
      return { ...a, id: `${a.id}~reword`, question };
    }
    case 'numbers':
      return { ...a, id: `${a.id}~numbers`, question: a.question.replace(/\d+/g, (n) => String(Number(n) + c.delta!)) };
    case 'distractors': {
      const borrowed = wrongChoices(other!);
      let replaced = 0;
      const choices = a.choices.map((choice, i) => (a.answer.includes(i + 1) || replaced >= c.count! ? choice : (borrowed[replaced++] ?? choice)));
      return { ...a, id: `${a.id}~distractors`, choices };
    }
    case 'inversion': {
      const [pattern, flipped] = POLARITY_FLIPS.find(([p]) => p.test(askClause(a.question)))!;
      const key = a.choices[a.answer[0]! - 1]!;
      const wrong = wrongChoices(a)[0]!;
      const choices = [wrongChoices(other!)[0]!, key, wrongChoices(other!)[1]!, wrong, wrongChoices(other!)[2]!];
      return { id: `${a.id}~inversion`, question: withAsk(a.question, askClause(a.question).replace(pattern, flipped)), choices, answer: [4] };
    }
    case 'passage-sibling':
      return { id: `${a.id}~sibling`, question: withAsk(a.question, askClause(other!.question)), choices: other!.choices, answer: other!.answer };
    case 'same-options':
      return { ...a, id: `${a.id}~same-options`, question: withAsk(a.question, askClause(other!.question)), answer: [(a.answer[0]! % a.choices.length) + 1] };
    case 'antonym': {
      const [from, to] = c.swap!;
      const ask = askClause(a.question);
      return { ...a, id: `${a.id}~antonym`, question: withAsk(a.question, ask.replace(from, to)), answer: [(a.answer[0]! % a.choices.length) + 1] };
    }
    case 'real-variant':
    case 'near-miss':
      return other!;
  }
}
