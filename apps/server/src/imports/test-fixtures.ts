import { AlignmentType, Document, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import { CIRCLED_DIGITS } from '@qbank/shared/answers';
import { loadKorMedQuestions, SAMPLE_QUESTIONS_FILE, type KorMedQuestion } from '../seed/large/problem-text';

// Real-looking Korean exam files for the import tests, built from the KorMedMCQA sample the large
// seed uses: a Word exam paper as a lead receives it, and a filled-in spreadsheet template.

export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export function sampleQuestions(count: number, offset = 0): KorMedQuestion[] {
  return loadKorMedQuestions(SAMPLE_QUESTIONS_FILE).slice(offset, offset + count);
}

const line = (text: string) => new Paragraph({ children: [new TextRun(text)] });

/**
 * An exam paper: a title, problem 1 with "정답: ③" and a 해설, problem 2 with a picture and
 * "답 ⑤", a shared passage "[3~4]" over problems 3 and 4 (options "(1)"… and "1)"…), problem 5
 * "문 5." with its options on one line, and an answer table at the end for 3–5.
 */
export async function examDocx(questions: KorMedQuestion[]): Promise<Buffer> {
  const [q1, q2, q3, q4, q5] = questions as [KorMedQuestion, KorMedQuestion, KorMedQuestion, KorMedQuestion, KorMedQuestion];
  const circled = (q: KorMedQuestion) => q.choices.map((c, i) => line(`${CIRCLED_DIGITS[i]} ${c}`));
  const key = (q: KorMedQuestion) => q.answer.map((a) => CIRCLED_DIGITS[a - 1]).join(',');
  const cell = (text: string) => new TableCell({ children: [line(text)] });
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: '2025학년도 2학기 순환기내과학 중간고사', bold: true })] }),
          line(`1. ${q1.question}`),
          ...circled(q1),
          line(`정답: ${key(q1)}`),
          line('해설: 문제의 핵심 소견을 다시 확인한다.'),
          line('두 번째 해설 문단.'),
          line(`2) 잘못 붙은 번호 형식의 줄은 본문으로 읽는다`),
          line(`2. ${q2.question}`),
          new Paragraph({ children: [new ImageRun({ type: 'png', data: PNG_1X1, transformation: { width: 40, height: 40 } })] }),
          ...circled(q2),
          line(`답 ${key(q2)}`),
          line('[3~4] 다음 증례를 읽고 물음에 답하시오.'),
          line('58세 남자가 흉통으로 응급실에 왔다.'),
          line(`3. ${q3.question}`),
          ...q3.choices.map((c, i) => line(`(${i + 1}) ${c}`)),
          line(`4. ${q4.question}`),
          ...q4.choices.map((c, i) => line(`${i + 1}) ${c}`)),
          line(`문 5. ${q5.question}`),
          line(q5.choices.map((c, i) => `${CIRCLED_DIGITS[i]} ${c}`).join(' ')),
          line('정답'),
          new Table({
            rows: [
              new TableRow({ children: [cell('번호'), cell('정답'), cell('번호'), cell('정답')] }),
              new TableRow({ children: [cell('3'), cell(key(q3)), cell('4'), cell(key(q4))] }),
            ],
          }),
          line(`5 ${key(q5)} 6 ①`),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** The spreadsheet template filled in: one row a problem, options one per line. */
export async function examXlsx(questions: KorMedQuestion[], options: { picture?: boolean } = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('문제');
  sheet.addRow(['번호', '유형', '문제', '보기', '정답', '해설']);
  questions.forEach((q, i) => {
    sheet.addRow([i + 1, '객관식', q.question, q.choices.map((c, k) => `${CIRCLED_DIGITS[k]} ${c}`).join('\n'), String(q.answer[0]), '']);
  });
  sheet.addRow([questions.length + 1, '주관식', '심근경색의 혈청 표지자를 쓰시오.', '', '트로포닌', '']);
  if (options.picture) {
    const imageId = workbook.addImage({ buffer: PNG_1X1 as unknown as ExcelJS.Buffer, extension: 'png' });
    sheet.addImage(imageId, { tl: { col: 6, row: 1 }, ext: { width: 20, height: 20 } });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
