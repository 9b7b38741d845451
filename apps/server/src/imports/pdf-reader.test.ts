import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfBomb, pdfWithStream, writePdf } from '../testing/fixtures/exam-documents';
import { importMessages as m } from './messages';
import { readPdf } from './pdf-reader';

const GB = 1024 * 1024 * 1024;
const refusedWith = (message: string) => ({ statusCode: 400, message });
/** An action that runs JavaScript, as a compressed object stream would hold it. */
const SCRIPT_ACTION = Buffer.from('<< /Type /Action /S /JavaScript /JS (app.alert(1)) >>', 'latin1');

// pdf-reader.ts inflates every Flate stream before PDF.js sees the file: a page's few kilobytes at
// once, anything larger (or cut short) as a zlib stream. Both paths look for JavaScript and count.
describe('readPdf on compressed streams', () => {
  it('reads a sound PDF', async () => {
    const lines = await readPdf(writePdf([{ texts: [{ x: 50, y: 700, size: 10, text: '1. 심근경색의 표지자는?' }] }]));
    expect(lines.map((line) => line.text)).toEqual(['1. 심근경색의 표지자는?']);
  });

  it('refuses JavaScript inside a small compressed stream', async () => {
    await expect(readPdf(pdfWithStream(deflateSync(SCRIPT_ACTION)))).rejects.toMatchObject(refusedWith(m.pdfScript));
  });

  it('refuses JavaScript behind 100 kB that do not compress (a stream inflated as a stream)', async () => {
    const data = deflateSync(Buffer.concat([randomBytes(100 * 1024), SCRIPT_ACTION]));
    expect(data.length).toBeGreaterThan(64 * 1024);
    await expect(readPdf(pdfWithStream(data))).rejects.toMatchObject(refusedWith(m.pdfScript));
  });

  it('refuses JavaScript after 2 MB of spaces in a stream of a few kilobytes', async () => {
    const data = deflateSync(Buffer.concat([Buffer.alloc(2 * 1024 * 1024, 0x20), SCRIPT_ACTION]));
    expect(data.length).toBeLessThan(64 * 1024);
    await expect(readPdf(pdfWithStream(data))).rejects.toMatchObject(refusedWith(m.pdfScript));
  });

  it('refuses JavaScript in a stream cut short', async () => {
    const whole = deflateSync(Buffer.concat([SCRIPT_ACTION, randomBytes(4096)]));
    await expect(readPdf(pdfWithStream(whole.subarray(0, whole.length - 1024)))).rejects.toMatchObject(refusedWith(m.pdfScript));
  });

  it('refuses a stream that inflates to 5 GB', async () => {
    await expect(readPdf(await pdfBomb(5 * GB))).rejects.toMatchObject(refusedWith(m.archiveTooLarge));
  });
});
