import { EXPORT_CONTENT, type ExportMode } from '@qbank/shared/export';
import type { AppContext } from '../core/context';
import { getTestInfo } from '../exams/service';
import { buildExportDocx } from './docx';
import { asciiFileName, exportFileName } from './file-name';
import { imageSourcesInHtml, loadImages } from './images';
import { listExportProblems } from './repository';

export interface ExportFile {
  data: Buffer;
  fileName: string;
  asciiFileName: string;
}

/** The whole exam as a Word file; an unknown exam is a 404 (from getTestInfo). */
export async function exportTestDocx(ctx: AppContext, testCode: number, mode: ExportMode, emphasis = true): Promise<ExportFile> {
  const [test, problems] = await Promise.all([getTestInfo(ctx, testCode), listExportProblems(ctx.db, testCode)]);

  // Only the pictures the mode shows are read.
  const content = EXPORT_CONTENT[mode];
  const refs: Array<string | null> = [];
  for (const p of problems) {
    if (content.questions) {
      refs.push(p.question_pic_path, p.header_pic_path, ...imageSourcesInHtml(p.question), ...imageSourcesInHtml(p.header_text ?? ''));
    }
    if (content.answers) refs.push(p.answer_pic_path);
    if (content.explanations) refs.push(p.comment_pic_path, ...imageSourcesInHtml(p.comments));
  }
  const images = await loadImages(ctx.storage, refs);

  const data = await buildExportDocx({ test, mode, problems, images, emphasis });
  return { data, fileName: exportFileName(test, mode), asciiFileName: asciiFileName(test, mode) };
}
