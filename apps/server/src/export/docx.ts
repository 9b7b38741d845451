import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  ShadingType,
  TextRun,
  type FileChild,
  type IFontAttributesProperties,
  type ParagraphChild,
} from 'docx';
import { htmlToContent, htmlToRuns, type HtmlOptions } from 'docx/html';
import { EXPORT_CONTENT, EXPORT_MODES, type ExportMode } from '@qbank/shared/export';
import { PROBLEM_TYPE_ORDER } from '@qbank/shared/problems';
import { problemNumberLabel, problemSectionLabel } from '@qbank/shared/problem-labels';
import { emphasizeNegationsInHtml } from '../rich-text/html';
import { messages } from '../messages';
import { examTitle } from './file-name';
import { imageKey, type ExportImage } from './images';

// The Word export as a pure function: the exam, its problems and their pictures in, the bytes
// of a .docx out. Nothing here reads files or the database.

const t = messages.exportDocument;

interface ExportTest {
  year: number;
  subject_name: string;
  test_name: string;
}

export interface ExportProblem {
  no: number;
  type: number;
  /** Sanitized HTML (or plain text with line breaks). */
  question: string;
  /** The choices, one per line. */
  illustration: string;
  answer: string;
  /** The explanation: sanitized HTML (or plain text). */
  comments: string;
  question_pic_path: string | null;
  answer_pic_path: string | null;
  comment_pic_path: string | null;
  header_code: number | null;
  begin_problem_no: number | null;
  end_problem_no: number | null;
  header_text: string | null;
  header_pic_path: string | null;
}

export interface ExportDocumentInput {
  test: ExportTest;
  mode: ExportMode;
  problems: readonly ExportProblem[];
  /** Pictures by `imageKey`; a picture that is not here is left out. */
  images: ReadonlyMap<string, ExportImage>;
  /** Bold and underline the questions' negation phrases ("옳지 않은", issue 16 item 5); default true. */
  emphasis?: boolean;
}

// Malgun Gothic is the Korean system font of Windows and ships with Office for Mac; its Korean
// name is what Korean Word itself writes for East Asian text, so either name finds it. Readers
// without it fall back to their own Korean font through the ko-KR language tag.
const FONT: IFontAttributesProperties = {
  ascii: 'Malgun Gothic',
  hAnsi: 'Malgun Gothic',
  cs: 'Malgun Gothic',
  eastAsia: '맑은 고딕',
};

/** About 15 cm at 96 pixels to the inch: inside A4's text width with 1-inch margins. */
const MAX_IMAGE_WIDTH_PX = 567;
/** About 20 cm, so a tall picture still fits on one page. */
const MAX_IMAGE_HEIGHT_PX = 756;
const CHOICE_INDENT = 400;
const BLOCK_TAGS = /<(table|ul|ol|h[1-6]|blockquote|pre|hr|img)\b/i;

function isPlainText(html: string): boolean {
  return !/<[a-z!/][^>]*>/i.test(html);
}

/** Stored text without markup keeps its line breaks, as the viewer shows it. */
function asHtml(text: string): string {
  return isPlainText(text) ? text.trim().replace(/\r?\n/g, '<br>') : text;
}

function hasText(html: string): boolean {
  return /\S/.test(html.replace(/<(?!img\b)[^>]*>|&nbsp;/gi, ''));
}

function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

function textRuns(text: string, options: { bold?: boolean } = {}): TextRun[] {
  const parts = text.split(/\r?\n/);
  return parts.map((part, index) => new TextRun({ text: part, bold: options.bold, break: index > 0 ? 1 : undefined }));
}

export class DocumentBuilder {
  private readonly children: FileChild[] = [];
  private readonly html: HtmlOptions;

  constructor(
    private readonly images: ReadonlyMap<string, ExportImage>,
    private readonly options: { emphasis: boolean } = { emphasis: true },
  ) {
    this.html = {
      maxImageWidth: MAX_IMAGE_WIDTH_PX,
      images: (source) => {
        const key = imageKey(source);
        return key ? this.images.get(key)?.data : undefined;
      },
    };
  }

