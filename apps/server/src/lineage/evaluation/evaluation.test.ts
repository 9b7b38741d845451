import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkBank, evaluate, formatEvaluation } from './evaluate';
import type { Question } from './transform';

// The labelled set names questions of the shared KorMedMCQA sample (2,004 questions); without the
// shared folder the 100 questions kept in the repository run the cases they cover.
const SHARED = fileURLToPath(new URL('../../../../../../shared/data/kormedmcqa/questions.json', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../../seed/large/fixtures/kormedmcqa-sample.json', import.meta.url));
const questions: Question[] = JSON.parse(readFileSync(existsSync(SHARED) ? SHARED : FIXTURE, 'utf8'));

describe('lineage detection on the labelled set', () => {
  it('reaches precision ≥ 0.95 and recall ≥ 0.90, and ≥ 0.9 right in every generated kind', () => {
    const result = evaluate(questions);
    console.log(formatEvaluation(result));
    expect(result.precision).toBeGreaterThanOrEqual(0.95);
    expect(result.recall).toBeGreaterThanOrEqual(0.9);
    for (const kind of result.kinds.filter((k) => k.kind !== 'real-variant')) {
      expect(kind.right / kind.cases, kind.kind).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('links nothing unexpected in a bank of every question and every generated partner', () => {
    const bank = checkBank(questions);
    console.log(`bank: ${bank.problems} problems, ${bank.candidatePairs} candidate pairs, ${bank.links} links, ${bank.unexpected.length} unexpected`);
    expect(bank.unexpected.length / Math.max(1, bank.links)).toBeLessThanOrEqual(0.05);
  });
});
