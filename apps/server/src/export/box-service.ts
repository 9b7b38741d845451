import { EXPORT_CONTENT, EXPORT_MODES, type ExportMode } from '@qbank/shared/export';
import { requireMemberBox } from '../boxes/service';
import type { AppContext } from '../core/context';
import { buildBoxExportDocx } from './box-docx';
import { listBoxExportProblems } from './box-repository';
import { latestAnswerTexts } from '../answers/repository';
import { imageSourcesInHtml, loadImages } from './images';
import type { ExportFile } from './service';

function safeName(text: string): string {
  return text
    .replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .replace(/\s+/g, '_');
}

/** GET /v1/box/{id}/export: the member's own box only (someone else's is a 404, like its list). */
export async function exportBoxDocx(ctx: AppContext, memberCode: number, boxCode: number, mode: ExportMode, emphasis = true): Promise<ExportFile> {
  const box = await requireMemberBox(ctx, memberCode, boxCode);
  const problems = await listBoxExportProblems(ctx.db, boxCode);
  const content = EXPORT_CONTENT[mode];
  const myAnswers =
    content.questions && content.answers
      ? await latestAnswerTexts(
          ctx.db,
          memberCode,
          problems.map((p) => p.uid),
        )
      : new Map<number, string>();
  const refs: Array<string | null> = [];
  for (const p of problems) {
    if (content.questions) refs.push(p.question_pic_path, p.header_pic_path, ...imageSourcesInHtml(p.question), ...imageSourcesInHtml(p.header_text ?? ''));
    if (content.answers) refs.push(p.answer_pic_path);
    if (content.explanations) refs.push(p.comment_pic_path, ...imageSourcesInHtml(p.comments));
  }
  const images = await loadImages(ctx.storage, refs);
  const data = await buildBoxExportDocx({ boxName: box.box_name, mode, problems, myAnswers, images, emphasis });
  return {
    data,
    fileName: `${[box.box_name, EXPORT_MODES[mode]].map(safeName).filter(Boolean).join('_')}.docx`,
    asciiFileName: `box-${box.code}-${mode}.docx`,
  };
}
