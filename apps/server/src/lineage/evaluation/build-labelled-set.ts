import { readFileSync, writeFileSync } from 'node:fs';
import { dice } from '../compare';
import { grams } from '../fingerprint';
import { askClause, normalizeText } from '../normalize';
import { ANTONYMS, POLARITY_FLIPS, REWORD_RULES, type LabelledCase, type Question } from './transform';

// Rebuilds labelled-set.json from the KorMedMCQA sample (deterministic):
//   npx tsx apps/server/src/lineage/evaluation/build-labelled-set.ts [questions.json]
// The real pairs (real-variant, near-miss) were picked by reading the sample's closest pairs;
// they are listed here by hand.

const file = process.argv[2] ?? '/work/shared/data/kormedmcqa/questions.json';
const questions: Question[] = JSON.parse(readFileSync(file, 'utf8'));
const PER_KIND = 60;

let seed = 20261128;
function random(): number {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
}
function pick<T>(items: T[]): T {
  return items[Math.floor(random() * items.length)]!;
}
function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
/** Evenly spread questions that fit, so every exam type is represented. */
function spread(fits: (q: Question) => boolean, count = PER_KIND): Question[] {
  const fitting = questions.filter(fits);
  const step = Math.max(1, Math.floor(fitting.length / count));
  return fitting.filter((_, i) => i % step === 0).slice(0, count);
}
const sentences = (q: Question) => q.question.split(/(?<=[.?])\s+/).filter(Boolean).length;
const other = (q: Question) => {
  let found = pick(questions);
  while (found.id === q.id || found.id.split('_')[0] !== q.id.split('_')[0]) found = pick(questions);
  return found;
};
/** Another question that asks something else (a hard negative needs a different question). */
const asking = (q: Question) => normalizeText(askClause(q.question));
const otherAsking = (q: Question) => {
  let found = other(q);
  while (asking(found).includes(asking(q)) || asking(q).includes(asking(found))) found = other(q);
  return found;
};

const cases: LabelledCase[] = [];
for (const q of spread(() => true)) cases.push({ kind: 'copy', a: q.id, expect: 'same' });
for (const q of spread(() => true)) {
  let order = shuffled([0, 1, 2, 3, 4]);
  while (order.every((v, i) => v === i)) order = shuffled(order);
  cases.push({ kind: 'reshuffle', a: q.id, order, expect: 'same' });
}
for (const q of spread((q) => Object.values(REWORD_RULES).filter(([p]) => new RegExp(p.source).test(q.question)).length >= 2)) {
  const rules = Object.entries(REWORD_RULES)
    .filter(([, [p]]) => new RegExp(p.source).test(q.question))
    .map(([name]) => name);
  cases.push({ kind: 'reword', a: q.id, rules, expect: 'variant' });
}
for (const q of spread((q) => /\d/.test(q.question))) cases.push({ kind: 'numbers', a: q.id, delta: 1 + Math.floor(random() * 5), expect: 'variant' });
for (const q of spread(() => true)) cases.push({ kind: 'distractors', a: q.id, b: other(q).id, count: 1 + Math.floor(random() * 2), expect: 'variant' });
for (const q of spread((q) => POLARITY_FLIPS.some(([p]) => p.test(askClause(q.question))))) {
  cases.push({ kind: 'inversion', a: q.id, b: other(q).id, expect: 'inverted' });
}
for (const q of spread((q) => sentences(q) >= 3)) cases.push({ kind: 'passage-sibling', a: q.id, b: otherAsking(q).id, expect: null });
for (const q of spread((q) => sentences(q) >= 2)) cases.push({ kind: 'same-options', a: q.id, b: otherAsking(q).id, expect: null });
for (const q of spread((q) => ANTONYMS.some(([from]) => askClause(q.question).includes(from)))) {
  const swap = ANTONYMS.find(([from]) => askClause(q.question).includes(from))!;
  cases.push({ kind: 'antonym', a: q.id, swap, expect: null });
}

// Read from the sample's closest pairs: the recurring ones (the same case with a different tumour
// and stage; the same case and question with other distractors; the same case with other marker
// values), and the rest, different questions (a shared case with another question, or "…에 관한
// 설명으로 옳은 것은?" on another topic).
const REAL_VARIANTS = ['doctor_1144,doctor_1371', 'doctor_0526,doctor_1770', 'doctor_0588,doctor_0946'];
for (const pair of REAL_VARIANTS) {
  const [a, b] = pair.split(',') as [string, string];
  cases.push({ kind: 'real-variant', a, b, expect: 'variant' });
}
const bigrams = (text: string) => new Set(grams(normalizeText(text), 2));
const grammed = questions.map((q) => bigrams(q.question));
const close: [number, string, string][] = [];
for (let i = 0; i < questions.length; i++) {
  for (let j = i + 1; j < questions.length; j++) {
    const similarity = dice(grammed[i]!, grammed[j]!);
    if (similarity >= 0.55) close.push([similarity, questions[i]!.id, questions[j]!.id]);
  }
}
close.sort((x, y) => y[0] - x[0]);
for (const [, a, b] of close.filter(([, a, b]) => !REAL_VARIANTS.includes(`${a},${b}`)).slice(0, PER_KIND)) {
  cases.push({ kind: 'near-miss', a, b, expect: null });
}

writeFileSync(new URL('./labelled-set.json', import.meta.url), `${JSON.stringify(cases, null, 0).replace(/\},\{/g, '},\n{')}\n`);
console.log(`${cases.length} cases`);
