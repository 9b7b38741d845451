import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createSubject, createTest } from '../testing/factories';
import { examHwp, examHwpx, examPdf, hwpBomb, pdfBomb } from '../testing/fixtures/exam-documents';
import { examDocx, examXlsx, sampleQuestions } from '../testing/fixtures/imports';
import { officeBomb } from '../testing/fixtures/zip-bombs';
import { createMember, openTestDatabase, testDialects, TEST_PASSWORD } from '../testing/harness';
import { removeServerBundle, signInOverHttp, startServerProcess, stopServerAndClose } from '../testing/server-process';
import { importMessages as m } from './messages';

// Issue 25 item 1 on the real server process: a 4.9 MB .xlsx (and .docx) whose directory declares
// 1,000 bytes for an entry that inflates to 5 GB aborted the process (out of heap, SIGABRT). Now
// each upload is a 400 in Korean, the process lives on, and its peak memory rises by less than the
// bound docs/security.md states for a refused archive. Issue 31 adds the same 5 GB inside a .hwpx
// entry, a .hwp body stream and a PDF content stream.

const GB = 1024 * 1024 * 1024;
const hwpTemplate = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../testing/fixtures/hwp/example.hwp'));
/**
 * docs/security.md §5.5 "Zip bombs": what reading refused archives may add to the process's peak.
 * 64 MB held for the two office bombs (33 MB measured); with the .hwpx, .hwp and PDF bombs in the
 * same process 67–75 MB were measured (issue 31), so the bound is 96 MB.
 */
const REFUSED_ARCHIVE_PEAK_BYTES = 96 * 1024 * 1024;

/** The process's peak resident memory so far (Linux's VmHWM), in bytes. */
function peakResident(pid: number): number {
  const line = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line) throw new Error('no VmHWM');
  return Number(line[1]) * 1024;
}

afterAll(removeServerBundle);

describe.each(testDialects)('a zip bomb upload on %s', (dialect) => {
  it('is refused with 400 and neither ends the process nor raises its peak memory past the bound', async () => {
    const database = await openTestDatabase(dialect);
    const lead = await createMember(database.db, { role: 'lead' });
    const exam = await createTest(database.db, { subject_code: await createSubject(database.db, {}) });
    const server = await startServerProcess({
      ...process.env,
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      JWT_SECRET: 'zip-bomb-test-secret-zip-bomb-test-secret-0123',
      PASSWORD_HASH_COST: 'low',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(database.dataDir, 'no-web'),
    });
    try {
      const token = await signInOverHttp(server, lead.id, TEST_PASSWORD);
      const questions = sampleQuestions(5, 10);
      const bombs: Array<[string, Buffer]> = [
        ['bomb.xlsx', await officeBomb(await examXlsx(questions), 'xl/worksheets/sheet1.xml', 5 * GB)],
        ['bomb.docx', await officeBomb(await examDocx(questions), 'word/document.xml', 5 * GB)],
        ['bomb.hwpx', await officeBomb(await examHwpx(questions), 'Contents/section0.xml', 5 * GB)],
        ['bomb.hwp', await hwpBomb(hwpTemplate, 5 * GB)],
        ['bomb.pdf', await pdfBomb(5 * GB)],
      ];
      const upload = async (fileName: string, bytes: Buffer, dryRun: boolean) => {
        const form = new FormData();
        form.append('file', new Blob([bytes]), fileName);
        const response = await fetch(`${server.baseUrl}/v1/test/${exam}/import${dryRun ? '?dry_run=1' : ''}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        return { status: response.status, body: (await response.json()) as { message: string } };
      };
      // A sound file first, so the readers' own start-up is in the baseline.
      expect((await upload('exam.xlsx', await examXlsx(questions), true)).status).toBe(200);
      expect((await upload('exam.docx', await examDocx(questions), true)).status).toBe(200);
      expect((await upload('exam.hwpx', await examHwpx(questions), true)).status).toBe(200);
      expect((await upload('exam.hwp', await examHwp(questions, hwpTemplate), true)).status).toBe(200);
      expect((await upload('exam.pdf', examPdf(questions), true)).status).toBe(200);
      const before = peakResident(server.child.pid!);
      for (const [fileName, bytes] of bombs) {
        expect(bytes.length).toBeLessThan(6 * 1024 * 1024);
        for (const dryRun of [true, false]) {
          expect(await upload(fileName, bytes, dryRun), fileName).toEqual({ status: 400, body: expect.objectContaining({ message: m.archiveTooLarge }) });
        }
      }
      expect(server.child.exitCode).toBeNull();
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
      expect(peakResident(server.child.pid!) - before).toBeLessThan(REFUSED_ARCHIVE_PEAK_BYTES);
      expect(await database.db.selectFrom('problems').select('uid').where('test_code', '=', exam).execute()).toEqual([]);
    } finally {
      await stopServerAndClose(server, database);
    }
    // Five bombs and three sound files through a real process take more than 30 s on a busy machine.
  }, 180_000);
});
