import { IMAGE_MAX_BYTES, type ProblemContent } from '@qbank/shared/authoring';
import { htmlToPlainText, preview } from '@qbank/shared/html-text';
import type { Problem } from '@qbank/shared/problems';
import { messages } from './messages';

// The content of a problem as its edit form holds it, and what a save sends: only the fields
// that differ from what was loaded. Used by the lead detail and by
// "my problems" (see problem-content-form.tsx).

const p = messages.authoring.picture;

/** The content fields of a problem: what a student fills in and a lead edits. */
export interface ContentFormValues {
  /** Rich HTML ('' when empty). */
  question: string;
  /** The choices, one per line. */
  illustration: string;
  answer: string;
  /** The explanation; rich HTML. */
  comments: string;
  choice_type: number | null;
  /** A stored path (`/uploads/…`) to keep, a data URL to upload, or null for none. */
  question_pic: string | null;
  answer_pic: string | null;
  comment_pic: string | null;
}

export const CONTENT_FIELDS = [
  'question',
  'illustration',
  'answer',
  'comments',
  'choice_type',
  'question_pic',
  'answer_pic',
  'comment_pic',
] as const satisfies ReadonlyArray<keyof ContentFormValues & keyof ProblemContent>;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Stored text without any markup (older problems, the seed) keeps its line breaks as
 * paragraphs in the editor, which would otherwise fold them into spaces.
 */
export function editorHtmlOf(stored: string): string {
  if (stored === '' || /<[a-z!/][^>]*>/i.test(stored)) return stored;
  return stored
    .split(/\r?\n/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

export function contentValuesOf(problem: Problem): ContentFormValues {
  return {
    question: editorHtmlOf(problem.question),
    illustration: problem.illustration,
    answer: problem.answer,
    comments: editorHtmlOf(problem.comments),
    choice_type: problem.choice_type,
    question_pic: problem.question_pic_path,
    answer_pic: problem.answer_pic_path,
    comment_pic: problem.comment_pic_path,
  };
}

/** The fields whose value differs from the loaded one; {} when nothing changed. */
export function changedContent(initial: ContentFormValues, current: ContentFormValues): ProblemContent {
  const changes: ProblemContent = {};
  for (const field of CONTENT_FIELDS) {
    if (current[field] !== initial[field]) Object.assign(changes, { [field]: current[field] });
  }
  return changes;
}

/** Decision 023: a question is written when it has text, an inline image or a question picture. */
export function questionWritten(values: Pick<ContentFormValues, 'question' | 'question_pic'>): boolean {
  return htmlToPlainText(values.question) !== '' || /<img\b/i.test(values.question) || values.question_pic !== null;
}

/** Decision 125: the server keeps PNG, JPEG, GIF and WebP only. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Why a chosen file cannot be a problem picture, or null when it can (checked before reading it). */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return p.badType;
  if (file.size > IMAGE_MAX_BYTES) return p.tooLarge;
  if (file.size === 0) return p.readFailed;
  return null;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('no data URL')));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsDataURL(file);
  });
}

/** The first characters of rich HTML as plain text (lists and version previews). */
export function plainPreview(html: string, length: number): string {
  return preview(htmlToPlainText(html), length);
}
