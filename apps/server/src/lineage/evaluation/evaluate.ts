import { readFileSync } from 'node:fs';
import { compareFingerprints, type LinkVerdict } from '../compare';
import { fingerprint, type Fingerprint } from '../fingerprint';
import { lineageKeys } from '../minhash';
import { asProblem, partnerOf, type CaseKind, type LabelledCase, type Question } from './transform';

// Precision and recall of lineage detection on the labelled set, per kind (decision 129):
//   npx tsx apps/server/src/lineage/evaluation/evaluate.ts [questions.json]
// A pair counts as found only when candidate generation (shared MinHash band keys) brings it up
// and the comparison links it with the expected relation.

export const LABELLED_SET: LabelledCase[] = JSON.parse(readFileSync(new URL('./labelled-set.json', import.meta.url), 'utf8'));

export interface KindReport {
  kind: CaseKind;
  cases: number;
  /** Positives: linked with the expected relation. Negatives: not linked. */
  right: number;
  /** Positives that were candidates (shared a band key) at all. */
  candidates: number;
  /** Wrong links: a negative linked, or a positive linked with another relation. */
  wrongLinks: number;
}

export interface Evaluation {
  kinds: KindReport[];
  precision: number;
  recall: number;
  failures: { case: LabelledCase; verdict: LinkVerdict | null; candidate: boolean }[];
}

function sharesKey(a: Fingerprint, b: Fingerprint): boolean {
  const keys = new Set(lineageKeys(a));
  return lineageKeys(b).some((key) => keys.has(key));
}

export function evaluate(questions: Question[], cases: LabelledCase[] = LABELLED_SET): Evaluation {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const usable = cases.filter((c) => byId.has(c.a) && (!c.b || byId.has(c.b)));
  const kinds = new Map<CaseKind, KindReport>();
  const failures: Evaluation['failures'] = [];
  let truePositives = 0;
  let falsePositives = 0;
  let positives = 0;
  for (const c of usable) {
    const a = fingerprint(asProblem(byId.get(c.a)!));
    const b = fingerprint(asProblem(partnerOf(c, byId)));
    const candidate = sharesKey(a, b);
    const verdict = candidate ? compareFingerprints(a, b) : null;
    const report = kinds.get(c.kind) ?? { kind: c.kind, cases: 0, right: 0, candidates: 0, wrongLinks: 0 };
    kinds.set(c.kind, report);
    report.cases++;
    if (candidate) report.candidates++;
    const right = c.expect === null ? verdict === null : verdict?.relation === c.expect;
    if (right) report.right++;
    else failures.push({ case: c, verdict, candidate });
    if (c.expect !== null) positives++;
    if (verdict && right) truePositives++;
    if (verdict && !right) {
      falsePositives++;
      report.wrongLinks++;
    }
  }
  return {
    kinds: [...kinds.values()],
    precision: truePositives + falsePositives === 0 ? 1 : truePositives / (truePositives + falsePositives),
    recall: positives === 0 ? 1 : truePositives / positives,
    failures,
  };
}

export interface BankCheck {
  problems: number;
  candidatePairs: number;
  links: number;
  /** Links no case expects: across unrelated questions, or to a hard negative. */
  unexpected: { a: string; b: string; verdict: LinkVerdict }[];
}

/**
 * Every question of the sample and every partner of the set in one bank, compared through
 * candidate generation as the whole-bank run does: a link the labels do not expect is a false
 * positive, whichever pair it joins (a copy of one question with a reword of another, say).
 */
export function checkBank(questions: Question[], cases: LabelledCase[] = LABELLED_SET): BankCheck {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const items: { name: string; family: string; positive: boolean; print: Fingerprint }[] = questions.map((q) => ({
    name: q.id,
    family: q.id,
    positive: true,
    print: fingerprint(asProblem(q)),
  }));
  const realPairs = new Set<string>();
  cases.forEach((c, index) => {
    if (!byId.has(c.a) || (c.b && !byId.has(c.b))) return;
    if (c.kind === 'real-variant' || c.kind === 'near-miss') {
      if (c.expect) realPairs.add(`${c.a}|${c.b}`).add(`${c.b}|${c.a}`);
      return;
    }
    items.push({ name: `${c.kind}#${index}`, family: c.a, positive: c.expect !== null, print: fingerprint(asProblem(partnerOf(c, byId))) });
  });
  const buckets = new Map<number, number[]>();
  items.forEach((item, i) => {
    for (const key of lineageKeys(item.print)) {
      const bucket = buckets.get(key);
      if (bucket) bucket.push(i);
      else buckets.set(key, [i]);
    }
  });
  const pairs = new Set<number>();
  for (const bucket of buckets.values()) {
    for (let x = 0; x < bucket.length; x++) for (let y = x + 1; y < bucket.length; y++) pairs.add(bucket[x]! * items.length + bucket[y]!);
  }
  const result: BankCheck = { problems: items.length, candidatePairs: pairs.size, links: 0, unexpected: [] };
  for (const pair of pairs) {
    const a = items[Math.floor(pair / items.length)]!;
    const b = items[pair % items.length]!;
    const verdict = compareFingerprints(a.print, b.print);
    if (!verdict) continue;
    result.links++;
    const expected = (a.family === b.family && a.positive && b.positive) || realPairs.has(`${a.family}|${b.family}`);
    if (!expected) result.unexpected.push({ a: a.name, b: b.name, verdict });
  }
  return result;
}

export function formatEvaluation(result: Evaluation): string {
  const rows = result.kinds.map(
    (k) =>
      `${k.kind.padEnd(16)} ${String(k.cases).padStart(4)}  right ${String(k.right).padStart(4)}  candidates ${String(k.candidates).padStart(4)}  wrong links ${k.wrongLinks}`,
  );
  return [...rows, `precision ${result.precision.toFixed(3)}  recall ${result.recall.toFixed(3)}`].join('\n');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const file = process.argv[2] ?? '/work/shared/data/kormedmcqa/questions.json';
  const result = evaluate(JSON.parse(readFileSync(file, 'utf8')));
  console.log(formatEvaluation(result));
  const bank = checkBank(JSON.parse(readFileSync(file, 'utf8')));
  console.log(`bank: ${bank.problems} problems, ${bank.candidatePairs} candidate pairs, ${bank.links} links, ${bank.unexpected.length} unexpected`);
  for (const link of bank.unexpected) console.log('unexpected', JSON.stringify(link));
  for (const failure of result.failures) console.log(JSON.stringify(failure.case), JSON.stringify(failure.verdict), failure.candidate ? '' : '(no candidate)');
}
