import { z } from 'zod';
import { defineSchema } from './define-schema';

// Decision 019: the exam problem list's word-file export menu, and the call behind it:
// GET /v1/test/{id}/export?format=docx&mode=q|qa|all|a|ac[&emphasis=0|1].

export const EXPORT_FORMATS = ['docx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** In the order the export menu lists them. */
export const EXPORT_MODE_KEYS = ['q', 'qa', 'all', 'a', 'ac'] as const;
export type ExportMode = (typeof EXPORT_MODE_KEYS)[number];

/** The menu's labels; also the last part of the downloaded file's name. */
export const EXPORT_MODES: Readonly<Record<ExportMode, string>> = {
  q: '문제만',
  qa: '문제+정답',
  all: '문제+정답+해설',
  a: '정답만',
  ac: '정답+해설',
};

/** What each mode puts in the document. */
export const EXPORT_CONTENT: Readonly<Record<ExportMode, { questions: boolean; answers: boolean; explanations: boolean }>> = {
  q: { questions: true, answers: false, explanations: false },
  qa: { questions: true, answers: true, explanations: false },
  all: { questions: true, answers: true, explanations: true },
  a: { questions: false, answers: true, explanations: false },
  ac: { questions: false, answers: true, explanations: true },
};

export const exportMessages = {
  format: '지원하지 않는 내보내기 형식입니다. docx만 지원합니다.',
  mode: '내보내기 방식은 q, qa, all, a, ac 중 하나여야 합니다.',
  emphasis: '부정 표현 강조(emphasis)는 0 또는 1이어야 합니다.',
} as const;

export const exportQuerySchema = defineSchema(() =>
  z.strictObject({
    format: z.enum(EXPORT_FORMATS, { error: exportMessages.format }),
    mode: z.enum(EXPORT_MODE_KEYS, { error: exportMessages.mode }),
    // Issue 16 item 5: 1 (the default) shows "옳지 않은", "아닌" … of the questions bold and underlined.
    emphasis: z
      .enum(['0', '1'], { error: exportMessages.emphasis })
      .default('1')
      .transform((value) => value === '1'),
  }),
);
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** The media type of a .docx file (the export's Content-Type). */
export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
