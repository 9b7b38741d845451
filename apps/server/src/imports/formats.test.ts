import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { IMPORT_PASTE_FILE_NAME, IMPORT_PDF_PAGES_MAX } from '@qbank/shared/imports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubject, createTest } from '../testing/factories';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { examHwp, examHwpx, examPdf, examQuestions, lockedPdf, writePdf } from '../testing/fixtures/exam-documents';
import { examDocx, sampleQuestions } from '../testing/fixtures/imports';
import { importMessages as m } from './messages';

// Issue 31: .hwpx, .hwp, .pdf and pasted text through the same parser and preview as .docx.

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../testing/fixtures/hwp');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const circled = (answer: number[]) => answer.map((a) => '①②③④⑤'[a - 1]).join(',');

function multipart(fileName: string, bytes: Buffer) {
  const boundary = '----qbankFormatsBoundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

interface PreviewProblem {
  no: number;
  question: string;
  illustration: string;
  answer: string;
  images: string[];
  slot: string;
  warnings: string[];
  errors: string[];
  source_type: string;
}

describe.each(testDialects)('importing 한글, PDF and pasted text on %s', (dialect) => {
  let t: TestContext;
  let lead: string;
  let subject: number;
  const questions = examQuestions(sampleQuestions(200), 30);
  const upload = (testCode: number, fileName: string, bytes: Buffer, dryRun = true) => {
    const body = multipart(fileName, bytes);
    return t.app.inject({
      method: 'POST',
      url: `/v1/test/${testCode}/import${dryRun ? '?dry_run=1' : ''}`,
      headers: { cookie: lead, ...body.headers },
      payload: body.payload,
    });
  };
  const problemsOf = (testCode: number) => t.db.selectFrom('problems').selectAll().where('test_code', '=', testCode).orderBy('no').execute();
  const newExam = () => createTest(t.db, { subject_code: subject });
  const expectRefused = async (fileName: string, bytes: Buffer, message: string) => {
    const exam = await newExam();
    for (const dryRun of [true, false]) {
      const response = await upload(exam, fileName, bytes, dryRun);
      expect({ status: response.statusCode, message: response.json().message }, fileName).toEqual({ status: 400, message });
    }
    expect(await problemsOf(exam)).toEqual([]);
  };

  beforeAll(async () => {
    t = await createTestContext(dialect);
    lead = await loginCookie(t.app, (await createMember(t.db, { role: 'lead' })).id);
    subject = await createSubject(t.db, { subject_name: '순환기내과학' });
  });
  afterAll(async () => t?.close());

  it('reads a .hwpx: paragraphs, the answer table as rows, the picture on its problem, no page header', async () => {
    const exam = await newExam();
    const response = await upload(exam, '2025 중간고사.hwpx', await examHwpx(questions));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.format).toBe('hwpx');
    const problems = body.problems as PreviewProblem[];
    expect(problems.map((p) => p.no)).toEqual(questions.map((_, i) => i + 1));
    expect(problems.map((p) => p.answer)).toEqual(questions.map((q) => circled(q.answer)));
    expect(problems.map((p) => p.illustration.split('\n').length)).toEqual(questions.map((q) => q.choices.length));
    expect(problems.map((p) => p.images.length)).toEqual(problems.map((p) => (p.no === 2 ? 1 : 0)));
    expect(problems[1]!.images[0]).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(problems.some((p) => p.question.includes('대외비'))).toBe(false);
    expect(await problemsOf(exam)).toEqual([]);
  });

  it('imports a corrected .hwpx preview, then recognises the same file again and skips it', async () => {
    const exam = await newExam();
    const file = await examHwpx(questions.slice(0, 5));
    const preview = (await upload(exam, 'exam.hwpx', file)).json();
    const rows = (preview.problems as PreviewProblem[]).map(({ slot: _s, warnings: _w, errors: _e, source_type: _t, ...p }) =>
      p.no === 3 ? { ...p, question: '고친 문제 3', answer: '①' } : p,
    );
    const imported = await t.app.inject({
      method: 'POST',
      url: `/v1/test/${exam}/import`,
      headers: { cookie: lead },
      payload: { problems: rows, set_headers: [] },
    });
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toMatchObject({ created: 5, filled: 0, skipped: 0 });
    const stored = await problemsOf(exam);
    expect(stored.find((p) => p.no === 3)).toMatchObject({ question: '<p>고친 문제 3</p>', answer: '①' });
    expect(stored.find((p) => p.no === 2)!.question).toMatch(/<img src="\/uploads\/[0-9a-f]+\.png"/);

    // The same file again: the four untouched problems are the same, the corrected one is not.
    const again = (await upload(exam, 'exam.hwpx', file)).json();
    expect((again.problems as PreviewProblem[]).map((p) => `${p.no}:${p.slot}`)).toEqual(['1:same', '2:same', '3:taken', '4:same', '5:same']);
    expect(again.problems[0].warnings).toContain(m.sameContent);
    const sameRows = rows.filter((p) => p.no !== 3);
    const second = await t.app.inject({
      method: 'POST',
      url: `/v1/test/${exam}/import`,
      headers: { cookie: lead },
      payload: { problems: sameRows, set_headers: [] },
    });
    expect(second.json()).toMatchObject({ created: 0, filled: 0, skipped: 4 });
    expect((await problemsOf(exam)).map((p) => p.uid)).toEqual(stored.map((p) => p.uid));
  });

  it('reads a .hwp built on a real 한글 file, and the real fixtures: pictures, tables', async () => {
    const exam = await newExam();
    const response = await upload(exam, '족보.hwp', await examHwp(questions, fixture('example.hwp')));
    expect(response.statusCode).toBe(200);
    const problems = response.json().problems as PreviewProblem[];
    expect(response.json().format).toBe('hwp');
    expect(problems.map((p) => p.answer)).toEqual(questions.map((q) => circled(q.answer)));
    expect(problems.map((p) => p.illustration.split('\n').length)).toEqual(questions.map((q) => q.choices.length));

    // Real files: the pictures of sample-5017-pics.hwp, and chart.hwp's table read as rows.
    const { readHwp } = await import('./hwp-reader');
    const pictures = await readHwp(fixture('sample-5017-pics.hwp'));
    expect(pictures.filter((line) => line.images.length > 0).length).toBeGreaterThanOrEqual(5);
    expect(pictures.flatMap((line) => line.images).every((src) => src.startsWith('data:image/jpeg;base64,/9j/'))).toBe(true);
    const chart = await readHwp(fixture('chart.hwp'));
    expect(chart.map((line) => line.text)).toContain('2015년 11.2 24.7 16.3 15.3');
  });

  it('reads a two-column PDF column by column, drops its running title and page numbers, keeps its picture', async () => {
    const exam = await newExam();
    const file = examPdf(questions);
    const response = await upload(exam, '족보.pdf', file);
    expect(response.statusCode).toBe(200);
    const problems = response.json().problems as PreviewProblem[];
    expect(response.json().format).toBe('pdf');
    expect(problems.map((p) => p.no)).toEqual(questions.map((_, i) => i + 1));
    expect(problems.map((p) => p.answer)).toEqual(questions.map((q) => circled(q.answer)));
    expect(problems.map((p) => p.illustration.split('\n').length)).toEqual(questions.map((q) => q.choices.length));
    // Read column by column, each problem's stem is its own text in order (wrapped lines joined).
    expect(problems.map((p) => p.question.replace(/\s+/g, ''))).toEqual(questions.map((q) => q.question.replace(/\s+/g, '')));
    expect(problems.map((p) => p.images.length)).toEqual(problems.map((p) => (p.no === 2 ? 1 : 0)));
    expect(problems[1]!.images[0]).toMatch(/^data:image\/png;base64,iVBOR/);
  });

  it('takes pasted text through the same preview', async () => {
    const exam = await newExam();
    const text =
      '1. 심근경색의 표지자는?\r\n① 트로포닌  ② 알부민  ③ 빌리루빈  ④ 크레아티닌\r\n정답: ①\r\n해설: 트로포닌이 특이적이다.\n\n2. 다음 중 옳은 것은?\n(1) 가\n(2) 나\n(3) 다\n(4) 라\n(5) 마\n답 ③';
    const response = await upload(exam, IMPORT_PASTE_FILE_NAME, Buffer.from(text));
    expect(response.statusCode).toBe(200);
    expect(response.json().format).toBe('text');
    expect((response.json().problems as PreviewProblem[]).map((p) => [p.no, p.answer, p.illustration.split('\n').length])).toEqual([
      [1, '①', 4],
      [2, '③', 5],
    ]);
    await expectRefused(IMPORT_PASTE_FILE_NAME, Buffer.from(' \n\t\n'), m.pasteEmpty);
  });

  // Three tests, not one, the endless PDF with a cap of its own: together they took 18-30 s on CI's
  // slow hours (the server reading a 10,000-page file before it refuses it), at the 30 s cap.
  it('refuses locked, distributed, scanned and scripted files with a Korean 400, writing nothing', async () => {
    await expectRefused('locked.hwp', fixture('password-12345.hwp'), m.documentEncrypted);
    await expectRefused('locked.hwpx', fixture('password-12345.hwpx'), m.documentEncrypted);
    await expectRefused('배포용.hwp', fixture('distribution.hwp'), m.distributionDocument);
    await expectRefused('locked.pdf', lockedPdf(), m.pdfEncrypted);
    await expectRefused(
      'scanned.pdf',
      writePdf([
        { texts: [], picture: { x: 50, y: 400 } },
        { texts: [], picture: { x: 50, y: 400 } },
      ]),
      m.pdfNoText,
    );
    await expectRefused('script.pdf', writePdf([{ texts: [{ x: 50, y: 700, size: 10, text: '1. 문제' }] }], { openActionScript: 'app.alert(1)' }), m.pdfScript);
  });

  it('refuses an endless PDF with a Korean 400, writing nothing', async () => {
    const endless = writePdf(Array.from({ length: 10_000 }, () => ({ texts: [] })));
    await expectRefused('10000쪽.pdf', endless, m.pdfTooManyPages(10_000));
    expect(IMPORT_PDF_PAGES_MAX).toBeLessThan(10_000);
  }, 90_000);

  it('refuses disguised and corrupt files with a Korean 400, writing nothing', async () => {
    await expectRefused('exam.hwpx', examPdf(questions.slice(0, 2)), m.notHwpx);
    await expectRefused('exam.hwpx', await examDocx(sampleQuestions(5)), m.notHwpx);
    await expectRefused('exam.hwp', await examHwpx(questions.slice(0, 2)), m.notHwp);
    await expectRefused('exam.pdf', fixture('example.hwp'), m.notPdf);
    await expectRefused('exam.hwp', fixture('example.hwp').subarray(0, 4096), m.notHwp);
    await expectRefused('exam.pdf', Buffer.from('%PDF-1.7\n garbage'), m.notPdf);
  });

  it('refuses a .hwpx whose XML declares entities (an XML bomb) before expanding anything', async () => {
    const zip = await JSZip.loadAsync(await examHwpx(questions.slice(0, 2)));
    const lol =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>';
    const section = (await zip.file('Contents/section0.xml')!.async('string')).replace(/^<\?xml[^>]*\?>/, lol).replace('<hp:t>1.', '<hp:t>&lol3; 1.');
    zip.file('Contents/section0.xml', section);
    await expectRefused('bomb.hwpx', await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }), m.brokenDocument);
  });
});
