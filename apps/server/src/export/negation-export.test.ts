import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';

/** The runs of word/document.xml: each run's text and whether it is bold and underlined. */
async function runsOf(docx: Buffer): Promise<{ text: string; bold: boolean; underline: boolean }[]> {
  const xml = await (await JSZip.loadAsync(docx)).file('word/document.xml')!.async('string');
  return [...xml.matchAll(/<w:r>(.*?)<\/w:r>/gs)].map(([, run = '']) => {
    const props = /<w:rPr>(.*?)<\/w:rPr>/s.exec(run)?.[1] ?? '';
    return {
      text: [...run.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((match) => match[1]).join(''),
      bold: /<w:b\/>|<w:b w:val="(true|1|on)"\/>/.test(props),
      underline: /<w:u w:val="single"\/>/.test(props),
    };
  });
}

const emphasized = (runs: Awaited<ReturnType<typeof runsOf>>) => runs.filter((run) => run.bold && run.underline).map((run) => run.text);

describe.each(testDialects)('negation emphasis in the .docx export on %s', (dialect) => {
  let t: TestContext;
  let cookie: string;
  let exam: number;
  let box: number;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    cookie = await loginCookie(t.app, (await createMember(t.db)).id);
    const subject = await createSubject(t.db, { subject_name: '병리학' });
    exam = await createTest(t.db, { subject_code: subject, test_name: '중간고사', year: 2025 });
    const html = await createProblem(t.db, {
      test_code: exam,
      no: 1,
      question: '<p>간경변의 소견으로 <em>옳지 않은</em> 것은? 원인인지 아닌지는 묻지 않는다.</p>',
      illustration: '① 복수\n② 거미혈관종',
      answer: '②',
      comments: '<p>옳지 않은 보기는 해설에서 강조하지 않는다.</p>',
    });
    await createProblem(t.db, { test_code: exam, no: 2, question: '다음 중 원인이 아닌 것은?\n둘째 줄 a < b & c', answer: '①' });
    // A phrase split by inline markup is one phrase, as in the web app.
    await createProblem(t.db, { test_code: exam, no: 3, question: '<p>다음 중 옳지 <strong>않</strong>은 것은?</p>', answer: '①' });
    const created = await t.app.inject({ method: 'POST', url: '/v1/box', headers: { cookie }, payload: { box_name: '강조 상자' } });
    box = created.json().box.code;
    await t.app.inject({ method: 'POST', url: `/v1/box/${box}/problem/${html}`, headers: { cookie } });
  });
  afterAll(async () => t?.close());

  it('bolds and underlines the questions’ phrases by default, and only those', async () => {
    const response = await get(`/v1/test/${exam}/export?format=docx&mode=all`);
    expect(response.statusCode).toBe(200);
    const runs = await runsOf(response.rawPayload);
    expect(emphasized(runs)).toEqual(['옳지 않은', '아닌', '옳지 않은']);
    // The rest of the text is kept around them, the italics of the stored markup too.
    expect(runs.find((run) => run.text === '옳지 않은')).toBeDefined();
    const text = runs.map((run) => run.text).join('');
    expect(text).toContain('간경변의 소견으로 옳지 않은 것은? 원인인지 아닌지는 묻지 않는다.');
    expect(text).toContain('다음 중 원인이 아닌 것은?');
    expect(text).toContain('a &lt; b &amp; c');
    // The explanation is not a question stem: its 옳지 않은 is plain.
    expect(text).toContain('옳지 않은 보기는 해설에서');
  });

  it('emphasis=0 leaves every run as stored', async () => {
    const response = await get(`/v1/test/${exam}/export?format=docx&mode=q&emphasis=0`);
    expect(response.statusCode).toBe(200);
    const runs = await runsOf(response.rawPayload);
    expect(runs.filter((run) => run.underline)).toEqual([]);
    expect(runs.map((run) => run.text).join('')).toContain('옳지 않은 것은?');
  });

  it('applies to the box export too', async () => {
    const on = await runsOf((await get(`/v1/box/${box}/export?format=docx&mode=q&emphasis=1`)).rawPayload);
    expect(emphasized(on)).toEqual(['옳지 않은']);
    const off = await runsOf((await get(`/v1/box/${box}/export?format=docx&mode=q&emphasis=0`)).rawPayload);
    expect(emphasized(off)).toEqual([]);
  });

  it('answers 400 in Korean for another emphasis value', async () => {
    const response = await get(`/v1/test/${exam}/export?format=docx&mode=q&emphasis=yes`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('부정 표현 강조');
  });
});
