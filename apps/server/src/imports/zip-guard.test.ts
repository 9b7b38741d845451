import { crc32 } from 'node:zlib';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { examDocx, examXlsx, sampleQuestions } from '../testing/fixtures/imports';
import { buildZip, deflatedEntry, entriesOf, officeBomb, zerosDeflated, type RawEntry } from '../testing/fixtures/zip-bombs';
import { importMessages as m } from './messages';
import { checkZipArchive, ZIP_MAX_ENTRIES, ZIP_MAX_TOTAL_BYTES } from './zip-guard';

const GB = 1024 * 1024 * 1024;
const refusedWith = (message: string) => ({ statusCode: 400, message });

describe('checkZipArchive', () => {
  const questions = sampleQuestions(5, 10);

  it('passes real office files, counting what their entries inflate to', async () => {
    for (const office of [await examDocx(questions), await examXlsx(questions, { picture: true })]) {
      const archive = await checkZipArchive(office);
      const zip = await JSZip.loadAsync(office);
      const files = Object.values(zip.files).filter((file) => !file.dir);
      expect(archive.names.filter((name) => !name.endsWith('/')).sort()).toEqual(files.map((file) => file.name).sort());
      const sizes = await Promise.all(files.map(async (file) => (await file.async('nodebuffer')).length));
      expect(archive.inflatedBytes).toBe(sizes.reduce((a, b) => a + b, 0));
    }
  });

  // Issue 25: a 4.9 MB .xlsx whose directory declares 1,000 bytes for an entry of 5 GB took the
  // process down. Inflating stops past the declared size, so the check costs kilobytes.
  it('refuses a 5 GB bomb under a small declared size in a .xlsx and a .docx', async () => {
    const xlsx = await officeBomb(await examXlsx(questions), 'xl/worksheets/sheet1.xml', 5 * GB);
    const docx = await officeBomb(await examDocx(questions), 'word/document.xml', 5 * GB);
    expect(xlsx.length).toBeLessThan(6 * 1024 * 1024);
    for (const bomb of [xlsx, docx]) await expect(checkZipArchive(bomb)).rejects.toMatchObject(refusedWith(m.archiveTooLarge));
  });

  it('refuses archives over the caps by their declared sizes, before inflating', async () => {
    const zeros = (name: string, size: number): RawEntry => ({
      name,
      data: zerosDeflated(size),
      method: 8,
      declaredSize: size,
      crc: crc32(Buffer.alloc(size)),
    });
    const oneTooLarge = buildZip([zeros('word/document.xml', 60 * 1024 * 1024)]);
    const togetherTooLarge = buildZip([zeros('a.xml', 40 * 1024 * 1024), zeros('b.xml', ZIP_MAX_TOTAL_BYTES - 40 * 1024 * 1024 + 1)]);
    const declaredHuge = buildZip([{ ...deflatedEntry('word/document.xml', Buffer.from('<w/>')), declaredSize: 3 * GB }]);
    const tooMany = buildZip(Array.from({ length: ZIP_MAX_ENTRIES + 1 }, (_, i) => deflatedEntry(`f${i}.xml`, Buffer.from('x'))));
    for (const archive of [oneTooLarge, togetherTooLarge, declaredHuge, tooMany]) {
      await expect(checkZipArchive(archive)).rejects.toMatchObject(refusedWith(m.archiveTooLarge));
    }
  });

  it('refuses an entry that inflates to less than it declares, and broken deflate data', async () => {
    const honest = deflatedEntry('word/document.xml', Buffer.from('<w:document/>'.repeat(100)));
    await expect(checkZipArchive(buildZip([{ ...honest, declaredSize: honest.declaredSize + 1 }]))).rejects.toMatchObject(refusedWith(m.notOffice));
    const cut = { ...honest, data: honest.data.subarray(0, 5) };
    await expect(checkZipArchive(buildZip([cut]))).rejects.toMatchObject({ statusCode: 400 });
  });

  // The caps bind the readers only if they read the same entries from the same bytes as the guard
  // (JSZip under exceljs and mammoth): each archive below is one JSZip would read differently.
  it('refuses archives a reader could read differently from the guard', async () => {
    const entries = await entriesOf(await examDocx(questions));
    const bomb: RawEntry = { name: 'word/media/hidden.png', data: zerosDeflated(GB), method: 8, declaredSize: 1_000, crc: 0 };
    const cases: Array<[string, Buffer]> = [
      ['an entry beyond the declared count', buildZip([...entries, bomb], { declaredCount: entries.length })],
      ['bytes before the archive', buildZip(entries, { prefix: Buffer.from('MZ stub') })],
      ['encrypted entries', buildZip(entries, { flags: 1 })],
      ['an unknown method', buildZip([{ ...entries[0]!, method: 12 as 8 }, ...entries.slice(1)])],
      ['a stored entry longer than declared', buildZip([{ name: 'a.xml', data: Buffer.alloc(100), method: 0, declaredSize: 10, crc: 0 }])],
    ];
    for (const [name, archive] of cases) {
      await expect(checkZipArchive(archive), name).rejects.toMatchObject({ statusCode: 400 });
    }
    // ZIP64 markers in the end record.
    const zip64 = buildZip(entries);
    zip64.writeUInt32LE(0xffffffff, zip64.length - 22 + 16);
    await expect(checkZipArchive(zip64)).rejects.toMatchObject(refusedWith(m.archiveTooLarge));
  });
});
