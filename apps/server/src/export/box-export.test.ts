import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';

/** The text of a .docx, one line per paragraph, read back from word/document.xml. */
async function documentText(docx: Buffer): Promise<string> {
  const xml = await (await JSZip.loadAsync(docx)).file('word/document.xml')!.async('string');
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(lt|gt|quot|apos|amp);/g, (_, n: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[n] ?? '');
}

/** Each of `parts` comes after the one before it in `within`: the text, or its lines to match whole lines. */
function expectInOrder(within: string | string[], parts: string[]): void {
  let at = -1;
  for (const part of parts) {
    const next = within.indexOf(part, at + 1);
    expect(next, part).toBeGreaterThan(at);
    at = next;
  }
}

describe.each(testDialects)('box export on %s', (dialect) => {
  let t: TestContext;
  let owner: string;
  let other: string;
  let box: number;
  const exportBox = (mode: string, cookie = owner, id = box) =>
    t.app.inject({ method: 'GET', url: `/v1/box/${id}/export?format=docx&mode=${mode}`, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    const member = await createMember(t.db);
    owner = await loginCookie(t.app, member.id);
    other = await loginCookie(t.app, (await createMember(t.db)).id);
    const subject = await createSubject(t.db, { subject_name: '순환기내과학' });
    const recent = await createTest(t.db, { subject_code: subject, test_name: '중간고사', year: 2025 });
    const older = await createTest(t.db, { subject_code: subject, test_name: '기말고사', year: 2024 });
    const p1 = await createProblem(t.db, {
      test_code: recent,
      no: 3,
      question: '<p>급성 심근경색의 첫 검사는?</p>',
      illustration: '① 심전도\n② 트로포닌',
      answer: '①',
      comments: '<p>심전도부터 찍는다.</p>',
    });
    const p2 = await createProblem(t.db, { test_code: older, no: 7, question: '<p>심방세동의 뇌졸중 위험 점수는?</p>', answer: '②' });
    const created = await t.app.inject({ method: 'POST', url: '/v1/box', headers: { cookie: owner }, payload: { box_name: '오답 노트' } });
    box = created.json().box.code;
    for (const uid of [p2, p1]) await t.app.inject({ method: 'POST', url: `/v1/box/${box}/problem/${uid}`, headers: { cookie: owner } });
    await t.db
      .insertInto('solve_attempts')
      .values([
        { member_code: member.code, problem_uid: p1, answer: '①', is_correct: 1, run_code: null, session_code: null },
        { member_code: member.code, problem_uid: p1, answer: '②', is_correct: 0, run_code: null, session_code: null },
      ])
      .execute();
  });
  afterAll(async () => t?.close());

  it('exports the box grouped by exam with sources, the key and the member’s last answer (all mode)', async () => {
    const response = await exportBox('all');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(String(response.headers['content-disposition'])).toContain(encodeURIComponent('오답_노트_문제+정답+해설'));
    const text = await documentText(response.rawPayload);
    const lines = text.split('\n');
    expect(lines[0]).toBe('오답 노트');
    // Newest exam first, each problem with its source, the key and "내 답".
    const order = [
      '2025 순환기내과학 중간고사',
      '출처: 2025 순환기내과학 중간고사 객관식 Q03',
      '1. 급성 심근경색의 첫 검사는?',
      '① 심전도',
      '정답: ①',
      '내 답: ②',
      '심전도부터 찍는다.',
      '2024 순환기내과학 기말고사',
      '출처: 2024 순환기내과학 기말고사 객관식 Q07',
      '2. 심방세동의 뇌졸중 위험 점수는?',
      '정답: ②',
      '내 답: 풀지 않음',
    ];
    expectInOrder(text, order);
  });

  it('shows no answers in q mode and only keys in a mode, and refuses other members (404) and bad modes (400)', async () => {
    const questions = await documentText((await exportBox('q')).rawPayload);
    expect(questions).toContain('급성 심근경색의 첫 검사는?');
    expect(questions).not.toContain('정답');
    expect(questions).not.toContain('내 답');
    const answers = await documentText((await exportBox('a')).rawPayload);
    expect(answers).not.toContain('급성 심근경색');
    expect(answers).toContain('1. ①');
    const foreign = await exportBox('all', other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toMatch(/[가-힣]/);
    expect((await exportBox('everything')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/v1/box/${box}/export?format=docx&mode=all` })).statusCode).toBe(401);
  });

  it('names each exam once and numbers problems of several exams within the export (issue 26 item 16)', async () => {
    const member = await createMember(t.db);
    const cookie = await loginCookie(t.app, member.id);
    const subject = await createSubject(t.db, { subject_name: '병리학' });
    const midterm = await createTest(t.db, { subject_code: subject, test_name: '2026 병리학 중간고사', year: 2026 });
    const final = await createTest(t.db, { subject_code: subject, test_name: '2026 병리학 기말고사', year: 2026 });
    const first = await createProblem(t.db, { test_code: midterm, no: 1, question: '<p>괴사의 종류는?</p>', answer: '①' });
    const second = await createProblem(t.db, { test_code: final, no: 1, question: '<p>염증의 매개체는?</p>', answer: '②' });
    const created = await t.app.inject({ method: 'POST', url: '/v1/box', headers: { cookie }, payload: { box_name: '병리 오답' } });
    const code = created.json().box.code;
    for (const uid of [first, second]) await t.app.inject({ method: 'POST', url: `/v1/box/${code}/problem/${uid}`, headers: { cookie } });

    const text = await documentText((await exportBox('all', cookie, code)).rawPayload);
    expect(text).not.toContain('2026 2026');
    expect(text).not.toContain('병리학 2026 병리학');
    expect(text).not.toContain('Q01.');
    const lines = text.split('\n');
    const expected = [
      '2026 병리학 기말고사',
      '출처: 2026 병리학 기말고사 객관식 Q01',
      '1. 염증의 매개체는?',
      '2026 병리학 중간고사',
      '출처: 2026 병리학 중간고사 객관식 Q01',
      '2. 괴사의 종류는?',
    ];
    expectInOrder(lines, expected);
    const keys = (await documentText((await exportBox('a', cookie, code)).rawPayload)).split('\n');
    expect(keys).toEqual(expect.arrayContaining(['1. ②', '2. ①']));
  });
});