  add(...items: FileChild[]): void {
    this.children.push(...items);
  }

  get content(): FileChild[] {
    return this.children;
  }

  private image(ref: string | null): ExportImage | undefined {
    const key = ref ? imageKey(ref) : null;
    return key ? this.images.get(key) : undefined;
  }

  /** A picture on its own line, scaled down to the page and kept in proportion. */
  picture(ref: string | null): void {
    const image = this.image(ref);
    if (!image) return;
    const scale = Math.min(1, MAX_IMAGE_WIDTH_PX / image.width, MAX_IMAGE_HEIGHT_PX / image.height);
    const width = Math.max(1, Math.round(image.width * scale));
    const height = Math.max(1, Math.round(image.height * scale));
    this.add(
      new Paragraph({
        spacing: { before: 60, after: 60 },
        children: [new ImageRun({ type: image.type, data: image.data, transformation: { width, height } })],
      }),
    );
  }

  /**
   * Rich text after a bold lead ("Q01.", "해설:"): on the lead's line when it is only running
   * text, otherwise the lead on a line of its own and the content as paragraphs and tables.
   */
  labelled(lead: string, text: string, options: { spacingBefore?: number; keepNext?: boolean; emphasis?: boolean } = {}): void {
    const html = options.emphasis ? emphasizeNegationsInHtml(asHtml(text)) : asHtml(text);
    const leadRun = new TextRun({ text: lead, bold: true });
    const paragraph = { spacing: { before: options.spacingBefore ?? 0 }, keepNext: options.keepNext };
    if (!hasText(html)) {
      this.add(new Paragraph({ ...paragraph, children: [leadRun] }));
    } else if (!BLOCK_TAGS.test(html)) {
      const runs: ParagraphChild[] = [...htmlToRuns(html, this.html)];
      this.add(new Paragraph({ ...paragraph, children: [leadRun, new TextRun(' '), ...runs] }));
    } else {
      this.add(new Paragraph({ ...paragraph, keepNext: true, children: [leadRun] }));
      this.add(...htmlToContent(html, this.html));
    }
  }

  setHeader(problem: ExportProblem): void {
    const begin = problem.begin_problem_no ?? problem.no;
    const end = problem.end_problem_no ?? problem.no;
    const range = begin === end ? `${begin}${t.problemRange}` : `${begin}~${end}${t.problemRange}`;
    this.add(
      new Paragraph({
        spacing: { before: 320, after: 80 },
        keepNext: true,
        shading: { type: ShadingType.CLEAR, fill: 'EEF2F7', color: 'auto' },
        border: { left: { style: BorderStyle.SINGLE, size: 18, color: '4A6FA5', space: 4 } },
        children: [new TextRun({ text: `[${range}] ${t.setHeader}`, bold: true })],
      }),
    );
    const html = asHtml(problem.header_text ?? '');
    if (hasText(html)) this.add(...htmlToContent(html, this.html));
    this.picture(problem.header_pic_path);
  }

  answer(problem: ExportProblem): void {
    const answer = problem.answer.trim() || t.noAnswer;
    this.add(
      new Paragraph({
        spacing: { before: 80 },
        children: [new TextRun({ text: `${t.answer}: `, bold: true }), ...textRuns(answer)],
      }),
    );
    this.picture(problem.answer_pic_path);
  }

  explanation(problem: ExportProblem): void {
    if (!hasText(asHtml(problem.comments)) && !this.image(problem.comment_pic_path)) return;
    this.labelled(`${t.explanation}:`, problem.comments, { spacingBefore: 60 });
    this.picture(problem.comment_pic_path);
  }

