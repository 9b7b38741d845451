import { AlignmentType, BorderStyle, HeadingLevel, Paragraph, TextRun } from 'docx';
import { EXPORT_CONTENT, EXPORT_MODES, type ExportMode } from '@qbank/shared/export';
import { boxExportMessages as b } from './box-messages';
import { DocumentBuilder, packDocument, type ExportProblem } from './docx';
import type { ExportImage } from './images';

// A box (a bookmark folder, or the solve mode's 오답 노트) as a Word file: the exam export's
// five modes and problem layout, grouped by exam with each problem's source, and the member's own
// last answer beside the key where the mode shows answers. Problems of several exams share one
// document, so they are numbered 1, 2, 3… within it (two exams' "Q01" would read as one problem,
// issue 26 item 16) and the source line names the exam's own number.

interface BoxExportProblem extends ExportProblem {
  uid: number;
  test_code: number;
  year: number;
  test_name: string;
  subject_name: string;
}

export interface BoxExportInput {
  boxName: string;
  mode: ExportMode;
  problems: readonly BoxExportProblem[];
  /** The member's last answer per problem uid (absent: never answered). */
  myAnswers: ReadonlyMap<number, string>;
  images: ReadonlyMap<string, ExportImage>;
  /** Bold and underline the questions' negation phrases (default true). */
  emphasis?: boolean;
}

export async function buildBoxExportDocx(input: BoxExportInput): Promise<Buffer> {
  const { mode } = input;
  const content = EXPORT_CONTENT[mode];
  const builder = new DocumentBuilder(input.images, { emphasis: input.emphasis ?? true });
  builder.add(
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(input.boxName)] }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { after: 240 },
      border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '999999', space: 8 } },
      children: [new TextRun({ text: `${EXPORT_MODES[mode]} · ${b.problemCount(input.problems.length)}`, color: '555555' })],
    }),
  );
  if (input.problems.length === 0) builder.add(new Paragraph(b.empty));

  let currentTest: number | null = null;
  const printedHeaders = new Set<number>();
  for (const [index, problem] of input.problems.entries()) {
    const label = String(index + 1);
    if (problem.test_code !== currentTest) {
      currentTest = problem.test_code;
      builder.add(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(b.examHeading(problem))] }));
    }
    const source = new Paragraph({ spacing: { before: 200 }, keepNext: true, children: [new TextRun({ text: b.source(problem), color: '555555', size: 18 })] });
    if (!content.questions) {
      builder.add(source);
      builder.answerEntry(problem, content.explanations, label);
      continue;
    }
    if (problem.header_code !== null && !printedHeaders.has(problem.header_code)) {
      printedHeaders.add(problem.header_code);
      builder.setHeader(problem);
    }
    builder.add(source);
    builder.question(problem, label);
    if (content.answers) {
      builder.answer(problem);
      const mine = input.myAnswers.get(problem.uid);
      builder.add(new Paragraph({ children: [new TextRun({ text: `${b.myAnswer}: `, bold: true }), new TextRun(mine?.trim() ? mine : b.notAnswered)] }));
    }
    if (content.explanations) builder.explanation(problem);
  }
  return packDocument(`${input.boxName} (${EXPORT_MODES[mode]})`, builder.content);
}
