import { writeFileSync } from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@qbank/shared/roles';
import { renderDemoImages } from '../seed/demo-images';
import { createProblem, createSetHeader, createSubject, createTest } from '../testing/factories';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { attachmentDisposition, exportFileName, examTitle } from './file-name';
import { imageKey, readImageInfo, uploadFileName } from './images';

interface Docx {
  xml: string;
  /** The document's text, one line per paragraph. */
  text: string;
  media: string[];
  styles: string;
}

function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name] ?? '');
}

async function openDocx(archive: Buffer): Promise<Docx> {
  const zip = await JSZip.loadAsync(archive);
  const xml = await zip.file('word/document.xml')?.async('string');
  if (!xml) throw new Error('no word/document.xml');
  const text = decodeXml(
    xml
      .replace(/<w:br\/>/g, '\n')
      .replace(/<\/w:p>/g, '\n')
      .replace(/<[^>]+>/g, ''),
  );
  return {
    xml,
    text,
    media: zip.file(/^word\/media\//).map((entry) => entry.name),
    styles: (await zip.file('word/styles.xml')?.async('string')) ?? '',
  };
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('export helpers', () => {
  it('reads the kind and size of PNG, JPEG and GIF headers', () => {
    const png = renderDemoImages().ecgNormal;
    expect(readImageInfo(png)).toMatchObject({ type: 'png' });
    expect(readImageInfo(png)!.width).toBeGreaterThan(0);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x02, 0x58, 0x03, 0, 0, 0, 0]);
    expect(readImageInfo(jpeg)).toEqual({ type: 'jpg', width: 600, height: 300 });
    const gif = Buffer.from('GIF89a\x20\x00\x10\x00', 'latin1');
    expect(readImageInfo(gif)).toEqual({ type: 'gif', width: 32, height: 16 });
    expect(readImageInfo(Buffer.from('RIFF....WEBPVP8 ', 'latin1'))).toBeNull();
    expect(readImageInfo(Buffer.from('not an image'))).toBeNull();
  });

  it('only reads names directly under the uploads directory', () => {
    expect(uploadFileName('/uploads/abc.png')).toBe('abc.png');
    expect(uploadFileName('abc.png')).toBe('abc.png');
    expect(uploadFileName('/uploads/../secret.png')).toBeNull();
    expect(uploadFileName('/uploads/%2e%2e%2fsecret.png')).toBeNull();
    expect(uploadFileName('/uploads/a/b.png')).toBeNull();
    expect(uploadFileName('https://example.com/a.png')).toBeNull();
    expect(uploadFileName('/etc/passwd')).toBeNull();
    expect(imageKey('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('names the file in Korean with an ASCII fallback', () => {
    const name = exportFileName({ year: 2025, subject_name: '해부학', test_name: '중간 고사/1"차' }, 'qa');
    expect(name).toBe('2025_해부학_중간_고사1차_문제+정답.docx');
    expect(attachmentDisposition(name, 'exam-2025-1-qa.docx')).toBe(`attachment; filename="exam-2025-1-qa.docx"; filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(attachmentDisposition("it's (1).docx", 'x.docx')).toContain("filename*=UTF-8''it%27s%20%281%29.docx");
  });

  it('says the year and subject once when the exam name already carries them', () => {
    const exam = { year: 2026, subject_name: '순환기내과학', test_name: '2026 순환기내과학 중간고사' };
    expect(exportFileName(exam, 'q')).toBe('2026_순환기내과학_중간고사_문제만.docx');
    expect(examTitle(exam)).toBe('2026 순환기내과학 중간고사');
    expect(examTitle({ ...exam, test_name: '순환기내과학 기말고사' })).toBe('2026 순환기내과학 기말고사');
    expect(examTitle({ ...exam, test_name: '중간고사' })).toBe('2026 순환기내과학 중간고사');
  });
});

describe.each(testDialects)('GET /v1/test/:id/export on %s', (dialect) => {
  let t: TestContext;
  let exam: number;
  let emptyExam: number;
  const cookies = {} as Record<Role | 'unapproved', string>;
  const images = renderDemoImages();
  const pictures = { question: 'ecg-normal.png', inline: 'liver-panel.png', comment: 'blood-smear.png', header: 'chest-xray.png' };

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const exportOf = async (mode: string, test = exam) => {
    const response = await get(`/v1/test/${test}/export?format=docx&mode=${mode}`, cookies.student);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return { response, doc: await openDocx(response.rawPayload) };
  };

  beforeAll(async () => {
    t = await createTestContext(dialect);
    writeFileSync(path.join(t.config.uploadsDir, pictures.question), images.ecgNormal);
    writeFileSync(path.join(t.config.uploadsDir, pictures.inline), images.liverPanel);
    writeFileSync(path.join(t.config.uploadsDir, pictures.comment), images.bloodSmear);
    writeFileSync(path.join(t.config.uploadsDir, pictures.header), images.chestXray);
    for (const role of ['student', 'lead', 'admin', 'superadmin'] as const) {
      cookies[role] = await loginCookie(t.app, (await createMember(t.db, { role })).id);
    }
    cookies.unapproved = await loginCookie(t.app, (await createMember(t.db, { validated: false })).id);

    const subject = await createSubject(t.db, { subject_name: '해부학' });
    exam = await createTest(t.db, { subject_code: subject, test_name: '중간고사', year: 2025 });
    emptyExam = await createTest(t.db, { subject_code: subject, test_name: '기말고사', year: 2025 });
    const header = await createSetHeader(t.db, {
      test_code: exam,
      begin_problem_no: 1,
      end_problem_no: 2,
      header_text: '<p>45세 남자가 공통지문마커 흉통으로 왔다.</p>',
      pic_path: `/uploads/${pictures.header}`,
    });
    const first = await createProblem(t.db, {
      test_code: exam,
      no: 1,
      set_header_code: header,
      question: '<p>질문마커일 가장 <strong>굵은글씨</strong> 소견은?</p>',
      illustration: '① 보기마커가\n② 보기마커나',
      answer: '④',
      comments: '<p>해설마커일 <em>기울임</em></p>',
      question_pic_path: `/uploads/${pictures.question}`,
    });
    await t.db.updateTable('problems').set({ comment_pic_path: pictures.comment }).where('uid', '=', first).execute();
    await createProblem(t.db, {
      test_code: exam,
      no: 2,
      set_header_code: header,
      question: `<p>질문마커이 H<sub>2</sub>O와 x<sup>2</sup></p><table><tr><th>항목</th><th>값</th></tr><tr><td>나트륨</td><td>140</td></tr></table><p><img src="/uploads/${pictures.inline}" alt=""></p>`,
      illustration: '① 보기마커다\n② 보기마커라',
      answer: '⑤',
      comments: '',
    });
    // Listed after every multiple-choice problem although its number is 1 (viewer order).
    await createProblem(t.db, {
      test_code: exam,
      no: 1,
      type: 2,
      choice_type: null,
      question: '질문마커삼 서술하시오.\n둘째 줄',
      answer: '정답마커삼',
      comments: '해설마커삼 첫 줄\n해설마커삼 둘째 줄',
    });
    await createProblem(t.db, { test_code: exam, no: 3, is_vacant: 1, question: '<p>빈문제마커</p>', answer: '빈정답마커' });
    // Pictures that are gone or point outside the uploads directory are left out, never a 500.
    await createProblem(t.db, {
      test_code: exam,
      no: 4,
      question: '<p>질문마커사 <img src="/uploads/gone.png"></p>',
      answer: '①',
      question_pic_path: '/uploads/missing.png',
    });
    await createProblem(t.db, { test_code: exam, no: 5, question: '<p>질문마커오</p>', answer: '②', question_pic_path: '/uploads/../../etc/passwd' });
  });
  afterAll(async () => t?.close());

  it('answers a .docx with the Korean file name, never cached', async () => {
    const { response } = await exportOf('qa');
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(response.headers['cache-control']).toBe('no-store');
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+\.docx"; filename\*=UTF-8''/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe('2025_해부학_중간고사_문제+정답.docx');
    expect(response.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('q: title, set header once, questions, choices and pictures; no answers or explanations', async () => {
    const { doc } = await exportOf('q');
    expect(doc.text).toContain('2025 해부학 중간고사');
    expect(doc.text).not.toContain('2025 해부학 2025');
    expect(doc.text).toContain('문제만 · 5문항');
    expect(count(doc.text, '공통지문마커')).toBe(1);
    expect(doc.text).toContain('[1~2번] 공통 지문');
    for (const marker of ['질문마커일', '질문마커이', '질문마커삼', '질문마커사', '질문마커오', '보기마커가', '보기마커나', '보기마커다', '보기마커라']) {
      expect(doc.text).toContain(marker);
    }
    expect(doc.text).toContain('Q01.');
    for (const absent of ['④', '⑤', '정답마커삼', '정답:', '해설마커일', '해설마커삼', '해설:', '빈문제마커', '빈정답마커']) {
      expect(doc.text).not.toContain(absent);
    }
    // Viewer order: multiple choice 1, 2, 4, 5, then the subjective problem 1, under type headings.
    const order = ['질문마커일', '질문마커이', '질문마커사', '질문마커오', '주관식', '질문마커삼'].map((m) => doc.text.indexOf(m));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(doc.text.indexOf('공통지문마커')).toBeLessThan(doc.text.indexOf('질문마커일'));
    // Choices one per line; plain text keeps its line breaks.
    expect(doc.text).toMatch(/① 보기마커가\n② 보기마커나/);
    expect(doc.text).toMatch(/질문마커삼 서술하시오\.\n둘째 줄/);
    // Markup becomes formatting, never raw tags.
    expect(doc.text).not.toMatch(/<\/?(p|strong|sub|sup|table|img)\b/);
    expect(doc.xml).toMatch(/<w:b\/>(<w:bCs\/>)?<\/w:rPr><w:t[^>]*>굵은글씨/);
    expect(doc.xml).toContain('<w:vertAlign w:val="subscript"/>');
    expect(doc.xml).toContain('<w:vertAlign w:val="superscript"/>');
    expect(doc.xml).toContain('<w:tbl>');
    expect(doc.text).toContain('나트륨');
    // The question picture, the inline <img> and the header picture; nothing for the missing ones.
    expect(doc.media).toHaveLength(3);
    expect(count(doc.xml, '<w:drawing>')).toBe(3);
  });

  it('keeps the picture in proportion and at most about 15 cm wide', async () => {
    const { doc } = await exportOf('q');
    const info = readImageInfo(images.ecgNormal)!;
    const extents = [...doc.xml.matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"\/>/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    for (const [cx] of extents) expect(cx).toBeLessThanOrEqual(15.1 * 360000);
    expect(extents.some(([cx, cy]) => Math.abs(cx / cy - info.width / info.height) < 0.01)).toBe(true);
  });

  it('sets a Korean font for East Asian text in the document styles', async () => {
    const { doc } = await exportOf('q');
    expect(doc.styles).toMatch(/<w:rPrDefault><w:rPr><w:rFonts [^>]*w:ascii="Malgun Gothic"/);
    expect(doc.styles).toMatch(/w:eastAsia="맑은 고딕"/);
    expect(doc.styles).toMatch(/<w:lang [^>]*w:eastAsia="ko-KR"/);
  });

  it('qa adds the answers, not the explanations', async () => {
    const { doc } = await exportOf('qa');
    for (const marker of ['질문마커일', '보기마커가', '정답: ④', '정답: ⑤', '정답: 정답마커삼']) expect(doc.text).toContain(marker);
    for (const absent of ['해설마커일', '해설마커삼', '빈정답마커']) expect(doc.text).not.toContain(absent);
    expect(count(doc.text, '공통지문마커')).toBe(1);
    expect(doc.media).toHaveLength(3);
  });

  it('all adds the explanations with their pictures', async () => {
    const { doc } = await exportOf('all');
    for (const marker of ['질문마커일', '보기마커가', '정답: ④', '해설: 해설마커일', '기울임', '해설마커삼 첫 줄\n해설마커삼 둘째 줄']) {
      expect(doc.text).toContain(marker);
    }
    expect(doc.xml).toMatch(/<w:i\/>(<w:iCs\/>)?<\/w:rPr><w:t[^>]*>기울임/);
    expect(doc.text.indexOf('정답: ④')).toBeLessThan(doc.text.indexOf('해설마커일'));
    expect(doc.text).not.toContain('빈문제마커');
    expect(count(doc.text, '공통지문마커')).toBe(1);
    expect(doc.media).toHaveLength(4);
  });

  it('a is a compact answer list without questions', async () => {
    const { doc } = await exportOf('a');
    expect(doc.text).toContain('정답만 · 5문항');
    // The viewer's labels: Q numbers under a heading per type with its count (issue 12 item 4).
    for (const line of ['객관식 · 4문항', 'Q01. ④', 'Q02. ⑤', 'Q04. ①', 'Q05. ②', '주관식 · 1문항', 'Q01. 정답마커삼']) expect(doc.text).toContain(`${line}\n`);
    expect(doc.text.indexOf('Q02. ⑤')).toBeLessThan(doc.text.indexOf('주관식 · 1문항'));
    expect(doc.text.indexOf('주관식 · 1문항')).toBeLessThan(doc.text.indexOf('Q01. 정답마커삼'));
    for (const absent of ['질문마커', '보기마커', '공통지문마커', '해설마커', '빈정답마커']) expect(doc.text).not.toContain(absent);
    expect(doc.media).toHaveLength(0);
  });

  it('ac has answers and explanations without questions', async () => {
    const { doc } = await exportOf('ac');
    for (const marker of ['Q01. ④', '해설: 해설마커일', 'Q01. 정답마커삼', '해설마커삼 둘째 줄']) expect(doc.text).toContain(marker);
    for (const absent of ['질문마커', '보기마커', '공통지문마커', '빈정답마커']) expect(doc.text).not.toContain(absent);
    // Only the explanation's picture.
    expect(doc.media).toHaveLength(1);
  });

  it('exports an exam without problems as a document that says so', async () => {
    const { doc } = await exportOf('all', emptyExam);
    expect(doc.text).toContain('2025 해부학 기말고사');
    expect(doc.text).toContain('등록된 문제가 없습니다.');
  });

  it('needs an approved member', async () => {
    const url = `/v1/test/${exam}/export?format=docx&mode=q`;
    const anonymous = await get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    const unapproved = await get(url, cookies.unapproved);
    expect(unapproved.statusCode).toBe(403);
    expect(unapproved.json()).toMatchObject({ code: 'NOT_APPROVED', message: '관리자 승인 후 이용할 수 있습니다.' });
    for (const role of ['student', 'lead', 'admin', 'superadmin'] as const) {
      const response = await get(url, cookies[role]);
      expect(response.statusCode, role).toBe(200);
    }
  });

  it('answers 404 for an unknown exam and 400 in Korean for a bad query', async () => {
    const missing = await get('/v1/test/999999/export?format=docx&mode=q', cookies.student);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: '시험 정보를 찾을 수 없습니다.' });
    for (const query of ['format=pdf&mode=q', 'format=docx&mode=x', 'format=docx', 'mode=q', 'format=docx&mode=q&extra=1']) {
      const response = await get(`/v1/test/${exam}/export?${query}`, cookies.student);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
      expect(response.json().message, query).toMatch(/[\uac00-\ud7a3]/);
    }
    expect((await get(`/v1/test/abc/export?format=docx&mode=q`, cookies.student)).statusCode).toBe(400);
  });
});