  /** `label` replaces the exam's own number ("Q01") where problems of several exams are listed (a box). */
  question(problem: ExportProblem, label = problemNumberLabel(problem.no)): void {
    this.labelled(`${label}.`, problem.question, { spacingBefore: 280, emphasis: this.options.emphasis });
    this.picture(problem.question_pic_path);
    for (const choice of lines(problem.illustration)) {
      this.add(new Paragraph({ indent: { left: CHOICE_INDENT }, children: [new TextRun(choice)] }));
    }
  }

  /** Answer-only modes: "Q01. ③" (the viewer's label), and the explanation under it for `ac`. */
  answerEntry(problem: ExportProblem, withExplanation: boolean, label = problemNumberLabel(problem.no)): void {
    const answer = problem.answer.trim() || t.noAnswer;
    this.add(
      new Paragraph({
        spacing: { before: withExplanation ? 200 : 0 },
        keepNext: withExplanation,
        children: [new TextRun({ text: `${label}. `, bold: true }), ...textRuns(answer)],
      }),
    );
    this.picture(problem.answer_pic_path);
    if (withExplanation) this.explanation(problem);
  }
}

function typeOrder(type: number): number {
  const index = (PROBLEM_TYPE_ORDER as readonly number[]).indexOf(type);
  return index === -1 ? PROBLEM_TYPE_ORDER.length : index;
}

/** Builds the .docx of an exam in the given mode (the five export options of @qbank/shared/export). */
export async function buildExportDocx(input: ExportDocumentInput): Promise<Buffer> {
  const { test, mode } = input;
  const content = EXPORT_CONTENT[mode];
  const builder = new DocumentBuilder(input.images, { emphasis: input.emphasis ?? true });
  const title = examTitle(test);

  builder.add(
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(title)] }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { after: 240 },
      border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '999999', space: 8 } },
      children: [new TextRun({ text: `${EXPORT_MODES[mode]} · ${input.problems.length}${t.problemCount}`, color: '555555' })],
    }),
  );
  if (input.problems.length === 0) builder.add(new Paragraph(t.noProblems));

  // The viewer's order is the repository's; sorting again keeps this function correct on its own.
  const problems = [...input.problems].sort((a, b) => typeOrder(a.type) - typeOrder(b.type) || a.no - b.no);
  // Every type is numbered from Q01: each gets its heading with its count, as in the viewer.
  const typeCounts = new Map<number, number>();
  for (const problem of problems) typeCounts.set(problem.type, (typeCounts.get(problem.type) ?? 0) + 1);
  const printedHeaders = new Set<number>();
  let currentType: number | null = null;

  for (const problem of problems) {
    if (problem.type !== currentType) {
      currentType = problem.type;
      const heading = problemSectionLabel(problem.type, typeCounts.get(problem.type) ?? 0);
      builder.add(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(heading)] }));
    }
    if (!content.questions) {
      builder.answerEntry(problem, content.explanations);
      continue;
    }
    if (problem.header_code !== null && !printedHeaders.has(problem.header_code)) {
      printedHeaders.add(problem.header_code);
      builder.setHeader(problem);
    }
    builder.question(problem);
    if (content.answers) builder.answer(problem);
    if (content.explanations) builder.explanation(problem);
  }

  return packDocument(`${title} (${EXPORT_MODES[mode]})`, builder.content);
}

/** The document around the content: Korean fonts and language, title and heading styles. */
export function packDocument(title: string, children: FileChild[]): Promise<Buffer> {
  const document = new Document({
    creator: 'qbank',
    title,
    styles: {
      default: {
        document: {
          run: { font: FONT, size: 21, language: { value: 'ko-KR', eastAsia: 'ko-KR' } },
          paragraph: { spacing: { after: 40, line: 300 } },
        },
        title: { run: { font: FONT, size: 34, bold: true }, paragraph: { alignment: AlignmentType.CENTER, spacing: { after: 80 } } },
        heading2: { run: { font: FONT, size: 26, bold: true, color: '1F3864' }, paragraph: { spacing: { before: 360, after: 120 }, keepNext: true } },
      },
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(document);
}
