import type { Dialect } from '../core/dialect';
import { FingerprintCache } from '../lineage/detect';
import { detectQueued } from '../lineage/service';
import { createProblem, createSubject } from './factories';
import { createTestContext, roleCookies } from './harness';

const CIRCLED = ['①', '②', '③', '④', '⑤'];

/**
 * What the lineage tests over the whole bank start from: a member of each role signed in, a
 * 순환기학 subject and another, and `put`, which writes a five-choice problem keyed ① with its
 * choices one a line after their circled numbers, as an author types them.
 */
export async function openLineageBank(dialect: Dialect, otherSubject: string) {
  const t = await createTestContext(dialect);
  const cookies = await roleCookies(t.app, t.db);
  const cardio = await createSubject(t.db, { subject_name: '순환기학' });
  const other = await createSubject(t.db, { subject_name: otherSubject });
  const put = (test_code: number, no: number, question: string, choices: string[], explanation = '') =>
    createProblem(t.db, {
      test_code,
      no,
      question: `<p>${question}</p>`,
      illustration: choices.map((choice, i) => `${CIRCLED[i]} ${choice}`).join('\n'),
      answer: '①',
      choice_type: 5,
      comments: explanation,
    });
  /** Runs the lineage worker until nothing is queued, as the job does after every write. */
  const detectAll = async () => {
    const cache = new FingerprintCache();
    while ((await detectQueued(t.db, cache, 100)) > 0);
  };
  return { t, cookies, cardio, other, put, detectAll };
}
