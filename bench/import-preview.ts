// The import preview of a 120-problem exam in each 한글/PDF format (issue 31 item 7): the real app
// in-process on a fresh SQLite database, the file posted as the web posts it (multipart, dry run),
// one warm-up then RUNS timed requests per format. Numbers go to docs/performance.md.
//   npx tsx bench/import-preview.ts [runs]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSubject, createTest } from '../apps/server/src/testing/factories';
import { createMember, createTestContext, loginCookie } from '../apps/server/src/testing/harness';
import { examHwp, examHwpx, examPdf, examQuestions } from '../apps/server/src/testing/fixtures/exam-documents';
import { sampleQuestions } from '../apps/server/src/testing/fixtures/imports';

const RUNS = Number(process.argv[2] ?? 5);
const here = path.dirname(fileURLToPath(import.meta.url));
const questions = examQuestions(sampleQuestions(200), 120);
const files: Array<[string, Buffer]> = [
  ['exam.hwpx', await examHwpx(questions)],
  ['exam.hwp', await examHwp(questions, readFileSync(path.join(here, '../apps/server/src/testing/fixtures/hwp/example.hwp')))],
  ['exam.pdf', examPdf(questions)],
];

const t = await createTestContext('sqlite');
try {
  const cookie = await loginCookie(t.app, (await createMember(t.db, { role: 'lead' })).id);
  const exam = await createTest(t.db, { subject_code: await createSubject(t.db, {}) });
  for (const [fileName, bytes] of files) {
    const boundary = '----qbankBench';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const preview = () =>
      t.app.inject({
        method: 'POST',
        url: `/v1/test/${exam}/import?dry_run=1`,
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    const first = await preview();
    const problems = (first.json() as { problems?: unknown[] }).problems?.length;
    if (first.statusCode !== 200 || problems !== 120) throw new Error(`${fileName}: ${first.statusCode} ${problems} problems`);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const start = performance.now();
      await preview();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${fileName}\t${(bytes.length / 1024).toFixed(0)} kB\t${problems} problems\tmedian ${times[Math.floor(RUNS / 2)]!.toFixed(0)} ms\tmax ${times.at(-1)!.toFixed(0)} ms`,
    );
  }
} finally {
  await t.close();
}
