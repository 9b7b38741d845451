import { describe, expect, it } from 'vitest';
import { htmlToLines } from './docx-reader';
import { parseExamLines } from './exam-text-parser';

const lines = (...texts: string[]) => texts.map((text) => ({ text, images: [] }));

describe('exam text parser', () => {
  it('reads "Q1" problems with "1)" options, an answer table in a paragraph, and an essay', () => {
    const exam = parseExamLines(lines('기말고사', 'Q1. 가장 흔한 원인은?', '1) 가', '2) 나', '3) 다', '4) 라', 'Q2 다음을 서술하시오.', '정답', '1 ②'));
    expect(exam.problems.map((p) => [p.no, p.type, p.choice_type, p.answer])).toEqual([
      [1, 1, 4, '②'],
      [2, 2, null, ''],
    ]);
    expect(exam.problems[0]!.illustration).toBe('① 가\n② 나\n③ 다\n④ 라');
    expect(exam.problems[1]!.warnings).toContain('정답을 찾지 못했습니다.');
  });

  it('warns on an odd option count, a missing answer, and a file without numbered problems', () => {
    const exam = parseExamLines(lines('1. 질문', '① 가', '② 나', '③ 다'));
    expect(exam.problems[0]!.warnings).toEqual(['보기가 3개입니다. 객관식은 보통 4개나 5개입니다.', '정답을 찾지 못했습니다.']);
    expect(parseExamLines(lines('그냥 글입니다.', '번호가 없습니다.')).warnings).toEqual([expect.stringContaining('문제를 찾지 못했습니다')]);
  });

  it('turns mammoth HTML into lines: table rows on one line, pictures kept, entities decoded', () => {
    const html = '<p>1. A &amp; B &lt;?</p><p><img src="data:image/png;base64,AAA" /></p><table><tr><td><p>1</p></td><td><p>③</p></td></tr></table>';
    expect(htmlToLines(html)).toEqual([
      { text: '1. A & B <?', images: [] },
      { text: '', images: ['data:image/png;base64,AAA'] },
      { text: '1   ③', images: [] },
    ]);
  });
});
